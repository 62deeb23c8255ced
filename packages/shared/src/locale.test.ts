import { describe, expect, it } from 'vitest';
import { acceptedLanguages, localizePath, resolveVisitorLocale, splitLocalePath } from './locale.ts';

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
