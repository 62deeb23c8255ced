import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../../test/catalog-sites.ts';
import { createBrand, createCategory, createProduct } from '../../../test/factories.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { CDN_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '../../lib/http-cache.ts';
import { createPage } from '../content/content-pages.service.ts';

// What a CDN may keep: the storefront's public reads (the same bytes for every visitor) with their
// cache tags; anything personal, and every /api answer that did not choose, is private and unstored.

const suite = appWithSitesPerFile({ 'storefront/index.html': STOREFRONT_INDEX });
// Every storefront page shows the shop's look and the category menu: their tags are on every page.
const FRAME_TAGS = ['catalog', 'site', 'categories'];
let product: { id: string; slug: string };
let brandId: string;
let categoryId: string;

beforeAll(async () => {
  const { db } = suite.ctx;
  brandId = (await createBrand(db, { name: 'Shared Brand', slug: 'shared-brand' })).id;
  categoryId = (await createCategory(db, { name: 'Shared Things', slug: 'shared-things' })).id;
  product = await createProduct(
    db,
    { name: 'Shared Mug', slug: 'shared-mug', price: 1000, brandId },
    { categoryIds: [categoryId] },
  );
  await createPage(db, {
    title: 'About us',
    slug: 'about-us',
    body: 'Hello',
    seo_title: '',
    seo_description: '',
    published: true,
  });
});

function expectShared(res: LightMyRequestResponse, tags: string[]) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
  expect(res.headers['cdn-cache-control']).toBe(CDN_CACHE_CONTROL);
  expect(String(res.headers['surrogate-key']).split(' ').sort()).toEqual([...tags].sort());
  expect(String(res.headers['cache-tag']).split(',').sort()).toEqual([...tags].sort());
  expect(res.headers['set-cookie']).toBeUndefined();
}

function expectPrivate(res: LightMyRequestResponse) {
  expect(res.headers['cache-control']).toMatch(/no-store/);
  expect(res.headers['cache-control']).not.toMatch(/public|s-maxage/);
  expect(res.headers['cdn-cache-control']).toBeUndefined();
  expect(res.headers['surrogate-key']).toBeUndefined();
  expect(res.headers['cache-tag']).toBeUndefined();
}

describe('shared caching of the storefront reads', () => {
  it('lets shared caches keep the catalog lists under their list tags', async () => {
    expectShared(await suite.get('/api/products?limit=5'), ['catalog', 'products']);
    expectShared(await suite.get('/api/categories'), ['catalog', 'categories']);
    expectShared(await suite.get('/api/brands'), ['catalog', 'brands']);
  });

  it("tags a product's JSON and its page with the product, its brand and its categories", async () => {
    const tags = ['catalog', `product-${product.id}`, `brand-${brandId}`, `category-${categoryId}`];
    expectShared(await suite.get(`/api/products/${product.slug}`), tags);
    expectShared(await suite.get(`/product/${product.slug}`), [...new Set([...tags, ...FRAME_TAGS])]);
  });

  it('shares the shop look and the published content pages under the site tag', async () => {
    expectShared(await suite.get('/api/storefront/site'), ['catalog', 'site']);
    expectShared(await suite.get('/api/pages/about-us'), ['catalog', 'site']);
    expectShared(await suite.get('/pages/about-us'), FRAME_TAGS);
  });

  it('shares the search, its suggestions and the storefront pages under the tags of what they show', async () => {
    expectShared(await suite.get('/api/search?q=mug'), ['catalog', 'products']);
    expectShared(await suite.get('/api/search/suggestions?q=mu'), ['catalog', 'products']);
    expectShared(await suite.get('/'), [...FRAME_TAGS, 'products']);
    expectShared(await suite.get('/products?search=mug'), [...FRAME_TAGS, 'products']);
    // A signed-in page is rendered for nobody on the server (the browser fills it in): shareable too.
    expectShared(await suite.get('/account/orders'), FRAME_TAGS);
  });

  it('keeps shared caches off answers that are not found, so they are not kept', async () => {
    expectPrivate(await suite.get('/api/products/no-such-mug'));
    const page = await suite.get('/product/no-such-mug');
    expect(page.statusCode).toBe(404);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['surrogate-key']).toBeUndefined();
  });
});

describe('private answers', () => {
  it('makes private, no-store the default of every /api answer that did not choose', async () => {
    const admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    const team = await suite.get('/api/admin/team', { cookie: admin.cookie });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.headers['cache-control']).toBe('private, no-store');
    const unknown = await suite.get('/api/no-such-route');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('private, no-store');
    const denied = await suite.get('/api/admin/team');
    expect(denied.statusCode).toBe(401);
    expectPrivate(denied);
  });

  it("never shares a shopper's cart, account or session, nor an answer that sets a cookie", async () => {
    const shopper = await signUp(suite.ctx.app);
    for (const url of ['/api/cart', '/api/me', '/api/auth/get-session', '/api/orders']) {
      const res = await suite.get(url, { cookie: shopper.cookie });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expectPrivate(res);
    }
    const signIn = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shopper.email, password: shopper.password },
      remoteAddress: '10.201.0.1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.headers['set-cookie']).toBeDefined();
    expect(signIn.headers['cache-control']).toBe('private, no-store');
  });
});
