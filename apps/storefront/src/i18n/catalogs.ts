import type { Language } from '@cartwheel/shared/locale';
import type { Messages } from '@lingui/core';
import deUrl from './compiled/de.json?url';
import enUrl from './compiled/en.json?url';
import esUrl from './compiled/es.json?url';
import frUrl from './compiled/fr.json?url';
import jaUrl from './compiled/ja.json?url';

// One file per language, compiled by scripts/messages.mjs from messages/<language>.json and emitted
// as a content-hashed asset: a page fetches its own language's catalog once and the browser keeps it
// across pages and visits (the server render preloads it), instead of every page carrying it.
const CATALOG_URLS: Record<Language, string> = { en: enUrl, de: deUrl, fr: frUrl, es: esUrl, ja: jaUrl };

/** The address of `language`'s compiled catalog. */
export function catalogUrl(language: Language): string {
  return CATALOG_URLS[language];
}

/** The compiled messages of `language`, fetched from their asset. */
export async function fetchCatalog(language: Language): Promise<Messages> {
  const response = await fetch(catalogUrl(language));
  if (!response.ok) throw new Error(`the ${language} messages could not be loaded (${response.status})`);
  return (await response.json()) as Messages;
}
