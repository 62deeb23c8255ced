import { describe, expect, it } from 'vitest';
import { backInStock } from './back-in-stock.tsx';
import { campaignTemplate } from './campaign.tsx';
import { renderTemplate } from './render.tsx';

const shop = {
  name: 'Northpine',
  logoUrl: 'https://shop.example.com/logo.png',
  publicUrl: 'https://shop.example.com',
};
const unsubscribeUrl = 'https://shop.example.com/unsubscribe?token=t';

describe('the unsubscribe footer of marketing email', () => {
  it('says why in the email’s language: a stock alert the shopper asked for is not news and offers', async () => {
    const german = await renderTemplate(
      backInStock,
      { ...backInStock.sample(shop), locale: 'de' },
      { shop, unsubscribeUrl },
    );
    expect(german.text).toContain(
      'Sie erhalten diese E-Mail, weil Sie Northpine gebeten haben, Sie zu benachrichtigen, sobald ein Artikel wieder verfügbar ist.',
    );
    expect(german.html).toContain('>Abmelden</a>');
    expect(german.text).not.toContain('news and offers');

    const english = await renderTemplate(backInStock, backInStock.sample(shop), { shop, unsubscribeUrl });
    expect(english.text).toContain('because you asked Northpine to tell you when an item is back in stock');
  });

  it('keeps the consent sentence for a campaign, and no footer without an unsubscribe link', async () => {
    const campaign = await renderTemplate(campaignTemplate, campaignTemplate.sample(shop), {
      shop,
      unsubscribeUrl,
    });
    expect(campaign.text).toContain('because you agreed to news and offers from Northpine');
    const none = await renderTemplate(backInStock, backInStock.sample(shop), { shop });
    expect(none.text).not.toContain('Unsubscribe');
  });
});
