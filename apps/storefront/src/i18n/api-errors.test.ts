import { ApiError } from '@cartwheel/shared/api-client';
import { formatMoney } from '@cartwheel/shared/money';
import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage, cappedNote, problemMessage } from './api-errors.ts';
import de from './compiled/de.json' with { type: 'json' };
import fr from './compiled/fr.json' with { type: 'json' };
import ja from './compiled/ja.json' with { type: 'json' };
import { createI18n, type useT } from './i18n.tsx';

type Translate = ReturnType<typeof useT>;
const translator = (language: 'de' | 'fr' | 'ja', messages: unknown): Translate => {
  const i18n = createI18n({ language, prefix: language }, messages as Messages);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  return Object.assign(i18n._.bind(i18n), { language, money }) as Translate;
};
const german = translator('de', de);
const french = translator('fr', fr);
const japanese = translator('ja', ja);
const english = Object.assign(() => 'catalog', { language: 'en' }) as unknown as Translate;

describe("the API's errors in the shopper's language", () => {
  it.each([
    ['out_of_stock', undefined, 'Dieser Artikel ist leider ausverkauft'],
    [
      'insufficient_inventory',
      { name: 'Wool Watch Cap (Navy)', available: 2 },
      'Von Wool Watch Cap (Navy) sind nur noch 2 Stück verfügbar',
    ],
    [
      'insufficient_inventory',
      { name: 'Enamel Camp Mug', available: 0 },
      'Enamel Camp Mug ist leider ausverkauft',
    ],
    ['discount_expired', undefined, 'Dieser Code ist abgelaufen'],
    ['discount_unknown_code', undefined, 'Diesen Rabattcode gibt es nicht'],
    ['invalid_email_or_password', undefined, 'E-Mail-Adresse oder Passwort ist falsch'],
    ['password_too_short', undefined, 'Mindestens 8 Zeichen'],
    [
      'rate_limited',
      undefined,
      'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    ],
  ])('%s %o in German', (code, details, message) => {
    expect(apiErrorMessage(german, new ApiError(409, code, 'The English message', details), 'x')).toBe(
      message,
    );
  });

  it("words a code's minimum with the amount in the page's format and the items it needs", () => {
    const short = { short_by: { amount: 1250, currency: 'EUR' } };
    expect(problemMessage(german, { code: 'discount_minimum_subtotal', message: 'x', details: short })).toBe(
      'Noch 12,50\u00a0€ bis zum Mindestbestellwert für diesen Code',
    );
    expect(
      problemMessage(german, { code: 'discount_minimum_quantity', message: 'x', details: { min_items: 3 } }),
    ).toBe('Dieser Code gilt ab 3 Artikeln');
    expect(problemMessage(german, { code: 'discount_minimum_subtotal', message: 'Add $5.00 more' })).toBe(
      'Add $5.00 more',
    );
  });

  it('words counts with the plural rules of the language', () => {
    const one = {
      code: 'insufficient_inventory',
      message: 'x',
      details: { name: 'Sac banane', available: 1 },
    };
    expect(problemMessage(french, one)).toBe('Il ne reste qu’un exemplaire de Sac banane');
    expect(problemMessage(french, { ...one, details: { name: 'Sac banane', available: 3 } })).toBe(
      'Il ne reste que 3 exemplaires de Sac banane',
    );
    expect(problemMessage(japanese, one)).toBe('Sac bananeの在庫は残り1点です');
  });

  it("keeps the server's message for an unknown code, for a value the error lacks, and in English", () => {
    expect(problemMessage(german, { code: 'something_new', message: 'Something new went wrong' })).toBe(
      'Something new went wrong',
    );
    expect(problemMessage(german, { code: 'insufficient_inventory', message: 'Only 2 left of Mug' })).toBe(
      'Only 2 left of Mug',
    );
    expect(problemMessage(english, { code: 'discount_expired', message: 'This code has expired' })).toBe(
      'This code has expired',
    );
    expect(apiErrorMessage(german, new Error('Network down'), 'x')).toBe('Network down');
    expect(apiErrorMessage(german, 'nothing', 'Fallback')).toBe('Fallback');
  });

  it("says what the stock did to a cart change from the answer's stock, not its English message", () => {
    const message = 'Only 3 in stock: quantity set to 3';
    expect(cappedNote(german, { added: 1, stock: 3, message })).toBe('Nur 3 auf Lager: Menge auf 3 gesetzt');
    expect(cappedNote(german, { added: 0, stock: 3, message })).toBe(
      'Nur 3 auf Lager, und alle 3 liegen schon in Ihrem Warenkorb',
    );
    expect(cappedNote(german, { added: 2, stock: null, message: null })).toBeUndefined();
  });
});
