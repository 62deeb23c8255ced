import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { shellPage } from './static-sites.ts';

let ctx: TestContext;
let dir: string;

// Shaped like the storefront's index.html: a loading placeholder as the static shell's main content,
// and the templates the server puts in its place for the home and product pages.
const STOREFRONT_SHELL = `<!doctype html><title>storefront shell</title>
<main><!--shell-main--><p>Loading...</p><!--/shell-main--></main>
    <template data-shell="home"><h1>Everything you need</h1></template>
    <template data-shell="product"><h1>{{name}}</h1><p>{{brand}}</p><img src="{{image_url}}" alt="{{image_alt}}" /><p>{{description}}</p></template>
<script type="module" src="/assets/app-abc123.js"></script>`;

beforeAll(async () => {
  // Stand-in builds: the behaviour under test is the serving, not Vite's output.
  dir = mkdtempSync(join(tmpdir(), 'cartwheel-sites-'));
  for (const site of ['storefront', 'admin']) {
    mkdirSync(join(dir, site, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, site, 'index.html'),
      site === 'storefront' ? STOREFRONT_SHELL : `<!doctype html><title>${site} shell</title>`,
    );
    writeFileSync(
      join(dir, site, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
  }
  mkdirSync(join(dir, 'images'));
  writeFileSync(join(dir, 'images', 'mug.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp(
    {},
    {
      sites: {
        storefront: join(dir, 'storefront'),
        admin: join(dir, 'admin'),
        demoImages: join(dir, 'images'),
      },
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('serving the built front ends', () => {
  // Product pages (/product/:slug) are rendered with their product's head: catalog.seo.test.ts.
  it.each(['/', '/products', '/auth', '/account/orders/123', '/checkout/success'])(
    'serves the storefront shell for %s with a 200',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('storefront shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the storefront shell with a 404 for a path the storefront has no page for', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('storefront shell');
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
  });

  it('keeps JSON 404s for unknown API paths and non-GET requests', async () => {
    expect((await get('/api/unknown')).json().error.code).toBe('not_found');
    const post = await ctx.app.inject({ method: 'POST', url: '/products' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });
});

describe("the storefront's static shell", () => {
  it('puts the home template in place of the loading placeholder on /, and serves no templates', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main><h1>Everything you need</h1></main>');
    expect(res.body).not.toContain('Loading...');
    expect(res.body).not.toContain('<template');
  });

  it.each(['/products', '/account', '/no/such/page'])('keeps the loading placeholder on %s', async (url) => {
    const { body } = await get(url);
    expect(body).toContain('<main><!--shell-main--><p>Loading...</p><!--/shell-main--></main>');
    expect(body).not.toContain('<template');
    expect(body).not.toContain('Everything you need');
  });

  it('fills the product template with the product, HTML-escaped, on its page', async () => {
    const brand = await createBrand(ctx.db, { name: 'Acme & Sons' });
    await createProduct(ctx.db, {
      name: 'Mug <b>"Big"</b>',
      slug: 'shell-mug',
      brandId: brand.id,
      description: 'Holds a lot.\nDishwasher safe.',
    });
    const res = await get('/product/shell-mug');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<main><h1>Mug &lt;b&gt;&quot;Big&quot;&lt;/b&gt;</h1><p>Acme &amp; Sons</p>' +
        '<img src="/demo-images/test-',
    );
    expect(res.body).toMatch(
      /alt="Mug &lt;b&gt;&quot;Big&quot;&lt;\/b&gt; 1" \/><p>Holds a lot\.\nDishwasher safe\.<\/p><\/main>/,
    );
    expect(res.body).not.toContain('<template');
  });

  it('serves the loading placeholder with the 404 of an unknown product', async () => {
    const res = await get('/product/no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<p>Loading...</p>');
    expect(res.body).not.toContain('<template');
  });

  it('leaves fields without a value empty and a page without templates as it is', () => {
    const index =
      '<main><!--shell-main-->x<!--/shell-main--></main><template data-shell="p"><p>{{a}}|{{b}}</p></template>';
    expect(shellPage(index, 'p', { a: '1' })).toBe('<main><p>1|</p></main>');
    expect(shellPage(index, 'other')).toBe('<main><!--shell-main-->x<!--/shell-main--></main>');
    expect(shellPage('<div id="root"></div>', 'p')).toBe('<div id="root"></div>');
  });
});
