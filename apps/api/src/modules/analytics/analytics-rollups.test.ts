import type { Analytics } from '@cartwheel/shared/contracts/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCustomer, createOrder, createProduct } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { splitAtMonths } from './top-sellers.ts';

// The rollups of migration 0031 (decision 0032) against the same figures added up the plain way from
// orders and order_items, after each kind of write the shop and plain SQL make.

const SOLD = sql`o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'`;

/** Rows of order_product_sales that differ from the sold lines added up per day and month. */
async function productSalesOutOfStep(db: Db): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`WITH expected AS (
        SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date AS period_start,
          i.product_id, i.product_name, count(*) AS lines, sum(i.quantity - i.refunded_quantity) AS units,
          sum(i.total_amount - i.discount_amount - i.refunded_quantity * i.price_per_item) AS net_sales
        FROM orders o JOIN order_items i ON i.order_id = o.id CROSS JOIN (VALUES ('day'), ('month')) g (grain)
        WHERE ${SOLD} AND i.product_id IS NOT NULL GROUP BY 1, 2, 3, 4
      ), stored AS (SELECT * FROM order_product_sales WHERE (lines, units, net_sales) <> (0, 0, 0))
      SELECT concat_ws(' ', COALESCE(s.grain, e.grain), COALESCE(s.period_start, e.period_start),
          COALESCE(s.product_name, e.product_name)) AS key
      FROM stored s FULL JOIN expected e ON (e.grain, e.period_start, e.product_id, e.product_name)
        = (s.grain, s.period_start, s.product_id, s.product_name)
      WHERE (s.lines, s.units, s.net_sales) IS DISTINCT FROM (e.lines, e.units, e.net_sales)
      ORDER BY 1`,
  );
  return rows.map((r) => r.key);
}

/** Buyers whose first sold order in buyer_first_orders differs from the orders'. */
async function buyersOutOfStep(db: Db): Promise<string[]> {
  const rows = await queryRows<{ buyer: string }>(
    db,
    sql`WITH expected AS (
        SELECT COALESCE(o.customer_id::text, lower(o.customer_email)) AS buyer, min(o.created_at) AS first_at
        FROM orders o WHERE ${SOLD} GROUP BY 1 HAVING COALESCE(o.customer_id::text, lower(o.customer_email)) IS NOT NULL
      )
      SELECT COALESCE(b.buyer, e.buyer) AS buyer
      FROM buyer_first_orders b FULL JOIN expected e ON e.buyer = b.buyer
      WHERE b.first_order_at IS DISTINCT FROM e.first_at ORDER BY 1`,
  );
  return rows.map((r) => r.buyer);
}

async function productRow(db: Db, grain: 'day' | 'month', period: string, productId: string) {
  const [row] = await queryRows<{ lines: number; units: string; net_sales: string }>(
    db,
    sql`SELECT lines, units, net_sales FROM order_product_sales
      WHERE grain = ${grain} AND period_start = ${period}::date AND product_id = ${productId}`,
  );
  return row
    ? { lines: Number(row.lines), units: Number(row.units), net_sales: Number(row.net_sales) }
    : null;
}

async function firstOrderOf(db: Db, buyer: string) {
  const [row] = await queryRows<{ at: string }>(
    db,
    sql`SELECT to_json(first_order_at) #>> '{}' AS at FROM buyer_first_orders WHERE buyer = ${buyer}`,
  );
  return row ? new Date(row.at).toISOString() : null;
}

const paid = { paymentStatus: 'paid', status: 'processing' } as const;
const at = (iso: string) => new Date(iso);

