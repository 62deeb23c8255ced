import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_SHELL } from '../../test/catalog-sites.ts';
import { SHARED_CACHE_CONTROL } from './http-cache.ts';
import { fillShell, shellPage, shellTemplates } from './static-sites.ts';

const asset = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const suite = appWithSitesPerFile({
  'storefront/index.html': STOREFRONT_SHELL,
  'storefront/assets/app-abc123.js': asset,
  'admin/index.html': '<!doctype html><title>admin shell</title>',
  'admin/assets/app-abc123.js': asset,
  'images/mug.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
const { get } = suite;

describe('serving the built front ends', () => {
  // Product pages (/product/:slug) are the catalog's: storefront-pages.test.ts and catalog.seo.test.ts;
  // /products without a query is the catalog's too (catalog-shells.test.ts).
  it.each(['/', '/products?sort=name', '/auth', '/account/orders/123', '/checkout/success'])(
    'serves the storefront shell for %s with a 200',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('storefront shell');
      // The same bytes for every visitor: shared caches may keep it under the site's tags.
      expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
      expect(res.headers['surrogate-key']).toBe('catalog site');
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
    const post = await suite.ctx.app.inject({ method: 'POST', url: '/products' });
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

  it('leaves fields without a value empty and a page without templates as it is', () => {
    const index =
      '<main><!--shell-main-->x<!--/shell-main--></main><template data-shell="p"><p>{{a}}|{{b}}</p></template>';
    expect(shellPage(index, 'p', { a: '1' })).toBe('<main><p>1|</p></main>');
    expect(shellPage(index, 'other')).toBe('<main><!--shell-main-->x<!--/shell-main--></main>');
    expect(shellPage('<div id="root"></div>', 'p')).toBe('<div id="root"></div>');
  });

  it('escapes double-braced fields, inserts triple-braced ones as they are, and never reads a value for fields', () => {
    const template = '<li title="{{name}}">{{name}}{{{badge}}}</li>';
    expect(fillShell(template, { name: '"A" & <B> {{badge}}', badge: '<b>{{name}}</b>' })).toBe(
      '<li title="&quot;A&quot; &amp; &lt;B&gt; {{badge}}">&quot;A&quot; &amp; &lt;B&gt; {{badge}}<b>{{name}}</b></li>',
    );
    expect(fillShell('{{{missing}}}|{{missing}}', {})).toBe('|');
  });

  it('reads every shell template by name', () => {
    const index =
      '<main></main><template data-shell="a"> <p>{{x}}</p> </template><template data-shell="b-c">y</template>';
    expect(Object.fromEntries(shellTemplates(index))).toEqual({ a: '<p>{{x}}</p>', 'b-c': 'y' });
  });
});
