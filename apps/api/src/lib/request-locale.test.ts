import { describe, expect, it } from 'vitest';
import { requestLocaleTag } from './storefront-locale.ts';

describe('the storefront locale a request was sent from', () => {
  const shop = 'https://shop.example.com';
  it.each([
    ['the shop page it came from', { referer: `${shop}/fr-ca/auth`, 'accept-language': 'de' }, 'fr-CA'],
    [
      'an English page, whatever the browser prefers',
      { referer: `${shop}/auth`, cookie: 'cw_locale=ja' },
      'en',
    ],
    ['English from the back office', { referer: `${shop}/admin/customers`, 'accept-language': 'de' }, 'en'],
    ['the cookie without a page', { cookie: 'theme=dark; cw_locale=es', 'accept-language': 'de' }, 'es'],
    ["the browser's language without a cookie", { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' }, 'ja'],
    ["the country's language without either", { 'cf-ipcountry': 'AT' }, 'de'],
    ['English with nothing to go by', {}, 'en'],
  ])('%s', (_what, headers, tag) => {
    expect(requestLocaleTag(new Headers(headers))).toBe(tag);
  });

  it('is English without a request', () => {
    expect(requestLocaleTag(undefined)).toBe('en');
  });
});
