import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../test/catalog-sites.ts';
import { createProduct } from '../../test/factories.ts';

const suite = appWithSitesPerFile(
  { 'storefront/index.html': STOREFRONT_INDEX, 'admin/index.html': '<title>admin</title>' },
  { PUBLIC_URL: 'https://shop.example.com' },
);
const { get } = suite;

describe('the storefront in a language', () => {
  it('renders /de/product/:slug in German, with hreflang links, a German canonical and the German catalog', async () => {
    await createProduct(suite.ctx.db, { name: 'Enamel Camp Mug', slug: 'sprachen-mug', inventoryLevel: 5 });
    const res = await get('/de/product/sprachen-mug');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('In den Warenkorb');
    expect(res.body).not.toContain('Add to Cart');
    expect(res.body).toContain(
      '<link rel="canonical" href="https://shop.example.com/de/product/sprachen-mug"/>',
    );
    for (const [lang, path] of [
      ['en', '/product/sprachen-mug'],
      ['de', '/de/product/sprachen-mug'],
      ['fr', '/fr/product/sprachen-mug'],
      ['es', '/es/product/sprachen-mug'],
      ['ja', '/ja/product/sprachen-mug'],
      ['x-default', '/product/sprachen-mug'],
    ]) {
      expect(res.body).toContain(
        `<link rel="alternate" hrefLang="${lang}" href="https://shop.example.com${path}"/>`,
      );
    }
    // Links inside the page keep the prefix; the head preloads the German catalog for hydration.
    expect(res.body).toContain('href="/de/products"');
    // (the built asset is named de-<hash>.json; rendered from source here, it is the compiled file)
    expect(res.body).toMatch(
      /<link rel="preload" href="[^"]*\/de(-[\w-]+)?\.json" as="fetch" crossorigin="anonymous">/,
    );

    const english = await get('/product/sprachen-mug');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Add to Cart');
    expect(english.body).toContain('href="/products"');
  });

  it.each([
    ['de-DE,de;q=0.9', undefined, undefined, '/de/products?page=2', 'cw_locale=de'],
    ['ja', undefined, undefined, '/ja/products?page=2', 'cw_locale=ja'],
    [undefined, undefined, 'FR', '/fr/products?page=2', 'cw_locale=fr'],
    ['de-DE', 'cw_locale=es', undefined, '/es/products?page=2', undefined],
  ])(
    'redirects a first visit with Accept-Language %j, cookie %j, country %j to %s',
    async (language, cookie, country, location, setCookie) => {
      const headers: Record<string, string> = {};
      if (language) headers['accept-language'] = language;
      if (cookie) headers.cookie = cookie;
      if (country) headers['cf-ipcountry'] = country;
      const res = await get('/products?page=2', headers);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers['cache-control']).toBe('private, no-store');
      if (setCookie) expect(String(res.headers['set-cookie'])).toContain(setCookie);
      else expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('serves the unprefixed page to English visitors and to those who chose English, and sends /en/ home', async () => {
    expect((await get('/products', { 'accept-language': 'en-US,de;q=0.5' })).statusCode).toBe(200);
    expect((await get('/products', { 'accept-language': 'de-DE', cookie: 'cw_locale=en' })).statusCode).toBe(
      200,
    );
    expect((await get('/products')).statusCode).toBe(200);
    const en = await get('/en/products?page=2');
    expect(en.statusCode).toBe(301);
    expect(en.headers.location).toBe('/products?page=2');
  });
});
