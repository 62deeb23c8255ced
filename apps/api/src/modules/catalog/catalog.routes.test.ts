import {
  type Product,
  type ProductList,
  product as productContract,
  productList,
} from '@cartwheel/shared/contracts/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../test/factories.ts';
import { products } from './catalog.schema.ts';

const suite = appPerFile();
const ids: Record<string, string> = {};

/**
 * GET /api/products, checked against the contract: the server sends PostgreSQL's JSON without
 * validating it, so every list read here must parse to itself (right types, nothing extra).
 */
async function list(query: string): Promise<ProductList> {
  const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(productList.parse(body)).toEqual(body);
  return body;
}
/** Each listed product's SKU (cards carry no SKU; the products are few and known). */
const skuOf: Record<string, string> = {};
const skus = (l: ProductList) => l.items.map((p) => skuOf[p.id]);

beforeAll(async () => {
  const { db } = suite.ctx;
  const acme = await createBrand(db, { name: 'Acme', slug: 'acme' });
  const zenith = await createBrand(db, { name: 'Zenith', slug: 'zenith' });
  const mugs = await createCategory(db, { name: 'Mugs', slug: 'mugs', sortOrder: 2 });
  const tees = await createCategory(db, { name: 'Tees', slug: 'tees', sortOrder: 1 });
  const hidden = await createCategory(db, { name: 'Hidden', slug: 'hidden', isVisible: false, sortOrder: 0 });
  const day = (d: number) => new Date(Date.UTC(2026, 0, d));

  // Prices: A 30.00 (sale 5.00), B 20.00, C 10.00 (sale 25.00 is not lower: no sale), D 15.00.
  const a = await createProduct(
    db,
    {
      name: 'Apple Mug',
      sku: 'MUG-APPLE',
      slug: 'apple-mug',
      price: 3000,
      salePrice: 500,
      costPrice: 100,
      brandId: acme.id,
      isFeatured: true,
      createdAt: day(1),
    },
    { categoryIds: [mugs.id, hidden.id], images: 2 },
  );
  await createProduct(
    db,
    {
      name: 'banana tee',
      sku: 'TEE-BANANA',
      slug: 'banana-tee',
      price: 2000,
      brandId: zenith.id,
      createdAt: day(2),
    },
    { categoryIds: [tees.id] },
  );
  const c = await createProduct(
    db,
    {
      name: 'Cherry Mug 50%',
      sku: 'MUG-CHERRY',
      slug: 'cherry-mug',
      price: 1000,
      salePrice: 2500,
      brandId: acme.id,
      isFeatured: true,
      createdAt: day(3),
    },
    { categoryIds: [mugs.id] },
  );
  await createProduct(
    db,
    {
      name: 'Date Tee',
      sku: 'TEE-DATE',
      slug: 'date-tee',
      price: 1500,
      brandId: zenith.id,
      createdAt: day(4),
    },
    { categoryIds: [tees.id] },
  );
  await createProduct(db, {
    name: 'Draft Mug',
    sku: 'MUG-DRAFT',
    slug: 'draft-mug',
    isVisible: false,
    createdAt: day(5),
  });
  await createProduct(db, {
    name: 'Gone Mug',
    sku: 'MUG-GONE',
    slug: 'gone-mug',
    deletedAt: day(6),
    createdAt: day(6),
  });

  const size = await createOption(db, c.id, 'size', ['Small', 'Large'], {
    displayName: 'Size',
    sortOrder: 1,
  });
  const colour = await createOption(db, c.id, 'colour', ['Red'], {
    displayName: 'Colour',
    type: 'color',
    sortOrder: 0,
  });
  await createVariant(db, c.id, [size.values[1]!.id, colour.values[0]!.id], {
    sku: 'MUG-CHERRY-LARGE-RED',
    price: 1200,
  });
  ids.apple = a.id;
  for (const row of await db.select({ id: products.id, sku: products.sku }).from(products))
    skuOf[row.id] = row.sku;
});

