import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import ja from './messages/ja.json' with { type: 'json' };

// The customer emails' own catalogs (decision 0068; checked with the storefront's by
// scripts/messages.mjs), compiled here on the server where the message parser costs nothing.

const CATALOGS: Record<string, Record<string, string>> = { en, de, fr, es, ja };
const translators = new Map<string, I18n>();

/** The translator for a BCP 47 tag ('de', 'fr-CA'); English for a language the emails do not speak. */
export function emailI18n(tag: string | null | undefined): I18n {
  const language = (tag ?? 'en').split('-')[0] ?? 'en';
  const catalog = CATALOGS[language] ?? en;
  const locale = CATALOGS[language] ? (tag ?? 'en') : 'en';
  let i18n = translators.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale, locales: [locale], messages: catalog });
    translators.set(locale, i18n);
  }
  return i18n;
}
