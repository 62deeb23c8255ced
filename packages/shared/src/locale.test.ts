import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  localizePath,
  marketForLocale,
  resolveVisitorLocale,
  splitLocalePath,
} from './locale.ts';

describe('splitLocalePath', () => {
  it.each([
    ['/', '', '/', false],
    ['/products', '', '/products', false],
    ['/de', 'de', '/', true],
    ['/de/', 'de', '/', true],
    ['/de/product/mug', 'de', '/product/mug', true],
    ['/fr-ca/', 'fr-ca', '/', true],
    ['/FR-CA/products', 'fr-ca', '/products', true],
    ['/ja/categories/cups', 'ja', '/categories/cups', true],
    ['/en/product/mug', '', '/product/mug', true],
    ['/en-gb/product/mug', 'en-gb', '/product/mug', true],
    ['/it/product/mug', '', '/it/product/mug', false],
    ['/product/de', '', '/product/de', false],
    ['/deu/x', '', '/deu/x', false],
  ])('%s is the locale %j and the path %s', (path, prefix, rest, prefixed) => {
    const split = splitLocalePath(path);
    expect(split.locale.prefix).toBe(prefix);
    expect(split.rest).toBe(rest);
    expect(split.prefixed).toBe(prefixed);
  });

  it('names the country of a lang-country prefix', () => {
    expect(splitLocalePath('/fr-ca/').locale).toEqual({ language: 'fr', country: 'CA', prefix: 'fr-ca' });
  });
});

describe('localizePath', () => {
  it.each([
    ['/', '', '/'],
    ['/product/mug', '', '/product/mug'],
    ['/', 'de', '/de/'],
    ['/product/mug?x=1', 'ja', '/ja/product/mug?x=1'],
  ])('%s in %j is %s', (path, prefix, want) => expect(localizePath(path, prefix)).toBe(want));
});

describe('acceptedLanguages', () => {
  it('orders by quality, then as written', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, fr;q=0.8, *;q=0.1, ja;q=0')).toEqual(['de-de', 'fr', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('resolveVisitorLocale', () => {
  it.each([
    [{}, ''],
    [{ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' }, 'de'],
    [{ acceptLanguage: 'en-US,en;q=0.9,de;q=0.5' }, ''],
    [{ acceptLanguage: 'it-IT,ja;q=0.7' }, 'ja'],
    [{ acceptLanguage: 'fr-CA' }, 'fr'],
    [{ acceptLanguage: 'it-IT', country: 'ES' }, 'es'],
    [{ acceptLanguage: 'it-IT', country: 'IT' }, ''],
    [{ country: 'jp' }, 'ja'],
    [{ acceptLanguage: 'en-US', country: 'DE' }, ''],
    [{ cookie: 'en', acceptLanguage: 'de-DE' }, ''],
    [{ cookie: 'ja', acceptLanguage: 'de-DE' }, 'ja'],
    [{ cookie: 'fr-ca' }, 'fr-ca'],
    [{ cookie: 'klingon', acceptLanguage: 'es' }, 'es'],
  ])('%j goes to the prefix %j', (input, prefix) => {
    expect(resolveVisitorLocale(input).prefix).toBe(prefix);
  });
});

describe('marketForLocale', () => {
  const markets = [
    { handle: 'us', countries: ['US'], languages: ['en'] },
    { handle: 'ca', countries: ['CA'], languages: ['en', 'fr'] },
    { handle: 'eu', countries: ['DE', 'FR', 'ES', 'IE'], languages: ['de', 'fr', 'es'] },
    { handle: 'jp', countries: ['JP'], languages: ['ja'] },
  ];
  it.each([
    ['', undefined],
    ['de', 'eu'],
    ['fr', 'eu'],
    ['es', 'eu'],
    ['ja', 'jp'],
    ['fr-ca', 'ca'],
    ['en-ca', 'ca'],
    ['en-ie', 'eu'],
    ['de-ch', undefined],
    ['en-gb', undefined],
  ])('the prefix %j shops in %j', (prefix, handle) => {
    const locale = splitLocalePath(`/${prefix}/`).locale;
    expect(marketForLocale(markets, locale)?.handle).toBe(handle);
  });

  it('takes the first market speaking the language when none holds its home country', () => {
    const withoutFrance = [markets[0]!, markets[1]!, { handle: 'be', countries: ['BE'], languages: ['fr'] }];
    expect(marketForLocale(withoutFrance, { language: 'fr' })?.handle).toBe('ca');
    expect(marketForLocale([markets[0]!], { language: 'ja' })).toBeUndefined();
  });
});
