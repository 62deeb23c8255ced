import type { I18n } from '@lingui/core';
import { emailI18n } from '../email/email-messages.ts';

// The documents' words come from the email catalogs (decision 0068), where the order's language is.
// The PDF's built-in fonts draw Latin text only (WinAnsi): an order in another language is printed
// in English (docs/decisions/0088-printed-documents.md).

const LATIN_LANGUAGES = new Set(['en', 'de', 'fr', 'es']);

/** The language a document of an order in `locale` is written in. */
export function documentLanguage(locale: string | null | undefined): string {
  const language = (locale ?? 'en').split('-')[0] ?? 'en';
  return LATIN_LANGUAGES.has(language) ? (locale ?? 'en') : 'en';
}

/** The translator of a document's language. */
export const documentI18n = (language: string): I18n => emailI18n(language);

// Characters the built-in fonts have besides ASCII and Latin-1 (Windows-1252's 0x80-0x9F).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the built-in fonts can draw: the narrow no-break spaces Intl puts in French and German amounts
 * become spaces, the minus sign a hyphen, and any other character they lack a question mark.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\u202f' || ch === '\u2009') out += ' ';
    else if (ch === '\u2212') out += '-';
    else if (
      code === 10 ||
      (code >= 32 && code < 127) ||
      (code >= 160 && code <= 255) ||
      WIN_ANSI_EXTRA.has(ch)
    )
      out += ch;
    else out += '?';
  }
  return out;
}
