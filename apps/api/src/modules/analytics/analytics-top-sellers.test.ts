import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOverlappingTransactions } from '../../../test/concurrency.ts';
import { createCategory, createOrder, createProduct } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { productCategories } from '../../db/schema.ts';
import { topCategories, topProducts } from './top-sellers.ts';

// The rollups of migration 0039 (decision 0032) that top categories and top products read, against the
// same figures added up from orders, order_items and product_categories, after sales and link changes.

const SOLD = sql`o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'`;
const LINE_NET = sql`i.total_amount - i.discount_amount - i.refunded_quantity * i.price_per_item`;

/** Rows of order_category_sales that differ from the sold lines of each category's products now. */
async function categoriesOutOfStep(db: Db): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`WITH expected AS (
        SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date AS period_start, pc.category_id,
          sum(i.quantity - i.refunded_quantity) AS units, sum(${LINE_NET}) AS net_sales
        FROM orders o JOIN order_items i ON i.order_id = o.id
          JOIN product_categories pc ON pc.product_id = i.product_id CROSS JOIN (VALUES ('day'), ('month')) g (grain)
        WHERE ${SOLD} GROUP BY 1, 2, 3
      ), stored AS (SELECT * FROM order_category_sales WHERE (units, net_sales) <> (0, 0))
      SELECT concat_ws(' ', COALESCE(s.grain, e.grain), COALESCE(s.period_start, e.period_start),
          COALESCE(s.category_id, e.category_id)) AS key
      FROM stored s FULL JOIN expected e ON (e.grain, e.period_start, e.category_id) = (s.grain, s.period_start, s.category_id)
      WHERE (s.units, s.net_sales) IS DISTINCT FROM (e.units, e.net_sales) ORDER BY 1`,
  );
  return rows.map((r) => r.key);
}

/** Products whose bound differs from the sum of their days' net sales where positive. */
async function boundsOutOfStep(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH days AS (
        SELECT i.product_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, sum(${LINE_NET}) AS net_sales
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE ${SOLD} AND i.product_id IS NOT NULL GROUP BY 1, 2
      ), expected AS (SELECT product_id, sum(greatest(net_sales, 0)) AS bound FROM days GROUP BY 1),
      stored AS (SELECT * FROM product_sales_bounds WHERE bound <> 0)
      SELECT COALESCE(s.product_id, e.product_id)::text AS id
      FROM stored s FULL JOIN expected e ON e.product_id = s.product_id
      WHERE s.bound IS DISTINCT FROM NULLIF(e.bound, 0) ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

/** The top ten products of [from, to) added up from the lines. */
async function plainTopProducts(db: Db, from: string, to: string) {
  const rows = await queryRows<{ id: string; name: string; units: string; net_sales: string }>(
    db,
    sql`SELECT i.product_id AS id, max(i.product_name) AS name, sum(i.quantity - i.refunded_quantity) AS units,
        sum(${LINE_NET}) AS net_sales
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.created_at >= ${from}::timestamptz AND o.created_at < ${to}::timestamptz AND ${SOLD}
        AND i.product_id IS NOT NULL
      GROUP BY 1 HAVING sum(i.quantity - i.refunded_quantity) > 0 ORDER BY 4 DESC, 3 DESC, 2 LIMIT 10`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    units: Number(r.units),
    net_sales: Number(r.net_sales),
  }));
}

