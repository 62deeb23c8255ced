import type { AdminProductDetail, AdminProductList } from '@cartwheel/shared/contracts/admin-products';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../test/factories.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { slugify } from '../../lib/slug.ts';

const suite = managerAppPerFile({ staff: true });
const { call } = suite;

async function create(body: Record<string, unknown>): Promise<AdminProductDetail> {
  const res = await call('POST', '/api/admin/products', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const productCount = async () =>
  (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM products`))[0]!.n;

let n = 0;
const uniqueSku = () => `T-${++n}-${Date.now().toString(36)}`;

describe('product rules', () => {
  const without = (key: string) => (body: Record<string, unknown>) => {
    const { [key]: _, ...rest } = body;
    return rest;
  };
  const withValue = (key: string, value: unknown) => (body: Record<string, unknown>) => ({
    ...body,
    [key]: value,
  });
  type Case = [string, (body: Record<string, unknown>) => Record<string, unknown>, string, string];
  const cases: Case[] = [
    ['a missing name', without('name'), 'name', 'Product name is required'],
    ['a blank name', withValue('name', '   '), 'name', 'Product name is required'],
    ['a missing SKU', without('sku'), 'sku', 'SKU is required'],
    ['a blank SKU', withValue('sku', '  '), 'sku', 'SKU is required'],
    ['a negative price', withValue('price', -1), 'price', 'Price must be 0 or greater'],
    ['a negative cost price', withValue('cost_price', -100), 'cost_price', 'Cost price must be 0 or greater'],
    ['a negative sale price', withValue('sale_price', -5), 'sale_price', 'Sale price must be 0 or greater'],
    [
      'a negative inventory',
      withValue('inventory_level', -1),
      'inventory_level',
      'Inventory must be 0 or greater',
    ],
    [
      'a negative warning level',
      withValue('inventory_warning_level', -2),
      'inventory_warning_level',
      'Warning level must be 0 or greater',
    ],
    ['a negative weight', withValue('weight', -0.5), 'weight', 'Weight must be 0 or greater'],
    [
      'a fractional inventory',
      withValue('inventory_level', 1.5),
      'inventory_level',
      'Inventory must be a whole number',
    ],
    ['a text price', withValue('price', 'abc'), 'price', 'Price must be a number'],
    [
      'an unknown condition',
      withValue('condition', 'Broken'),
      'condition',
      'Condition must be one of: New, Used, Refurbished',
    ],
    ['an unknown type', withValue('type', 'service'), 'type', 'Type must be one of: physical, digital'],
    [
      'an SEO title over 200 characters',
      withValue('seo_title', 'T'.repeat(201)),
      'seo_title',
      'SEO title must be at most 200 characters',
    ],
    [
      'an SEO description over 1000 characters',
      withValue('seo_description', 'D'.repeat(1001)),
      'seo_description',
      'SEO description must be at most 1000 characters',
    ],
  ];

  it.each(cases)(
    'refuses %s with a 400 naming the field and writes nothing',
    async (_, change, field, message) => {
      const before = await productCount();
      const res = await call('POST', '/api/admin/products', change({ name: 'Rule Test', sku: uniqueSku() }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContainEqual({ field: `body.${field}`, message });
      expect(await productCount()).toBe(before);
    },
  );

  it('applies the same rules to updates', async () => {
    const product = await create({ name: 'Update Rules', sku: uniqueSku() });
    for (const [body, message] of [
      [{ name: '' }, 'Product name is required'],
      [{ sku: '' }, 'SKU is required'],
      [{ price: -1 }, 'Price must be 0 or greater'],
      [{ inventory_warning_level: -1 }, 'Warning level must be 0 or greater'],
    ] as const) {
      const res = await call('PATCH', `/api/admin/products/${product.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('gives a new product the product defaults', async () => {
    const sku = uniqueSku();
    const product = await create({ name: 'Plain Product', sku });
    expect(product).toMatchObject({
      name: 'Plain Product',
      sku,
      description: '',
      price: 0,
      cost_price: null,
      sale_price: null,
      inventory_level: 0,
      inventory_warning_level: 5,
      weight: 0,
      is_visible: true,
      is_featured: false,
      condition: 'New',
      type: 'physical',
      seo_title: '',
      seo_description: '',
      brand: null,
      categories: [],
      images: [],
      options: [],
      variants: [],
    });
  });

  it('stores every field it is given, cost and sale price 0 as "not set"', async () => {
    const brand = await createBrand(suite.ctx.db);
    const [a, b] = [await createCategory(suite.ctx.db), await createCategory(suite.ctx.db)];
    // Stored as given.
    const fields = {
      price: 2599,
      cost_price: 1200,
      sale_price: 1999,
      inventory_level: 7,
      inventory_warning_level: 2,
      weight: 1.25,
      is_visible: false,
      is_featured: true,
      condition: 'Refurbished',
      type: 'digital',
      seo_title: 'Field Test | Every field',
      seo_description: 'A product with every field set, for search engines.',
    };
    const product = await create({
      name: '  Field Test  ',
      sku: uniqueSku(),
      description: 'All the fields.',
      ...fields,
      brand_id: brand.id,
      category_ids: [a.id, b.id],
    });
    expect(product).toMatchObject({
      name: 'Field Test',
      ...fields,
      brand: { id: brand.id, name: brand.name },
    });
    expect(product.categories.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());

    const zeroed = await create({ name: 'Zero Prices', sku: uniqueSku(), cost_price: 0, sale_price: 0 });
    expect(zeroed).toMatchObject({ cost_price: null, sale_price: null });
  });

  it('refuses a SKU that is taken with a 409 "SKU already exists", on create and on update', async () => {
    const sku = uniqueSku();
    const first = await create({ name: 'First', sku });
    const res = await call('POST', '/api/admin/products', { name: 'Second', sku });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'sku_taken', message: 'SKU already exists' });
    const other = await create({ name: 'Other', sku: uniqueSku() });
    const update = await call('PATCH', `/api/admin/products/${other.id}`, { sku });
    expect(update.statusCode).toBe(409);
    expect(update.json().error.message).toBe('SKU already exists');
    // Keeping its own SKU is fine.
    expect((await call('PATCH', `/api/admin/products/${first.id}`, { sku })).statusCode).toBe(200);
  });

  it('refuses an unknown brand or category', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const brand = await call('POST', '/api/admin/products', {
      name: 'X',
      sku: uniqueSku(),
      brand_id: missing,
    });
    expect(brand.statusCode).toBe(400);
    expect(brand.json().error.message).toBe('Brand not found');
    const category = await call('POST', '/api/admin/products', {
      name: 'X',
      sku: uniqueSku(),
      category_ids: [missing],
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().error.message).toBe('Category not found');
  });
});

