import type { StorefrontSearchResult } from '@cartwheel/shared/contracts/storefront-search';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../test/commerce-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../../test/factories.ts';
import { queryRows } from '../../../db/client.ts';
import {
  brands,
  categories,
  productCategories,
  productOptions,
  productOptionValues,
  products,
  productVariants,
} from '../../../db/schema.ts';
import { shownCategoriesCte } from '../../catalog/category-tree.service.ts';
import { productStockSql } from '../../catalog/product-shared.ts';

// The facet rows and counts of migration 0045 are kept by triggers; after every kind of catalog
// write, the catalog page's facets must equal a live recount from the catalog tables, whichever
// way the page is answered: from facet_counts (no text, at most one category), from a pass over
// the facet rows (a filter that keeps everything, price_min=0), or for a search (every product here
// has the word "cartwheel" in its description).

const suite = appPerFile();

interface Counts {
  total: number;
  categories: Record<string, number>;
  brands: Record<string, number>;
  options: Record<string, number>;
  in_stock: number;
  on_sale: number;
  price: { min: number; max: number } | null;
}

/** The facets recounted from the catalog tables, for the whole catalog or one category's subtree. */
async function liveCounts(category?: string): Promise<Counts> {
  const inScope = category
    ? sql`EXISTS (SELECT FROM product_categories pc JOIN shown d ON d.id = pc.category_id
        JOIN shown top ON top.id = ANY(d.path) WHERE pc.product_id = p.id AND top.slug = ${category})`
    : sql`true`;
  const [row] = await queryRows<{ counts: Counts }>(
    suite.ctx.db,
    sql`WITH RECURSIVE ${shownCategoriesCte},
      visible AS (SELECT p.* FROM products p WHERE p.is_visible AND p.deleted_at IS NULL),
      scoped AS (SELECT p.* FROM visible p WHERE ${inScope})
    SELECT json_build_object(
      'total', (SELECT count(*)::int FROM scoped),
      'categories', COALESCE((SELECT json_object_agg(slug, n) FROM (SELECT s.slug, count(DISTINCT p.id)::int AS n
        FROM visible p JOIN product_categories pc ON pc.product_id = p.id JOIN shown d ON d.id = pc.category_id
        JOIN shown s ON s.id = ANY(d.path) GROUP BY s.slug) x), '{}'::json),
      'brands', COALESCE((SELECT json_object_agg(slug, n) FROM (SELECT b.slug, count(*)::int AS n
        FROM scoped p JOIN brands b ON b.id = p.brand_id GROUP BY b.slug) x), '{}'::json),
      'options', COALESCE((SELECT json_object_agg(k, n) FROM (
        SELECT lower(o.name) || ':' || lower(v.label) AS k, count(DISTINCT p.id)::int AS n
        FROM scoped p JOIN product_options o ON o.product_id = p.id
        JOIN product_option_values v ON v.option_id = o.id GROUP BY 1) x), '{}'::json),
      'in_stock', (SELECT count(*)::int FROM scoped p WHERE ${productStockSql} > 0),
      'on_sale', (SELECT count(*)::int FROM scoped p WHERE p.effective_price < p.price OR EXISTS (
        SELECT FROM product_variants v WHERE v.product_id = p.id AND v.sale_price > 0 AND v.sale_price < v.price)),
      'price', (SELECT json_build_object('min', min(effective_price), 'max', max(effective_price))
        FROM scoped HAVING count(*) > 0)
    ) AS counts`,
  );
  return row!.counts;
}

