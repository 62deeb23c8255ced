import type { Language } from '@cartwheel/shared/locale';
import type { Messages } from '@lingui/core';

// The server render's catalogs, bundled into the server entry (the browser fetches its asset instead:
// catalogs.ts).
const CATALOGS: Record<Language, () => Promise<{ default: unknown }>> = {
  en: () => import('./compiled/en.json'),
  de: () => import('./compiled/de.json'),
  fr: () => import('./compiled/fr.json'),
  es: () => import('./compiled/es.json'),
  ja: () => import('./compiled/ja.json'),
};

/** The compiled messages of `language`. */
export async function loadCatalog(language: Language): Promise<Messages> {
  return (await CATALOGS[language]()).default as Messages;
}