describe('GET /api/products', () => {
  it('returns only visible, non-deleted products, newest first by default, with a total', async () => {
    const res = await list('');
    expect(skus(res)).toEqual(['TEE-DATE', 'MUG-CHERRY', 'TEE-BANANA', 'MUG-APPLE']);
    expect(res).toMatchObject({ total: 4, page: 1, limit: 20 });
  });

  it('lists cards: visible categories, the thumbnail image, stock and variant count, nothing a card never shows', async () => {
    const res = await list('?search=cherry');
    const cherry = res.items[0]!;
    expect(Object.keys(cherry).sort()).toEqual(
      [
        'categories',
        'id',
        'image',
        'inventory_level',
        'name',
        'price',
        'sale_price',
        'slug',
        'variant_count',
      ].sort(),
    );
    expect(cherry.categories.map((c) => c.name)).toEqual(['Mugs']);
    expect(cherry.image).toMatchObject({ is_thumbnail: true });
    expect(cherry.variant_count).toBe(1);

    const apple = (await list('?search=apple')).items[0]!;
    expect(apple.categories.map((c) => c.slug)).toEqual(['mugs']); // the hidden category is left out
    expect(apple.image).toMatchObject({ is_thumbnail: true });
    expect(apple.variant_count).toBe(0);
  });

  it('sends a card in a fraction of the bytes of the product page', async () => {
    const card = (await list('?search=cherry')).items[0]!;
    const page = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/cherry-mug' });
    expect(JSON.stringify(card).length).toBeLessThan(page.body.length / 2);
  });

  it('keeps brand, images, options and variants with their option values for the product page', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/cherry-mug' });
    const cherry = productContract.parse(res.json()) as Product;
    expect(cherry.brand).toMatchObject({ name: 'Acme', slug: 'acme' });
    expect(cherry.categories.map((c) => c.name)).toEqual(['Mugs']);
    expect(cherry.images).toHaveLength(1);
    expect(cherry.options.map((o) => [o.name, o.type, o.values.map((v) => v.value)])).toEqual([
      ['colour', 'color', ['red']],
      ['size', 'select', ['small', 'large']],
    ]);
    expect(cherry.variants).toHaveLength(1);
    expect(cherry.variants[0]).toMatchObject({
      sku: 'MUG-CHERRY-LARGE-RED',
      price: 1200,
      title: 'Red / Large',
    });
    expect(cherry.variants[0]!.option_values.map((v) => v.option_name)).toEqual(['colour', 'size']);

    const apple = productContract.parse(
      (await suite.ctx.app.inject({ method: 'GET', url: '/api/products/apple-mug' })).json(),
    );
    expect(apple.images.map((i) => i.is_thumbnail)).toEqual([true, false]);
  });

  it('never exposes the cost price to shoppers', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products?search=apple' });
    expect(res.body).not.toContain('cost_price');
    expect(res.body).not.toContain('"100"');
  });

  it('searches name and SKU case-insensitively, treating % and _ as plain text', async () => {
    expect(skus(await list('?search=BANANA'))).toEqual(['TEE-BANANA']);
    expect(skus(await list('?search=tee-da'))).toEqual(['TEE-DATE']);
    expect(skus(await list('?search=50%25'))).toEqual(['MUG-CHERRY']);
    expect(skus(await list('?search=%25'))).toEqual(['MUG-CHERRY']);
    expect(skus(await list('?search=_'))).toEqual([]);
    expect(skus(await list('?search=draft'))).toEqual([]);
  });

  it('sorts by name A-Z', async () => {
    expect(skus(await list('?sort=name'))).toEqual(['MUG-APPLE', 'TEE-BANANA', 'MUG-CHERRY', 'TEE-DATE']);
  });

  it('sorts by price using the sale price only when it is set and lower', async () => {
    // Effective prices: apple 5.00 (sale), cherry 10.00 (sale not lower), date 15.00, banana 20.00.
    expect(skus(await list('?sort=price_asc'))).toEqual([
      'MUG-APPLE',
      'MUG-CHERRY',
      'TEE-DATE',
      'TEE-BANANA',
    ]);
    expect(skus(await list('?sort=price_desc'))).toEqual([
      'TEE-BANANA',
      'TEE-DATE',
      'MUG-CHERRY',
      'MUG-APPLE',
    ]);
  });

  it('filters by category slug, brand slug and featured', async () => {
    expect(skus(await list('?category=tees&sort=name'))).toEqual(['TEE-BANANA', 'TEE-DATE']);
    expect(skus(await list('?brand=acme&sort=name'))).toEqual(['MUG-APPLE', 'MUG-CHERRY']);
    expect(skus(await list('?featured=true&sort=name'))).toEqual(['MUG-APPLE', 'MUG-CHERRY']);
    expect(skus(await list('?featured=false&sort=name'))).toEqual(['TEE-BANANA', 'TEE-DATE']);
    expect(skus(await list('?category=hidden'))).toEqual([]);
    expect(await list('?brand=nobody')).toMatchObject({ items: [], total: 0 });
    expect(skus(await list('?category=mugs&brand=acme&featured=true&search=apple'))).toEqual(['MUG-APPLE']);
  });

  it('reports the exact total of every filter, search and combination, on every page', async () => {
    const totals: Record<string, number> = {};
    for (const query of [
      '',
      '?category=mugs',
      '?category=tees&page=2&limit=1',
      '?category=hidden',
      '?brand=acme',
      '?brand=zenith&featured=false',
      '?featured=true',
      '?featured=false&page=9',
      '?search=mug',
      '?search=tee&sort=price_desc&limit=1&page=2',
      '?search=mug&category=mugs&brand=acme&featured=true',
      '?category=mugs&brand=zenith',
    ]) {
      totals[query] = (await list(query)).total;
    }
    expect(totals).toEqual({
      '': 4,
      '?category=mugs': 2,
      '?category=tees&page=2&limit=1': 2,
      '?category=hidden': 0,
      '?brand=acme': 2,
      '?brand=zenith&featured=false': 2,
      '?featured=true': 2,
      '?featured=false&page=9': 2,
      '?search=mug': 2,
      '?search=tee&sort=price_desc&limit=1&page=2': 2,
      '?search=mug&category=mugs&brand=acme&featured=true': 2,
      '?category=mugs&brand=zenith': 0,
    });
  });

  it('pages through results without overlap and reports the total on every page', async () => {
    const p1 = await list('?sort=name&limit=3&page=1');
    const p2 = await list('?sort=name&limit=3&page=2');
    const p3 = await list('?sort=name&limit=3&page=3');
    expect(skus(p1)).toEqual(['MUG-APPLE', 'TEE-BANANA', 'MUG-CHERRY']);
    expect(skus(p2)).toEqual(['TEE-DATE']);
    expect(p3).toMatchObject({ items: [], total: 4, page: 3, limit: 3 });
  });

  it.each([
    ['sort=cheapest', 'sort'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['featured=yes', 'featured'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toContain(field);
    expect(body.error.details[0].field).toBe(`querystring.${field}`);
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});

describe('variant order', () => {
  it("lists variants in their option values' display order, even when made in one moment", async () => {
    const product = await createProduct(suite.ctx.db, {
      name: 'Order Tee',
      sku: 'ORDER-TEE',
      slug: 'order-tee',
    });
    const size = await createOption(suite.ctx.db, product.id, 'size', ['S', 'M', 'L']);
    const at = new Date(Date.UTC(2026, 0, 10));
    // Created L, S, M with the same timestamp: neither creation time nor SKU gives S, M, L.
    for (const i of [2, 0, 1]) {
      await createVariant(suite.ctx.db, product.id, [size.values[i]!.id], {
        sku: `ORDER-TEE-${['S', 'M', 'L'][i]}`,
        createdAt: at,
      });
    }
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/order-tee' });
    expect((res.json() as Product).variants.map((v) => v.title)).toEqual(['S', 'M', 'L']);
  });
});

describe('GET /api/products/:slug', () => {
  it('returns a visible product with its relations', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/apple-mug' });
    expect(res.statusCode).toBe(200);
    const product = res.json() as Product;
    expect(product).toMatchObject({ id: ids.apple, name: 'Apple Mug', price: 3000, sale_price: 500 });
    expect(product.brand?.name).toBe('Acme');
    expect(product.images).toHaveLength(2);
  });

  it.each(['draft-mug', 'gone-mug', 'no-such-product'])('answers 404 for %s', async (slug) => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/products/${slug}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'product_not_found', message: 'Product not found' } });
  });
});

describe('GET /api/categories and /api/brands', () => {
  it('lists visible categories by sort order', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.json().items.map((c: { slug: string }) => c.slug)).toEqual(['tees', 'mugs']);
  });

  it('lists brands by name', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/brands' });
    expect(res.json().items.map((b: { name: string }) => b.name)).toEqual(['Acme', 'Zenith']);
  });
});