describe('order_product_sales and buyer_first_orders, kept by triggers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const inSync = async () => {
    expect(await productSalesOutOfStep(ctx.db)).toEqual([]);
    expect(await buyersOutOfStep(ctx.db)).toEqual([]);
  };

  it('counts lines once their order is paid, keeps them through a fulfilment, drops them on cancellation', async () => {
    const lamp = await createProduct(ctx.db, { name: 'Rollup Lamp', price: 4000 });
    const { order, items } = await createOrder(
      ctx.db,
      { paymentStatus: 'unpaid', status: 'pending', createdAt: at('2026-02-27T22:00:00Z') },
      [
        { product: lamp, quantity: 2 },
        { product: lamp, quantity: 1, productName: 'Rollup Lamp' },
      ],
    );
    expect(await productRow(ctx.db, 'day', '2026-02-27', lamp.id)).toBeNull();
    await ctx.db.execute(
      sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = ${order.id}`,
    );
    expect(await productRow(ctx.db, 'day', '2026-02-27', lamp.id)).toEqual({
      lines: 2,
      units: 3,
      net_sales: 12_000,
    });
    expect(await productRow(ctx.db, 'month', '2026-02-01', lamp.id)).toEqual({
      lines: 2,
      units: 3,
      net_sales: 12_000,
    });
    await ctx.db.execute(
      sql`UPDATE order_items SET fulfilled_quantity = quantity WHERE order_id = ${order.id}`,
    );
    await ctx.db.execute(sql`UPDATE orders SET status = 'delivered' WHERE id = ${order.id}`);
    expect(await productRow(ctx.db, 'day', '2026-02-27', lamp.id)).toEqual({
      lines: 2,
      units: 3,
      net_sales: 12_000,
    });
    // A refunded unit leaves the units and the net sales, at the price it was sold for.
    await ctx.db.execute(sql`UPDATE order_items SET refunded_quantity = 1 WHERE id = ${items[0]!.id}`);
    expect(await productRow(ctx.db, 'day', '2026-02-27', lamp.id)).toEqual({
      lines: 2,
      units: 2,
      net_sales: 8000,
    });
    await ctx.db.execute(sql`UPDATE orders SET payment_status = 'partially_refunded' WHERE id = ${order.id}`);
    expect(await productRow(ctx.db, 'month', '2026-02-01', lamp.id)).toEqual({
      lines: 2,
      units: 2,
      net_sales: 8000,
    });
    await inSync();
    await ctx.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}`);
    expect(await productRow(ctx.db, 'day', '2026-02-27', lamp.id)).toEqual({
      lines: 0,
      units: 0,
      net_sales: 0,
    });
    expect(await productRow(ctx.db, 'month', '2026-02-01', lamp.id)).toEqual({
      lines: 0,
      units: 0,
      net_sales: 0,
    });
    await inSync();
  });

  it("moves a buyer's first order when it is cancelled, and forgets a buyer left without sold orders", async () => {
    const customer = await createCustomer(ctx.db);
    const first = await createOrder(ctx.db, {
      ...paid,
      customerId: customer.id,
      createdAt: at('2026-01-05T10:00:00Z'),
    });
    await createOrder(ctx.db, { ...paid, customerId: customer.id, createdAt: at('2026-03-05T10:00:00Z') });
    expect(await firstOrderOf(ctx.db, customer.id)).toBe('2026-01-05T10:00:00.000Z');
    await ctx.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${first.order.id}`);
    expect(await firstOrderOf(ctx.db, customer.id)).toBe('2026-03-05T10:00:00.000Z');
    // A guest is their email, whatever its case; an unpaid checkout is no order yet.
    const guest = await createOrder(ctx.db, {
      ...paid,
      customerEmail: 'Once@Example.com',
      createdAt: at('2026-04-01T00:00:00Z'),
    });
    await createOrder(ctx.db, {
      paymentStatus: 'unpaid',
      status: 'pending',
      orderNumber: null,
      customerEmail: 'once@example.com',
      createdAt: at('2026-03-01T00:00:00Z'),
    });
    expect(await firstOrderOf(ctx.db, 'once@example.com')).toBe('2026-04-01T00:00:00.000Z');
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'cancelled', payment_status = 'refunded' WHERE id = ${guest.order.id}`,
    );
    expect(await firstOrderOf(ctx.db, 'once@example.com')).toBeNull();
    await inSync();
  });

  it('equals the plain sums after a mixed sequence of writes', async () => {
    const [a, b] = await Promise.all([
      createProduct(ctx.db, { name: 'Mixed A', price: 1500 }),
      createProduct(ctx.db, { name: 'Mixed B', price: 700 }),
    ]);
    const customer = await createCustomer(ctx.db);
    const orders = [];
    for (let k = 0; k < 6; k++) {
      orders.push(
        await createOrder(
          ctx.db,
          {
            ...(k % 3 === 2 ? { paymentStatus: 'unpaid', status: 'pending' } : paid),
            customerId: k % 2 ? customer.id : null,
            customerEmail: `Mixed-${k % 3}@example.com`,
            createdAt: at(`2026-05-${30 + (k % 2)}T${10 + k}:00:00Z`),
          },
          [
            { product: a, quantity: 1 + k },
            { product: b, quantity: 2, refundedQuantity: k % 2 },
          ],
        ),
      );
    }
    await inSync();
    const ids = orders.map((o) => o.order.id);
    // Pay the unpaid ones in one statement; move two orders across the month's end; change a buyer.
    await ctx.db.execute(
      sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id IN (${ids[2]}, ${ids[5]})`,
    );
    await inSync();
    await ctx.db.execute(
      sql`UPDATE orders SET created_at = created_at + interval '2 days' WHERE id IN (${ids[0]}, ${ids[1]})`,
    );
    await ctx.db.execute(
      sql`UPDATE orders SET customer_email = 'someone-else@example.com' WHERE id = ${ids[4]}`,
    );
    await inSync();
    // Lines: a price change, a line moved to another order, a new line of a paid order, a deleted line.
    await ctx.db.execute(
      sql`UPDATE order_items SET price_per_item = price_per_item + 100, total_amount = total_amount + 100 * quantity, discount_amount = 50 WHERE order_id = ${ids[3]}`,
    );
    await ctx.db.execute(
      sql`UPDATE order_items SET order_id = ${ids[1]} WHERE id = ${orders[0]!.items[0]!.id}`,
    );
    await ctx.db.execute(
      sql`INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_per_item, total_amount)
        VALUES (${ids[2]}, ${b.id}, 'Mixed B (renamed)', 'MIXED-B', 4, 700, 2800)`,
    );
    await ctx.db.execute(sql`DELETE FROM order_items WHERE id = ${orders[5]!.items[1]!.id}`);
    await inSync();
    // Cancellations, a refund, an order deleted with its lines, a product deleted (its lines keep their
    // name but lose the product), a customer deleted (their orders become guest orders).
    await ctx.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${ids[1]}`);
    await ctx.db.execute(sql`UPDATE orders SET payment_status = 'refunded' WHERE id = ${ids[3]}`);
    await ctx.db.execute(sql`DELETE FROM orders WHERE id = ${ids[2]}`);
    await inSync();
    await ctx.db.execute(sql`UPDATE orders SET status = 'processing' WHERE id = ${ids[1]}`);
    await ctx.db.execute(sql`DELETE FROM products WHERE id = ${a.id}`);
    await ctx.db.execute(sql`DELETE FROM users WHERE id = ${customer.id}`);
    await inSync();
  });

  it('stays exact when transactions pay orders of one product and buyer at once', async () => {
    const product = await createProduct(ctx.db, { name: 'Busy', price: 900 });
    const customer = await createCustomer(ctx.db);
    const unpaid = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        createOrder(
          ctx.db,
          {
            paymentStatus: 'unpaid',
            status: 'pending',
            customerId: customer.id,
            createdAt: at(`2026-07-0${1 + (k % 3)}T12:00:00Z`),
          },
          [{ product, quantity: 1 + (k % 2) }],
        ),
      ),
    );
    // Each transaction holds its row locks a moment, so on PostgreSQL they overlap.
    await Promise.all(
      unpaid.map(({ order }, k) =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(
            sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = ${order.id}`,
          );
          if (k % 4 === 0)
            await tx.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}`);
          await tx.execute(sql`SELECT pg_sleep(0.02)`);
        }),
      ),
    );
    await inSync();
    expect(await productRow(ctx.db, 'month', '2026-07-01', product.id)).toMatchObject({ lines: 7 });
  });

  it('answers top sellers and buyers over months, days and partial days as the orders themselves do', async () => {
    const category = await createCategory(ctx.db, { name: 'Spanning', slug: 'spanning' });
    const products = await Promise.all(
      [3100, 2900, 1000].map((price, k) =>
        createProduct(ctx.db, { name: `Spanning ${k}`, price }, { categoryIds: [category.id] }),
      ),
    );
    // Orders every 41 hours from December 2026 to May 2027, a few of them cancelled or unpaid.
    for (let k = 0; k < 90; k++) {
      const createdAt = new Date(Date.parse('2026-12-01T05:00:00Z') + k * 41 * 3_600_000);
      const state =
        k % 9 === 4
          ? { paymentStatus: 'paid', status: 'cancelled' }
          : k % 11 === 3
            ? { paymentStatus: 'unpaid', status: 'pending' }
            : paid;
      await createOrder(
        ctx.db,
        { ...state, createdAt, customerEmail: `spanning-${k % 13}@example.com` } as never,
        [
          { product: products[k % 3], quantity: 1 + (k % 4), refundedQuantity: k % 5 === 0 ? 1 : 0 },
          { product: products[(k + 1) % 3], quantity: 2 },
        ],
      );
    }
    const cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
    const from = '2027-01-15T13:30:00.000Z';
    const to = '2027-04-10T07:15:00.000Z';
    const a: Analytics = okJson(await getAs(ctx.app, cookie, `/api/admin/analytics?from=${from}&to=${to}`));
    const expected = await queryRows<{ id: string; name: string; units: string; net_sales: string }>(
      ctx.db,
      sql`SELECT i.product_id AS id, max(i.product_name) AS name, sum(i.quantity - i.refunded_quantity) AS units,
          sum(i.total_amount - i.discount_amount - i.refunded_quantity * i.price_per_item) AS net_sales
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.created_at >= ${from}::timestamptz AND o.created_at < ${to}::timestamptz AND ${SOLD}
        GROUP BY 1 ORDER BY 4 DESC`,
    );
    expect(a.top_products).toEqual(
      expected.map((r) => ({
        id: r.id,
        name: r.name,
        units: Number(r.units),
        net_sales: Number(r.net_sales),
      })),
    );
    expect(a.top_categories).toEqual([
      {
        id: category.id,
        name: 'Spanning',
        units: expected.reduce((sum, r) => sum + Number(r.units), 0),
        net_sales: expected.reduce((sum, r) => sum + Number(r.net_sales), 0),
      },
    ]);
    // 13 guests, all of whom bought in December: none is new after mid-January.
    expect(a.customers).toEqual({ new: 0, returning: 13 });
  });

  it('is empty after the orders are truncated', async () => {
    await ctx.db.execute(sql`TRUNCATE orders CASCADE`);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM order_product_sales) + (SELECT count(*) FROM buyer_first_orders) AS n`,
    );
    expect(Number(row!.n)).toBe(0);
  });
});

describe('splitAtMonths', () => {
  const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
  const parts = (from: string, to: string) =>
    splitAtMonths(range(from, to)).map((p) => [
      p.grain,
      p.from.toISOString().slice(0, 10),
      p.to.toISOString().slice(0, 10),
    ]);

  it('reads the whole months of a range as months and the days at either end as days', () => {
    expect(parts('2025-11-27', '2026-11-26')).toEqual([
      ['day', '2025-11-27', '2025-12-01'],
      ['month', '2025-12-01', '2026-11-01'],
      ['day', '2026-11-01', '2026-11-26'],
    ]);
    expect(parts('2026-03-01', '2026-05-01')).toEqual([['month', '2026-03-01', '2026-05-01']]);
  });

  it('reads a range without a whole month as days', () => {
    expect(parts('2026-10-27', '2026-11-26')).toEqual([['day', '2026-10-27', '2026-11-26']]);
    expect(parts('2026-10-02', '2026-10-31')).toEqual([['day', '2026-10-02', '2026-10-31']]);
  });
});
