import type { StorefrontSearchResult } from '@cartwheel/shared/contracts/storefront-search';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../../test/catalog-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../../test/factories.ts';
import { queryRows } from '../../../db/client.ts';
import { brands, categories, productCategories, products, productVariants } from '../../../db/schema.ts';

// A text search matches and ranks on product_facets.search_vector (migration 0054), a copy of
// products.search_vector, and a search for one word reads its postings (search_postings, migration
// 0059). After every kind of write that changes a product's words, each facet row must carry its
// product's vector, its postings must be the words of that vector with the row's columns, and the
// catalog page must find the product by its new words only.

const suite = managerAppPerFile();

/**
 * Visible products whose facet row is missing or carries another vector than the product's, and
 * products whose postings are not the words of their facet row (one extra, missing or stale posting
 * names its product, "postings of" its SKU or id).
 */
async function outOfStep(): Promise<string[]> {
  const rows = await queryRows<{ sku: string }>(
    suite.ctx.db,
    sql`SELECT p.sku FROM products p LEFT JOIN product_facets f ON f.product_id = p.id
      WHERE p.is_visible AND p.deleted_at IS NULL
        AND f.search_vector IS DISTINCT FROM p.search_vector ORDER BY p.sku`,
  );
  const postings = await queryRows<{ product: string }>(
    suite.ctx.db,
    sql`WITH want AS (
        SELECT w.lexeme, cartwheel_word_rank(f.search_vector, w.lexeme) AS rank,
          f.name_key, f.product_id, f.keyset, f.price, f.in_stock, f.on_sale, f.created_at
        FROM product_facets f, unnest(f.search_vector) w WHERE length(w.lexeme) <= 40
      ), have AS (
        SELECT lexeme, rank, name_key, product_id, keyset, price, in_stock, on_sale, created_at
        FROM search_postings
      ), differ AS ((SELECT * FROM want EXCEPT ALL SELECT * FROM have)
        UNION ALL (SELECT * FROM have EXCEPT ALL SELECT * FROM want))
      SELECT DISTINCT 'postings of ' || COALESCE(p.sku, d.product_id::text) AS product
      FROM differ d LEFT JOIN products p ON p.id = d.product_id ORDER BY 1`,
  );
  return [...rows.map((r) => r.sku), ...postings.map((r) => r.product)];
}