describe('slugs', () => {
  it('derives the slug from the name', () => {
    expect(slugify('Trail Mug — 12 oz!')).toBe('trail-mug-12-oz');
    expect(slugify('Café Crème & Co.')).toBe('cafe-creme-and-co');
    expect(slugify('  ***  ')).toBe('product');
  });

  it('adds -2, -3 when the slug is taken, and keeps the slug when the product is renamed', async () => {
    const a = await create({ name: 'Slug Twin', sku: uniqueSku() });
    const b = await create({ name: 'Slug Twin', sku: uniqueSku() });
    const c = await create({ name: 'slug twin!', sku: uniqueSku() });
    expect([a.slug, b.slug, c.slug]).toEqual(['slug-twin', 'slug-twin-2', 'slug-twin-3']);
    const renamed = await call('PATCH', `/api/admin/products/${a.id}`, { name: 'Another Name' });
    expect(renamed.json()).toMatchObject({ name: 'Another Name', slug: 'slug-twin' });
  });
});

describe('the products list', () => {
  let local: TestContext;
  const list = async (query: string): Promise<AdminProductList> => {
    const res = await local.app.inject({
      method: 'GET',
      url: `/api/admin/products${query}`,
      headers: { cookie: localStaff },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  let localStaff: string;

  beforeAll(async () => {
    local = await createTestApp();
    localStaff = (await signUpAs(local.app, local.db, 'staff')).cookie;
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    const brand = await createBrand(local.db, { name: 'Listbrand', slug: 'listbrand' });
    const cat = await createCategory(local.db, { name: 'Listcat', slug: 'listcat' });
    await createProduct(
      local.db,
      {
        name: 'Alpha Lamp',
        sku: 'LAMP-A',
        price: 3000,
        inventoryLevel: 0,
        createdAt: day(1),
        brandId: brand.id,
      },
      { categoryIds: [cat.id] },
    );
    await createProduct(local.db, { name: 'beta lamp', sku: 'LAMP-B', price: 1000, createdAt: day(2) });
    await createProduct(local.db, {
      name: 'Gamma Mug',
      sku: 'MUG-G',
      price: 2000,
      isVisible: false,
      createdAt: day(3),
    });
    await createProduct(local.db, {
      name: 'Deleted Lamp',
      sku: 'LAMP-D',
      createdAt: day(4),
      deletedAt: day(5),
    });
  });
  afterAll(async () => local?.close());

  it('lists Active and Draft products newest first, never deleted ones, with counts', async () => {
    const all = await list('');
    expect(all.items.map((p) => p.sku)).toEqual(['MUG-G', 'LAMP-B', 'LAMP-A']);
    expect(all).toMatchObject({ total: 3, page: 1, counts: { all: 3, active: 2, draft: 1 } });
    const alpha = all.items.find((p) => p.sku === 'LAMP-A')!;
    expect(alpha).toMatchObject({
      inventory_level: 0,
      brand: { name: 'Listbrand' },
      categories: [{ name: 'Listcat' }],
      images: [expect.objectContaining({ is_thumbnail: true })],
    });
  });

  it('filters by status', async () => {
    expect((await list('?status=active')).items.map((p) => p.sku)).toEqual(['LAMP-B', 'LAMP-A']);
    const drafts = await list('?status=draft');
    expect(drafts.items.map((p) => p.sku)).toEqual(['MUG-G']);
    expect(drafts.total).toBe(1);
  });

  it('searches name or SKU, case-insensitively', async () => {
    expect((await list('?search=LAMP')).items.map((p) => p.sku)).toEqual(['LAMP-B', 'LAMP-A']);
    expect((await list('?search=mug-g')).items.map((p) => p.sku)).toEqual(['MUG-G']);
    const none = await list('?search=zebra');
    expect(none).toMatchObject({ items: [], total: 0, counts: { all: 0, active: 0, draft: 0 } });
  });

  it('sorts and pages on the server', async () => {
    expect((await list('?sort=price&order=asc')).items.map((p) => p.sku)).toEqual([
      'LAMP-B',
      'MUG-G',
      'LAMP-A',
    ]);
    expect((await list('?sort=name&order=asc')).items.map((p) => p.name)).toEqual([
      'Alpha Lamp',
      'beta lamp',
      'Gamma Mug',
    ]);
    const page2 = await list('?sort=name&order=asc&limit=2&page=2');
    expect(page2.items.map((p) => p.name)).toEqual(['Gamma Mug']);
    expect(page2.total).toBe(3);
  });

  it('rejects a bad status with a 400', async () => {
    const res = await local.app.inject({
      method: 'GET',
      url: '/api/admin/products?status=archived',
      headers: { cookie: localStaff },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('status must be one of: all, active, draft');
  });
});

describe('one product, update and delete', () => {
  it('reads one product with its cost price, options and variants', async () => {
    const product = await createProduct(suite.ctx.db, { costPrice: 444 });
    const { values } = await createOption(suite.ctx.db, product.id, 'size', ['S', 'M']);
    await createVariant(suite.ctx.db, product.id, [values[0]!.id], { costPrice: 333 });
    const res = await call('GET', `/api/admin/products/${product.id}`, undefined, suite.staff);
    expect(res.statusCode).toBe(200);
    const body: AdminProductDetail = res.json();
    expect(body.cost_price).toBe(444);
    expect(body.options[0]!.values.map((v) => v.label)).toEqual(['S', 'M']);
    expect(body.variants[0]).toMatchObject({ cost_price: 333, title: 'S' });
    expect(body.variant_count).toBe(1);
  });

  it('updates only the fields given and replaces categories', async () => {
    const cat = await createCategory(suite.ctx.db);
    const product = await create({ name: 'Partial', sku: uniqueSku(), price: 1000, inventory_level: 3 });
    const res = await call('PATCH', `/api/admin/products/${product.id}`, {
      price: 1500,
      category_ids: [cat.id],
      is_visible: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Partial',
      price: 1500,
      inventory_level: 3,
      is_visible: false,
      categories: [{ id: cat.id }],
    });
    const cleared = await call('PATCH', `/api/admin/products/${product.id}`, { category_ids: [] });
    expect(cleared.json().categories).toEqual([]);
  });

  it('soft deletes: deleted_at is set, the row stays, and the product is gone from lists and reads', async () => {
    const product = await create({ name: 'Short Lived', sku: uniqueSku() });
    const res = await call('DELETE', `/api/admin/products/${product.id}`);
    expect(res.statusCode).toBe(204);
    const [row] = await suite.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await call('GET', `/api/admin/products/${product.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(404);
    const list: AdminProductList = (await call('GET', '/api/admin/products?search=Short%20Lived')).json();
    expect(list.total).toBe(0);
  });

  it('lets staff read but not write', async () => {
    const res = await call('POST', '/api/admin/products', { name: 'Nope', sku: uniqueSku() }, suite.staff);
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/products', undefined, suite.staff)).statusCode).toBe(200);
  });
});

describe('duplicate', () => {
  it('copies a product as a Draft with -copy SKU and slug, its categories, images, options and variants', async () => {
    const cat = await createCategory(suite.ctx.db);
    const source = await createProduct(
      suite.ctx.db,
      { name: 'Dup Tee', sku: 'DUP-TEE', slug: 'dup-tee', price: 2000, costPrice: 800 },
      { categoryIds: [cat.id], images: 2 },
    );
    const size = await createOption(suite.ctx.db, source.id, 'size', ['S', 'M']);
    await createVariant(suite.ctx.db, source.id, [size.values[0]!.id], { sku: 'DUP-TEE-s', price: 2100 });
    await createVariant(suite.ctx.db, source.id, [size.values[1]!.id], { sku: 'CUSTOM-M', price: 2200 });

    const res = await call('POST', `/api/admin/products/${source.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy: AdminProductDetail = res.json();
    expect(copy).toMatchObject({
      name: 'Dup Tee (Copy)',
      sku: 'DUP-TEE-copy',
      slug: 'dup-tee-copy',
      is_visible: false,
      price: 2000,
      cost_price: 800,
      categories: [{ id: cat.id }],
    });
    expect(copy.images).toHaveLength(2);
    expect(copy.options[0]!.values.map((v) => v.label)).toEqual(['S', 'M']);
    expect(copy.variants.map((v) => [v.sku, v.price, v.title])).toEqual([
      ['DUP-TEE-copy-s', 2100, 'S'],
      ['CUSTOM-M-copy', 2200, 'M'],
    ]);
    expect(copy.variants[0]!.option_values[0]!.option_id).toBe(copy.options[0]!.id);

    const again: AdminProductDetail = (
      await call('POST', `/api/admin/products/${source.id}/duplicate`)
    ).json();
    expect([again.sku, again.slug]).toEqual(['DUP-TEE-copy-2', 'dup-tee-copy-2']);
  });
});

describe('bulk actions', () => {
  const ids: string[] = [];
  beforeEach(async () => {
    ids.length = 0;
    for (let i = 0; i < 3; i++) {
      ids.push((await createProduct(suite.ctx.db, { price: 1000, inventoryLevel: 1, isFeatured: false })).id);
    }
  });
  const rows = () =>
    queryRows<{
      id: string;
      price: number;
      inventory_level: number;
      is_featured: boolean;
      is_visible: boolean;
    }>(
      suite.ctx.db,
      sql`SELECT id, price, inventory_level, is_featured, is_visible FROM products WHERE id IN (${sql.join(ids, sql`, `)}) ORDER BY id`,
    );

  it('sets price and inventory on the selected products only', async () => {
    const res = await call('POST', '/api/admin/products/bulk', {
      action: 'edit',
      ids: ids.slice(0, 2),
      price: 2500,
      inventory_level: 40,
    });
    expect(res.json()).toMatchObject({ updated: 2, variants_updated: 0 });
    const after = await rows();
    expect(
      after
        .filter((r) => r.price === 2500 && r.inventory_level === 40)
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
  });

  it('sets as featured and archives (sets as Draft)', async () => {
    expect((await call('POST', '/api/admin/products/bulk', { action: 'feature', ids })).json()).toMatchObject(
      {
        updated: 3,
      },
    );
    expect((await call('POST', '/api/admin/products/bulk', { action: 'archive', ids })).json()).toMatchObject(
      {
        updated: 3,
      },
    );
    expect((await rows()).every((r) => r.is_featured && !r.is_visible)).toBe(true);
  });

  it('checks the rules and the selection', async () => {
    const negative = await call('POST', '/api/admin/products/bulk', { action: 'edit', ids, price: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toContain('Price must be 0 or greater');
    const empty = await call('POST', '/api/admin/products/bulk', { action: 'archive', ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Select at least one product');
    const nothing = await call('POST', '/api/admin/products/bulk', { action: 'edit', ids });
    expect(nothing.statusCode).toBe(400);
  });
});
