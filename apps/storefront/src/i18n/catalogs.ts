import type { Language } from '@cartwheel/shared/locale';
import type { Messages } from '@lingui/core';

// One chunk per language, compiled by scripts/messages.mjs from messages/<language>.json: a page loads
// its own language's catalog only (and the server render hands it over in #messages).
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