const paid = { paymentStatus: 'paid', status: 'processing' } as const;
const at = (iso: string) => new Date(iso);
const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe('order_category_sales and product_sales_bounds, kept by triggers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const inSync = async () => {
    expect(await categoriesOutOfStep(ctx.db)).toEqual([]);
    expect(await boundsOutOfStep(ctx.db)).toEqual([]);
  };

  it('follows sales, refunds and cancellations, products joining and leaving categories, and deletions', async () => {
    const [lamps, gifts] = await Promise.all([
      createCategory(ctx.db, { name: 'Links Lamps', slug: 'links-lamps' }),
      createCategory(ctx.db, { name: 'Links Gifts', slug: 'links-gifts' }),
    ]);
    const lamp = await createProduct(
      ctx.db,
      { name: 'Links Lamp', price: 4000 },
      { categoryIds: [lamps.id] },
    );
    const vase = await createProduct(
      ctx.db,
      { name: 'Links Vase', price: 2500 },
      { categoryIds: [lamps.id, gifts.id] },
    );
    const card = await createProduct(ctx.db, { name: 'Links Card', price: 300 });
    const orders = [];
    for (let k = 0; k < 6; k++) {
      orders.push(
        await createOrder(
          ctx.db,
          {
            ...(k === 5 ? { paymentStatus: 'unpaid', status: 'pending' } : paid),
            createdAt: at(`2026-0${3 + (k % 2)}-1${k}T10:00:00Z`),
          },
          [
            { product: lamp, quantity: 1 + k },
            { product: vase, quantity: 2, refundedQuantity: k % 2 },
            { product: card, quantity: 3 },
          ],
        ),
      );
    }
    await inSync();
    // A product joins a category with its history, another leaves one; an unpaid order is paid.
    await ctx.db.insert(productCategories).values({ productId: card.id, categoryId: gifts.id });
    await ctx.db.execute(
      sql`DELETE FROM product_categories WHERE product_id = ${lamp.id} AND category_id = ${lamps.id}`,
    );
    await ctx.db.execute(
      sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = ${orders[5]!.order.id}`,
    );
    await inSync();
    // A line refunded in full with a discount: negative net sales on its day, which the bound leaves out.
    await ctx.db.execute(
      sql`UPDATE order_items SET discount_amount = 100, refunded_quantity = quantity WHERE order_id = ${orders[0]!.order.id} AND product_id = ${card.id}`,
    );
    await ctx.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${orders[1]!.order.id}`);
    await ctx.db.execute(
      sql`UPDATE orders SET created_at = created_at + interval '20 days' WHERE id = ${orders[2]!.order.id}`,
    );
    await inSync();
    // A link moved to another category, a category deleted, a product deleted, an order deleted.
    await ctx.db.execute(
      sql`UPDATE product_categories SET category_id = ${lamps.id} WHERE product_id = ${card.id} AND category_id = ${gifts.id}`,
    );
    await inSync();
    await ctx.db.execute(sql`DELETE FROM categories WHERE id = ${gifts.id}`);
    await ctx.db.execute(sql`DELETE FROM products WHERE id = ${vase.id}`);
    await ctx.db.execute(sql`DELETE FROM orders WHERE id = ${orders[3]!.order.id}`);
    await inSync();
  });

  it('stays exact when a product joins a category while its orders are paid', async () => {
    const category = await createCategory(ctx.db, { name: 'Busy Links', slug: 'busy-links' });
    const product = await createProduct(ctx.db, { name: 'Busy Link', price: 900 });
    const unpaid = await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        createOrder(
          ctx.db,
          { paymentStatus: 'unpaid', status: 'pending', createdAt: at(`2026-07-0${1 + (k % 3)}T12:00:00Z`) },
          [{ product, quantity: 1 + (k % 2) }],
        ),
      ),
    );
    await inOverlappingTransactions(ctx.db, [
      ...unpaid.map(
        ({ order }) =>
          sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = ${order.id}`,
      ),
      sql`INSERT INTO product_categories (product_id, category_id) VALUES (${product.id}, ${category.id})`,
    ]);
    await inSync();
  });

  it('finds the top products and categories of a range as a plain count of the lines does', async () => {
    const category = await createCategory(ctx.db, { name: 'Walked', slug: 'walked' });
    const products = await Promise.all(
      Array.from({ length: 14 }, (_, k) =>
        createProduct(ctx.db, { name: `Walked ${k}`, price: 500 + 137 * k }, { categoryIds: [category.id] }),
      ),
    );
    // A product that sold most before the range (the highest bound, little in the range), and one sold
    // only in the hours of the range's first day.
    const star = await createProduct(ctx.db, { name: 'Walked star', price: 9000 });
    await createOrder(ctx.db, { ...paid, createdAt: at('2027-01-03T10:00:00Z') }, [
      { product: star, quantity: 40 },
    ]);
    await createOrder(ctx.db, { ...paid, createdAt: at('2027-03-10T10:00:00Z') }, [
      { product: star, quantity: 1 },
    ]);
    const late = await createProduct(ctx.db, { name: 'Walked late', price: 3000 });
    await createOrder(ctx.db, { ...paid, createdAt: at('2027-02-14T20:00:00Z') }, [
      { product: late, quantity: 10 },
    ]);
    for (let k = 0; k < 60; k++) {
      await createOrder(
        ctx.db,
        { ...paid, createdAt: new Date(Date.parse('2027-01-20T05:00:00Z') + k * 37 * 3_600_000) },
        [
          { product: products[k % 14], quantity: 1 + (k % 3) },
          { product: products[(k * 5) % 14], quantity: 1, refundedQuantity: k % 7 === 0 ? 1 : 0 },
        ],
      );
    }
    const from = '2027-02-14T18:00:00.000Z';
    const to = '2027-04-20T09:30:00.000Z';
    const expected = await plainTopProducts(ctx.db, from, to);
    expect(expected.map((p) => p.name)).toContain('Walked late');
    // One candidate a statement (many statements), two (the walk stops early), and too few statements
    // to settle (every product added up).
    for (const options of [
      { batchSize: 1, maxBatches: 1000 },
      { batchSize: 2 },
      { batchSize: 1, maxBatches: 2 },
      {},
    ]) {
      expect(await topProducts(ctx.db, range(from, to), options), JSON.stringify(options)).toEqual(expected);
    }
    const categoryTotal = await queryRows<{ units: string; net_sales: string }>(
      ctx.db,
      sql`SELECT sum(i.quantity - i.refunded_quantity) AS units, sum(${LINE_NET}) AS net_sales
        FROM order_items i JOIN orders o ON o.id = i.order_id JOIN product_categories pc ON pc.product_id = i.product_id
        WHERE pc.category_id = ${category.id} AND o.created_at >= ${from}::timestamptz AND o.created_at < ${to}::timestamptz AND ${SOLD}`,
    );
    expect(await topCategories(ctx.db, range(from, to))).toEqual([
      {
        id: category.id,
        name: 'Walked',
        units: Number(categoryTotal[0]!.units),
        net_sales: Number(categoryTotal[0]!.net_sales),
      },
    ]);
    await inSync();
  });

  it('is empty after the orders are truncated', async () => {
    await ctx.db.execute(sql`TRUNCATE orders CASCADE`);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM order_category_sales WHERE (units, net_sales) <> (0, 0))
        + (SELECT count(*) FROM product_sales_bounds WHERE bound <> 0) AS n`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('links more products than lock stripes to a category in one statement with a bounded number of locks', async () => {
    // A catalog import of tens of thousands of products once took one advisory lock per product,
    // past the shared lock table. The products share 1,024 stripes (migration 0056): half as many
    // products again would take more locks than that one lock each.
    const shelf = await createCategory(ctx.db, { name: 'Bulk Shelf', slug: 'bulk-shelf' });
    await ctx.db.execute(sql`INSERT INTO products (name, sku, slug, price)
      SELECT 'Bulk ' || n, 'BULK-' || n, 'bulk-' || n, 100 FROM generate_series(1, 1536) n`);
    const locks = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO product_categories (product_id, category_id)
        SELECT id, ${shelf.id} FROM products WHERE sku LIKE 'BULK-%'`);
      const [held] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
          AND classid = 1668571233`,
      );
      return held!.n;
    });
    expect(locks).toBeGreaterThan(0);
    expect(locks).toBeLessThanOrEqual(1024);
    await inSync();
  });
});