async function found(text: string): Promise<string[]> {
  const res = await suite.ctx.app.inject({
    method: 'GET',
    url: `/api/search?search=${encodeURIComponent(text)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as StorefrontSearchResult).items.map((p) => p.name).sort();
}

/** The xmin of the product's facet row: it changes whenever the row is written. */
async function facetVersion(productId: string): Promise<string> {
  const [row] = await queryRows<{ v: string }>(
    suite.ctx.db,
    sql`SELECT xmin::text AS v FROM product_facets WHERE product_id = ${productId}`,
  );
  return row!.v;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  const { db } = suite.ctx;
  const brand = await createBrand(db, { name: 'Fjordline', slug: 'fjordline' });
  const parent = await createCategory(db, { name: 'Outdoors', slug: 'outdoors' });
  const tents = await createCategory(db, { name: 'Shelters', slug: 'shelters' });
  const tent = await createProduct(
    db,
    { name: 'Dome Tent', sku: 'TENT-1', brandId: brand.id, description: 'Sleeps two.', inventoryLevel: 5 },
    { categoryIds: [tents.id] },
  );
  Object.assign(ids, { brand: brand.id, parent: parent.id, tents: tents.id, tent: tent.id });
});

describe("a facet row's search vector follows its product's words", () => {
  it('copies the vector of a new product with its brand and category', async () => {
    expect(await outOfStep()).toEqual([]);
    expect(await found('fjordline shelters')).toEqual(['Dome Tent']);
  });

  it('follows the name, description and SKU edited', async () => {
    const { db } = suite.ctx;
    await db.update(products).set({ name: 'Tunnel Tent' }).where(eq(products.id, ids.tent!));
    await db
      .update(products)
      .set({ description: 'Sleeps three in a gale.' })
      .where(eq(products.id, ids.tent!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('gale')).toEqual(['Tunnel Tent']);
    expect(await found('dome')).toEqual([]);
    await db.update(products).set({ sku: 'TENT-9' }).where(eq(products.id, ids.tent!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('TENT-9')).toEqual(['Tunnel Tent']);
  });

  it("follows a variant's SKU added and changed", async () => {
    const { db } = suite.ctx;
    const size = await createOption(db, ids.tent!, 'Size', ['Two']);
    const variant = await createVariant(db, ids.tent!, [size.values[0]!.id], { sku: 'TENT-9-TWO' });
    expect(await outOfStep()).toEqual([]);
    expect(await found('TENT-9-TWO')).toEqual(['Tunnel Tent']);
    await db.update(productVariants).set({ sku: 'TENT-9-DUO' }).where(eq(productVariants.id, variant.id));
    expect(await outOfStep()).toEqual([]);
    expect(await found('TENT-9-DUO')).toEqual(['Tunnel Tent']);
    expect(await found('TENT-9-TWO')).toEqual([]);
  });

  it('follows its brand and category renamed, the category hidden, moved and unlinked', async () => {
    const { db } = suite.ctx;
    await db.update(brands).set({ name: 'Skerry' }).where(eq(brands.id, ids.brand!));
    await db.update(categories).set({ name: 'Bivouacs' }).where(eq(categories.id, ids.tents!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('skerry bivouacs')).toEqual(['Tunnel Tent']);
    await db.update(categories).set({ isVisible: false }).where(eq(categories.id, ids.tents!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('bivouacs')).toEqual([]);
    await db
      .update(categories)
      .set({ isVisible: true, parentId: ids.parent })
      .where(eq(categories.id, ids.tents!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('bivouacs')).toEqual(['Tunnel Tent']);
    await db.delete(productCategories).where(eq(productCategories.productId, ids.tent!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('bivouacs')).toEqual([]);
  });

  it('follows a product hidden and shown again', async () => {
    const { db } = suite.ctx;
    await db.update(products).set({ isVisible: false }).where(eq(products.id, ids.tent!));
    await db.update(products).set({ description: 'Storm proof.' }).where(eq(products.id, ids.tent!));
    await db.update(products).set({ isVisible: true }).where(eq(products.id, ids.tent!));
    expect(await outOfStep()).toEqual([]);
    expect(await found('storm')).toEqual(['Tunnel Tent']);
  });

  it('follows a CSV import that creates products and one that renames them', async () => {
    const importCsv = async (csv: string) => {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/products/import?dry_run=false',
        headers: { cookie: suite.manager, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await importCsv(
      'sku,name,price,categories\nBOAT-1,Sea Kayak,900.00,Boats\nBOAT-2,River Kayak,700.00,Boats\n',
    );
    expect(await outOfStep()).toEqual([]);
    expect(await found('kayak boats')).toEqual(['River Kayak', 'Sea Kayak']);
    await importCsv('sku,name\nBOAT-1,Sea Canoe\n');
    expect(await outOfStep()).toEqual([]);
    expect(await found('kayak')).toEqual(['River Kayak']);
    expect(await found('canoe')).toEqual(['Sea Canoe']);
  });
});

describe('a posting', () => {
  it("ranks its product by its word alone, as the search's query for that one word does", async () => {
    const [row] = await queryRows<{ ranks: number[]; queries: number[] }>(
      suite.ctx.db,
      sql`SELECT array_agg(cartwheel_word_rank(v, w) ORDER BY w) AS ranks,
          array_agg(ts_rank(v, to_tsquery('english', w) || to_tsquery('simple', w)) ORDER BY w) AS queries
        FROM (SELECT setweight(to_tsvector('simple', 'Tunnel Tent'), 'A') || to_tsvector('simple', 'a tent for two') AS v) x,
          unnest(ARRAY['tent', 'tunnel', 'two', 'kayak']) w`,
    );
    expect(row?.ranks).toEqual(row?.queries);
    expect(row?.ranks.filter((r) => r > 0)).toHaveLength(3);
  });

  it('is written for words of at most 40 characters: a long word beside a long name saves, unposted', async () => {
    const { db } = suite.ctx;
    const long = 'x'.repeat(2000);
    const product = await createProduct(db, {
      name: '語'.repeat(200),
      sku: 'LONG-1',
      description: `${long} kettle`,
    });
    expect(await outOfStep()).toEqual([]);
    const [row] = await queryRows<{ words: string[] }>(
      db,
      sql`SELECT array_agg(lexeme ORDER BY lexeme) AS words FROM search_postings WHERE product_id = ${product.id}`,
    );
    expect(row?.words).toContain('kettl');
    expect(row?.words.every((w) => w.length <= 40)).toBe(true);
    expect(await found(long.slice(0, 120))).toEqual(['語'.repeat(200)]);
    await db.delete(products).where(eq(products.id, product.id));
    expect(await outOfStep()).toEqual([]);
  });

  it('takes any lexeme as it is: quotes, backslashes and operators are no query syntax', async () => {
    const words = ["o'neil", 'a\\b', '-9', 'file.txt', 'x:*', 'a&b', '!c', 'foo@bar.com'];
    const [row] = await queryRows<{ ranks: number[] }>(
      suite.ctx.db,
      sql`SELECT array_agg(cartwheel_word_rank(array_to_tsvector(ARRAY[w]), w)) AS ranks
        FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) w`,
    );
    expect(row?.ranks).toHaveLength(words.length);
    for (const rank of row?.ranks ?? []) expect(rank).toBeGreaterThan(0);
  });
});

describe('checkout never rewrites the search text', () => {
  it("writes no facet row for a product's stock update that stays above zero", async () => {
    const { db } = suite.ctx;
    const lamp = await createProduct(db, { name: 'Camp Lamp', sku: 'LAMP-7', inventoryLevel: 5 });
    const before = await facetVersion(lamp.id);
    await db.update(products).set({ inventoryLevel: 4 }).where(eq(products.id, lamp.id));
    expect(await facetVersion(lamp.id)).toBe(before);
    // Crossing zero rewrites the row (its in-stock flag), with the vector it already had.
    await db.update(products).set({ inventoryLevel: 0 }).where(eq(products.id, lamp.id));
    expect(await facetVersion(lamp.id)).not.toBe(before);
    expect(await outOfStep()).toEqual([]);
    // Its price changed and its row deleted with it: the postings follow, and leave with it.
    await db.update(products).set({ price: 2500 }).where(eq(products.id, lamp.id));
    expect(await outOfStep()).toEqual([]);
    await db.delete(products).where(eq(products.id, lamp.id));
    expect(await outOfStep()).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM search_postings WHERE product_id = ${lamp.id}`,
    );
    expect(left?.n).toBe(0);
  });
});
