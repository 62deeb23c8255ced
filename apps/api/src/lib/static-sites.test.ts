import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../test/catalog-sites.ts';
import { createProduct } from '../../test/factories.ts';
import { SHARED_CACHE_CONTROL } from './http-cache.ts';

const asset = `console.log(${JSON.stringify('x'.repeat(4000))});`;
// Vite's build manifest: the product page's route module, a chunk it imports, and the entry itself.
const manifest = {
  'index.html': { file: 'assets/app-abc123.js', isEntry: true },
  'src/routes/product.tsx': {
    file: 'assets/product-1.js',
    imports: ['index.html', '_gallery-2.js'],
    css: ['assets/product-4.css'],
  },
  '_gallery-2.js': { file: 'assets/gallery-2.js', imports: ['index.html'] },
  'src/routes/account.tsx': { file: 'assets/account-3.js', imports: ['index.html'] },
};
const suite = appWithSitesPerFile({
  'storefront/index.html': STOREFRONT_INDEX,
  'storefront/.vite/manifest.json': JSON.stringify(manifest),
  'storefront/assets/app-abc123.js': asset,
  'admin/index.html': '<!doctype html><title>admin shell</title>',
  'admin/assets/app-abc123.js': asset,
  'images/mug.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
const { get } = suite;

/** The JSON the page hands to the browser (<script id="query-state">). */
function queryState(body: string): { queries: { queryKey: unknown[]; state: { status: string } }[] } {
  const json = /<script id="query-state" type="application\/json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  if (!json) throw new Error('the page has no query state');
  return JSON.parse(json);
}

describe("the storefront's pages, rendered on the server", () => {
  it.each([
    ['/', 'Featured Products'],
    ['/products?sort=name', 'Sort by'],
    ['/auth', 'Cartwheel'],
    ['/checkout/success', 'Cartwheel'],
  ])('renders %s with a 200 into the built index.html', async (url, text) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(text);
    expect(res.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    expect(res.body).not.toContain('<!--app-');
  });

  it.each([
    ['/cart', 200],
    ['/checkout', 200],
    ['/de/checkout', 200],
    // A receipt link that is not valid: its page says so, with the API's 404.
    ['/checkout/success?receipt=unknown', 404],
  ])(
    "renders the buyer's own page %s for each request: private, never shared nor kept",
    async (url, status) => {
      const res = await get(url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['surrogate-key']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.body).not.toContain('<!--app-');
    },
  );

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    "compresses the buyer's own pages (%s) as it does the shared ones",
    async (encoding, decode) => {
      for (const url of ['/checkout', '/cart', '/products']) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers.vary, url).toContain('accept-encoding');
        // The whole page (a buyer's page is rendered anew for each request, so not byte for byte).
        const page = decode(res.rawPayload).toString();
        expect(page, url).toMatch(/^<!doctype html>[\s\S]*<div id="root">[\s\S]+<\/html>\s*$/);
      }
    },
  );

  it('marks a page that only shows shared data as shareable, under the tags of the answers it read', async () => {
    const res = await get('/products');
    expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
    expect(res.headers['surrogate-key']?.toString().split(' ').sort()).toEqual(
      expect.arrayContaining(['categories', 'products', 'site']),
    );
  });

  it('hands the answers the page was rendered from to the browser, once', async () => {
    await createProduct(suite.ctx.db, { name: 'Hydrated Mug', slug: 'hydrated-mug' });
    const { body } = await get('/product/hydrated-mug');
    const keys = queryState(body).queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['site']));
    expect(keys.some((k) => k.includes('hydrated-mug'))).toBe(true);
    // Nobody is signed in on the server: who is signed in is the browser's question.
    expect(keys).not.toContain(JSON.stringify(['me']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has the browser fetch the page's route code with the page, except what the index loads", async () => {
    await createProduct(suite.ctx.db, { name: 'Preload Lamp', slug: 'preload-lamp' });
    const { body } = await get('/product/preload-lamp');
    // At the end of the head, after the entry's own preloads.
    expect(body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/product-4.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/product-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/gallery-2.js"></head>',
    );
    expect(body.split('/assets/app-abc123.js')).toHaveLength(2);
    expect(body).not.toContain('account-3.js');
    // The home page's code is the entry's own.
    expect((await get('/')).body).not.toContain('rel="modulepreload"');
    // The manifest is the server's, not a file of the site.
    const manifestFile = await get('/.vite/manifest.json');
    expect(manifestFile.statusCode).toBe(404);
    expect(manifestFile.body).not.toContain('src/routes');
  });

  it('puts the page title and head tags into the head, replacing the default title', async () => {
    await createProduct(suite.ctx.db, { name: 'Head Lamp', slug: 'head-lamp' });
    const { body } = await get('/product/head-lamp');
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<title>Head Lamp | Cartwheel Store</title>');
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/product/head-lamp"/>');
    expect(body.match(/<title>/g)).toHaveLength(1);
  });

  it('answers 404 with the not-found page for a path the storefront has no page for', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Oops! Page not found');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/product/%E0%A4%A', '/categories/%', '/products?page=%zz&sort=<script>', '/pages/..%2F..%2Fetc'])(
    'answers a malformed or hostile address %s with a page or a 400, never a server error',
    async (url) => {
      const res = await get(url);
      // A path that is not valid percent-encoding is refused by the router (400) before any render.
      expect([200, 400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('<script>');
    },
  );

  it('redirects /orders to the order history', async () => {
    const res = await get('/orders');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account/orders');
  });

  it.each(['/admin', '/admin/', '/admin/products', '/admin/channels/pos'])(
    'serves the back office shell for %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('admin shell');
    },
  );

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const admin = await get('/admin/assets/app-abc123.js');
    expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves demo images', async () => {
    const res = await get('/demo-images/mug.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 404 for a demo image that is not there, and serves nothing from outside the folder', async () => {
    expect((await get('/demo-images/none.svg')).statusCode).toBe(404);
    for (const url of ['/demo-images/..%2fadmin%2findex.html', '/demo-images/..%2f..%2fpackage.json']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('admin shell');
    }
  });

  it('keeps JSON 404s for unknown API paths and non-GET requests', async () => {
    expect((await get('/api/unknown')).json().error.code).toBe('not_found');
    const post = await suite.ctx.app.inject({ method: 'POST', url: '/products' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });
});
