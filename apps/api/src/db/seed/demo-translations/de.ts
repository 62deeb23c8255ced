// A stand-in for the demo's German texts (branch demo-i18n writes the real ones): two products and
// one category, enough for the seeding code and its test.
import type { DemoTranslation } from './types.ts';

export const de: DemoTranslation = {
  products: {
    'HL-TEE-001': {
      name: 'Alltags-T-Shirt aus Bio-Baumwolle',
      description: 'Ein weiches T-Shirt aus Bio-Baumwolle.',
    },
    'NP-MUG-002': { name: 'Emaille-Campingbecher', description: 'Ein robuster Emaillebecher für draußen.' },
  },
  categories: { 'Home & Kitchen': { name: 'Haus & Küche' } } as DemoTranslation['categories'],
  options: { Color: 'Farbe' },
  optionValues: { Navy: 'Marineblau' },
  pages: {
    about: {
      title: 'Über uns',
      body: 'Wer wir sind.',
      seoDescription: 'Wer wir sind und was wir verkaufen.',
    },
  },
  hero: {
    title: 'Alles, was Sie brauchen, bis an Ihre Tür',
    subtitle: 'Gute Produkte zu fairen Preisen.',
    primary_button: { label: 'Jetzt einkaufen' },
    secondary_button: { label: 'Empfehlungen ansehen' },
  },
  announcement: '',
  shippingMethods: { Express: { name: 'Express', deliveryEstimate: '1–2 Werktage' } },
};