async function search(query: string): Promise<StorefrontSearchResult> {
  const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The page's answer in the recount's shape (option values by lower-case name and value). */
function counted(result: StorefrontSearchResult): Counts {
  const { facets } = result;
  return {
    total: result.total,
    categories: Object.fromEntries(
      facets.categories.filter((c) => c.count > 0).map((c) => [c.slug, c.count]),
    ),
    brands: Object.fromEntries(facets.brands.filter((b) => b.count > 0).map((b) => [b.slug, b.count])),
    options: Object.fromEntries(
      facets.options.flatMap((o) =>
        o.values
          .filter((v) => v.count > 0)
          .map((v) => [`${o.name.toLowerCase()}:${v.value.toLowerCase()}`, v.count]),
      ),
    ),
    in_stock: facets.in_stock,
    on_sale: facets.on_sale,
    price: facets.price,
  };
}

/** Every way of answering the page agrees with the live recount, for the catalog and for `outer`. */
async function expectLiveCounts() {
  const whole = await liveCounts();
  expect(counted(await search('')), 'rollup').toEqual(whole);
  expect(counted(await search('price_min=0')), 'pass').toEqual(whole);
  expect(counted(await search('search=cartwheel')), 'search').toEqual(whole);
  const outer = await liveCounts('outer');
  expect(counted(await search('category=outer')), 'category rollup').toEqual(outer);
  expect(counted(await search('category=outer&price_min=0')), 'category pass').toEqual(outer);
  // A search counts by each row's set of keys (migration 0055): the set named must be the row's keys.
  const stale = await queryRows<{ product_id: string }>(
    suite.ctx.db,
    sql`SELECT f.product_id FROM product_facets f LEFT JOIN facet_keysets s ON s.id = f.keyset
      WHERE s.keys IS DISTINCT FROM f.keys`,
  );
  expect(stale, 'keysets').toEqual([]);
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  const { db } = suite.ctx;
  const acme = await createBrand(db, { name: 'Acme', slug: 'acme' });
  await createBrand(db, { name: 'Bolt', slug: 'bolt' });
  const outer = await createCategory(db, { name: 'Outer', slug: 'outer', sortOrder: 1 });
  const jackets = await createCategory(db, { name: 'Jackets', slug: 'jackets', parentId: outer.id });
  const home = await createCategory(db, { name: 'Home', slug: 'home', sortOrder: 2 });
  const rain = await createProduct(
    db,
    { name: 'Rain Jacket', sku: 'RAIN-1', brandId: acme.id, price: 9000, description: 'A cartwheel jacket.' },
    { categoryIds: [jackets.id] },
  );
  const size = await createOption(db, rain.id, 'Size', ['S', 'M']);
  const [s, m] = size.values;
  const small = await createVariant(db, rain.id, [s!.id], { sku: 'RAIN-1-S', inventoryLevel: 2 });
  await createVariant(db, rain.id, [m!.id], { sku: 'RAIN-1-M', inventoryLevel: 0 });
  const lamp = await createProduct(
    db,
    { name: 'Desk Lamp', sku: 'LAMP-1', price: 3000, inventoryLevel: 1, description: 'Cartwheel light.' },
    { categoryIds: [home.id] },
  );
  Object.assign(ids, {
    outer: outer.id,
    jackets: jackets.id,
    home: home.id,
    rain: rain.id,
    lamp: lamp.id,
    small: small.id,
    m: m!.id,
  });
});

describe('facet rows and counts follow every catalog write', () => {
  it('counts a new product with its categories, options and variants', async () => {
    await expectLiveCounts();
    expect(counted(await search('')).categories).toEqual({ outer: 1, jackets: 1, home: 1 });
  });

  it('moves a category under another parent, and back', async () => {
    const { db } = suite.ctx;
    await db.update(categories).set({ parentId: ids.home }).where(eq(categories.id, ids.jackets!));
    await expectLiveCounts();
    expect(counted(await search('')).categories).toEqual({ home: 2, jackets: 1 });
    await db.update(categories).set({ parentId: ids.outer }).where(eq(categories.id, ids.jackets!));
    await expectLiveCounts();
  });

  it('hides a parent category (its subtree leaves the facets) and shows it again', async () => {
    const { db } = suite.ctx;
    await db.update(categories).set({ isVisible: false }).where(eq(categories.id, ids.outer!));
    await expectLiveCounts();
    expect((await search('category=outer')).total).toBe(0);
    await db.update(categories).set({ isVisible: true }).where(eq(categories.id, ids.outer!));
    await expectLiveCounts();
  });

  it('follows a variant selling out and coming back, and a product without variants crossing zero', async () => {
    const { db } = suite.ctx;
    await db.update(productVariants).set({ inventoryLevel: 0 }).where(eq(productVariants.id, ids.small!));
    await expectLiveCounts();
    expect((await search('in_stock=true')).total).toBe(1);
    await db.update(productVariants).set({ inventoryLevel: 3 }).where(eq(productVariants.id, ids.small!));
    await db.update(products).set({ inventoryLevel: 0 }).where(eq(products.id, ids.lamp!));
    await expectLiveCounts();
    await db.update(products).set({ inventoryLevel: 5 }).where(eq(products.id, ids.lamp!));
    await expectLiveCounts();
  });

  it('follows prices and sale prices of products and variants', async () => {
    const { db } = suite.ctx;
    await db.update(products).set({ salePrice: 2500 }).where(eq(products.id, ids.lamp!));
    await db
      .update(productVariants)
      .set({ salePrice: 1000, price: 9000 })
      .where(eq(productVariants.id, ids.small!));
    await expectLiveCounts();
    expect(counted(await search('')).on_sale).toBe(2);
    await db.update(productVariants).set({ salePrice: null }).where(eq(productVariants.id, ids.small!));
    await expectLiveCounts();
  });

  it('follows option values renamed (the display too), added and removed, and an option renamed', async () => {
    const { db } = suite.ctx;
    await db.update(productOptionValues).set({ label: 'Medium' }).where(eq(productOptionValues.id, ids.m!));
    await expectLiveCounts();
    const values = (await search('')).facets.options[0]?.values.map((v) => v.value);
    expect(values).toEqual(['S', 'Medium']);
    await db.update(productOptionValues).set({ label: 'medium' }).where(eq(productOptionValues.id, ids.m!));
    expect((await search('')).facets.options[0]?.values.map((v) => v.value)).toEqual(['S', 'medium']);
    await createOption(db, ids.lamp!, 'Colour', ['Red', 'Blue']);
    await expectLiveCounts();
    await db.update(productOptions).set({ name: 'Shade' }).where(eq(productOptions.productId, ids.lamp!));
    await expectLiveCounts();
    await db.delete(productOptionValues).where(eq(productOptionValues.label, 'Blue'));
    await expectLiveCounts();
    await db.delete(productOptions).where(eq(productOptions.productId, ids.lamp!));
    await expectLiveCounts();
  });

  it('follows a product moved between categories and brands', async () => {
    const { db } = suite.ctx;
    await db.insert(productCategories).values({ productId: ids.lamp!, categoryId: ids.jackets! });
    await expectLiveCounts();
    await db.delete(productCategories).where(eq(productCategories.productId, ids.lamp!));
    await expectLiveCounts();
    const [bolt] = await db.select().from(brands).where(eq(brands.slug, 'bolt'));
    await db.update(products).set({ brandId: bolt!.id }).where(eq(products.id, ids.lamp!));
    await expectLiveCounts();
    await db.delete(brands).where(eq(brands.id, bolt!.id));
    await expectLiveCounts();
  });

  it('drops a product hidden, soft-deleted or deleted, and brings a shown one back', async () => {
    const { db } = suite.ctx;
    await db.update(products).set({ isVisible: false }).where(eq(products.id, ids.lamp!));
    await expectLiveCounts();
    expect((await search('')).total).toBe(1);
    await db.update(products).set({ isVisible: true }).where(eq(products.id, ids.lamp!));
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, ids.rain!));
    await expectLiveCounts();
    await db.delete(products).where(inArray(products.id, [ids.rain!]));
    await expectLiveCounts();
    expect((await search('')).total).toBe(1);
  });

  it('empties the counts with a TRUNCATE of the products, and counts the next product', async () => {
    const { db } = suite.ctx;
    await db.execute(sql`TRUNCATE products CASCADE`);
    await expectLiveCounts();
    await createProduct(
      db,
      { name: 'Kite', sku: 'KITE-1', description: 'cartwheel' },
      { categoryIds: [ids.jackets!] },
    );
    await expectLiveCounts();
    expect((await search('category=outer')).total).toBe(1);
  });
});

