import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  // Stand-in builds: the behaviour under test is the serving, not Vite's output.
  dir = mkdtempSync(join(tmpdir(), 'cartwheel-sites-'));
  for (const site of ['storefront', 'admin']) {
    mkdirSync(join(dir, site, 'assets'), { recursive: true });
    writeFileSync(join(dir, site, 'index.html'), `<!doctype html><title>${site} shell</title>`);
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
