import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@cartwheel/shared/contracts/catalog';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../../test/catalog-sites.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  brands,
  categories,
  productImages,
  productOptionValues,
  products,
  productVariants,
} from './catalog.schema.ts';

// The storefront's catalog reads are kept in memory and emptied by the database's change
// notifications (docs/decisions/0012-read-caches.md). Every test app syncs with the notifications
// before a GET, so a read right after a write must show the write.

let ctx: TestContext;
let peer: FastifyInstance;
let product: { id: string; slug: string };
let variantId: string;
let optionValueId: string;
let brandId: string;
let categoryId: string;

async function read(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, etag: res.headers.etag as string | undefined, body: res.body };
}
const productOn = async (app: FastifyInstance) => {
  const res = await read(app, `/api/products/${product.slug}`);
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body) as Product;
};

/** A write the triggers do not announce (replica mode skips them): only a cache would hide it. */
async function silentWrite(write: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql.raw(write));
  });
}

// A storefront index.html of our own: the product page is rendered into it (no build needed).
const suite = appWithSitesPerFile({ 'storefront/index.html': STOREFRONT_INDEX });

beforeAll(async () => {
  ctx = suite.ctx;
  peer = await ctx.peer();
  const brand = await createBrand(ctx.db, { name: 'Cache Brand', slug: 'cache-brand' });
  const category = await createCategory(ctx.db, { name: 'Cache Things', slug: 'cache-things' });
  brandId = brand.id;
  categoryId = category.id;
  product = await createProduct(
    ctx.db,
    { name: 'Cached Mug', slug: 'cached-mug', sku: 'CACHE-MUG', price: 1000, brandId },
    { categoryIds: [categoryId], images: 1 },
  );
  const { values } = await createOption(ctx.db, product.id, 'size', ['S', 'M']);
  optionValueId = values[0]!.id;
  const variant = await createVariant(ctx.db, product.id, [optionValueId], {
    price: 1000,
    inventoryLevel: 7,
  });
  variantId = variant.id;
});

describe('catalog read cache', () => {
  it('serves a kept body until a change is announced', async () => {
    expect((await productOn(ctx.app)).price).toBe(1000);
    await silentWrite(`UPDATE products SET price = 1111 WHERE slug = 'cached-mug'`);
    expect((await productOn(ctx.app)).price).toBe(1000);

    await ctx.db.execute(sql`SELECT pg_notify('cartwheel_catalog', '')`);
    expect((await productOn(ctx.app)).price).toBe(1111);
  });

  it('answers a matching If-None-Match with 304 and a changed product with a new ETag', async () => {
    const first = await read(ctx.app, `/api/products/${product.slug}`);
    expect(first.etag).toMatch(/^W\/".+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${product.slug}`,
      headers: { 'if-none-match': first.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await ctx.db.update(products).set({ price: 1200 }).where(eq(products.id, product.id));
    const changed = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${product.slug}`,
      headers: { 'if-none-match': first.etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.etag);
    expect(changed.json().price).toBe(1200);
  });

  it('sends the kept body compressed as the client asks, the same bytes once decoded', async () => {
    // The product page's JSON: the list's cards of one product are under the 1 KB worth compressing.
    const url = '/api/products/cached-mug';
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
  });

  // Each write below goes through the database (as the back office, checkout or an import would),
  // then both servers read: the one that wrote and a second one with its own connection.
  const changes: Array<[string, () => Promise<unknown>, (p: Product) => unknown, unknown]> = [
    [
      'price',
      () => ctx.db.update(products).set({ price: 1500 }).where(eq(products.id, product.id)),
      (p) => p.price,
      1500,
    ],
    [
      'variant stock',
      () =>
        ctx.db.update(productVariants).set({ inventoryLevel: 3 }).where(eq(productVariants.id, variantId)),
      (p) => p.variants[0]?.inventory_level,
      3,
    ],
    [
      'option value label',
      () =>
        ctx.db
          .update(productOptionValues)
          .set({ label: 'Small' })
          .where(eq(productOptionValues.id, optionValueId)),
      (p) => p.variants[0]?.title,
      'Small',
    ],
    [
      'brand name',
      () => ctx.db.update(brands).set({ name: 'Renamed' }).where(eq(brands.id, brandId)),
      (p) => p.brand?.name,
      'Renamed',
    ],
    [
      'category name',
      () => ctx.db.update(categories).set({ name: 'Cups' }).where(eq(categories.id, categoryId)),
      (p) => p.categories[0]?.name,
      'Cups',
    ],
    [
      'images',
      () => ctx.db.delete(productImages).where(eq(productImages.productId, product.id)),
      (p) => p.images.length,
      0,
    ],
  ];

  it.each(changes)(
    'a %s change shows on every server at the next read',
    async (_name, write, pick, expected) => {
      await productOn(ctx.app);
      await productOn(peer);
      await write();
      expect(pick(await productOn(ctx.app))).toEqual(expected);
      expect(pick(await productOn(peer))).toEqual(expected);
    },
  );

  it('hiding a product removes it from the list, the product page and its JSON on every server', async () => {
    const listed = async (app: FastifyInstance) =>
      (JSON.parse((await read(app, '/api/products?limit=50')).body) as { items: Product[] }).items.some(
        (p) => p.id === product.id,
      );
    expect(await listed(ctx.app)).toBe(true);
    expect(await listed(peer)).toBe(true);
    const page = await read(peer, `/product/${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('og:title');
    await ctx.db.update(products).set({ isVisible: false }).where(eq(products.id, product.id));
    for (const app of [ctx.app, peer]) {
      expect(await listed(app)).toBe(false);
      expect((await read(app, `/api/products/${product.slug}`)).status).toBe(404);
      expect((await read(app, `/product/${product.slug}`)).status).toBe(404);
    }
    await ctx.db.update(products).set({ isVisible: true }).where(eq(products.id, product.id));
    expect(await listed(peer)).toBe(true);
  });

  it('keeps the list, categories and brands the same way', async () => {
    for (const [i, url] of ['/api/products?sort=name', '/api/categories', '/api/brands'].entries()) {
      const before = await read(ctx.app, url);
      await silentWrite(`UPDATE brands SET name = 'Silent' WHERE slug = 'cache-brand'`);
      await silentWrite(`UPDATE categories SET name = 'Silent' WHERE slug = 'cache-things'`);
      expect((await read(ctx.app, url)).body).toBe(before.body);
      await ctx.db
        .update(brands)
        .set({ name: `Announced ${i}` })
        .where(eq(brands.id, brandId));
      await ctx.db
        .update(categories)
        .set({ name: `Announced ${i}` })
        .where(eq(categories.id, categoryId));
      const after = await read(ctx.app, url);
      expect(after.body).not.toBe(before.body);
      expect(after.body).toContain(`Announced ${i}`);
    }
  });

  it('with CATALOG_CACHE_MB=0 every read goes to the database', async () => {
    const uncached = await createTestApp({ CATALOG_CACHE_MB: '0' });
    try {
      const p = await createProduct(uncached.db, { slug: 'uncached-mug', price: 1000 });
      const get = async () =>
        (await uncached.app.inject({ method: 'GET', url: `/api/products/${p.slug}` })).json();
      expect((await get()).price).toBe(1000);
      await uncached.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.update(products).set({ price: 1300 }).where(eq(products.id, p.id));
      });
      expect((await get()).price).toBe(1300);
    } finally {
      await uncached.close();
    }
  });
});