describe('checkout pays for the facets only when stock crosses zero', () => {
  it('writes no facet row or count for a stock change that keeps the product in stock', async () => {
    const { db } = suite.ctx;
    const product = await createProduct(db, { name: 'Mug', sku: 'MUG-9', description: 'cartwheel' });
    const option = await createOption(db, product.id, 'Size', ['One']);
    const variant = await createVariant(db, product.id, [option.values[0]!.id], {
      sku: 'MUG-9-1',
      inventoryLevel: 5,
    });
    // xmin changes whenever a row is written: the rows' versions before and after each update.
    const versions = async () =>
      queryRows<{ v: string }>(
        db,
        sql`SELECT string_agg(xmin::text, ',' ORDER BY t) AS v FROM (
          SELECT xmin, 'f' AS t FROM product_facets WHERE product_id = ${product.id}
          UNION ALL SELECT xmin, scope || ':' || key FROM facet_counts) x`,
      ).then((rows) => rows[0]!.v);
    const before = await versions();
    await db.update(productVariants).set({ inventoryLevel: 4 }).where(eq(productVariants.id, variant.id));
    await db.update(productVariants).set({ inventoryLevel: 1 }).where(eq(productVariants.id, variant.id));
    expect(await versions()).toBe(before);
    await db.update(productVariants).set({ inventoryLevel: 0 }).where(eq(productVariants.id, variant.id));
    expect(await versions()).not.toBe(before);
    await expectLiveCounts();
  });

  it("runs the facet triggers on a variant's or product's stock update only when it crosses zero", async () => {
    // Every facet trigger an UPDATE of inventory_level alone can fire (no column list, or one naming it).
    const rows = await queryRows<{ name: string; def: string }>(
      suite.ctx.db,
      sql`SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
        WHERE t.tgrelid IN ('product_variants'::regclass, 'products'::regclass) AND t.tgname LIKE '%facets%'
          AND (t.tgtype & 16) <> 0
          AND (t.tgattr = '' OR EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = t.tgrelid
            AND a.attname = 'inventory_level' AND a.attnum = ANY(t.tgattr)))
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['product_variants_facets_stock', 'products_facets_update']);
    for (const row of rows) {
      expect(row.def, row.name).toContain('((old.inventory_level > 0) <> (new.inventory_level > 0))');
    }
  });
});
