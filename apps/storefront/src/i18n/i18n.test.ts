import { type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it, vi } from 'vitest';
import de from './compiled/de.json' with { type: 'json' };
import en from './compiled/en.json' with { type: 'json' };
import ja from './compiled/ja.json' with { type: 'json' };
import { createI18n } from './i18n.tsx';
import deSource from './messages/de.json' with { type: 'json' };
import enSource from './messages/en.json' with { type: 'json' };
import jaSource from './messages/ja.json' with { type: 'json' };

const CATALOGS = { en, de, ja } as unknown as Record<'en' | 'de' | 'ja', Messages>;
const SOURCES: Record<'en' | 'de' | 'ja', Record<string, string>> = {
  en: enSource,
  de: deSource,
  ja: jaSource,
};

/** A value for each placeholder of a compiled message: a word for a select, `count` for the rest. */
function valuesFor(message: unknown, count: number, into: Record<string, unknown> = {}) {
  if (!Array.isArray(message)) return into;
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    const [name, type, cases] = token as [string, string?, Record<string, unknown>?];
    into[name] = type === 'select' ? 'other' : count;
    for (const value of Object.values(cases ?? {})) valuesFor(value, count, into);
  }
  return into;
}

describe("the storefront's translator", () => {
  // First in the file: Lingui keeps every Intl formatter it made for the file's other tests.
  it('counts in English without Intl, in the header and in the catalog', () => {
    const i18n = createI18n({ language: 'en', prefix: '' }, CATALOGS.en);
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(i18n._('cart.buttonLabel', { count: 1 })).toBe('Cart, 1 item');
      expect(i18n._('cart.buttonLabel', { count: 1234 })).toBe('Cart, 1,234 items');
      expect(i18n.t('catalog.count', { count: 0 })).toBe('0 products');
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      numbers.mockRestore();
    }
  });

  it.each(Object.keys(CATALOGS) as ('en' | 'de' | 'ja')[])(
    'writes every %s message with numbers exactly as Lingui does from the message itself',
    (language) => {
      const ours = createI18n({ language, prefix: language === 'en' ? '' : language }, CATALOGS[language]);
      const source = Object.entries(SOURCES[language]).map(([id, text]) => [id, compileMessageOrThrow(text)]);
      const lingui = setupI18n();
      lingui.loadAndActivate({ locale: language, locales: [language], messages: Object.fromEntries(source) });
      let plurals = 0;
      for (const [id, message] of source) {
        if (JSON.stringify(message).includes('"plural"')) plurals++;
        for (const count of [0, 1, 2, 5, 21, 1234, 1234.5, 1000000]) {
          const values = valuesFor(message, count);
          const key = id as keyof typeof en;
          expect(ours._(key, values), `${id} with ${count}`).toBe(lingui._(key, values));
        }
      }
      expect(plurals).toBeGreaterThan(5);
    },
  );
});
