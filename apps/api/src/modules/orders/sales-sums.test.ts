import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOverlappingTransactions } from '../../../test/concurrency.ts';
import { addCartItem, createOrder, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { orderBySession, startCheckoutOk } from '../checkout/test-helpers.ts';
import { LINE_SUMS, ordersOutOfStep, salesDaysOutOfStep } from './test-helpers.ts';

interface LineTotals {
  refunded: number;
  sales_with_cost: number;
  cost_of_goods: number;
  items_sold: number;
  items_with_cost: number;
}

/** The order's lines_* columns, as the trigger on order_items keeps them. */
async function storedTotals(db: Db, orderId: string): Promise<LineTotals> {
  const [row] = await queryRows<Record<keyof LineTotals, string | number>>(
    db,
    sql`SELECT lines_refunded_amount AS refunded, lines_sales_with_cost AS sales_with_cost,
        lines_cost_of_goods AS cost_of_goods, lines_items_sold AS items_sold,
        lines_items_with_cost AS items_with_cost
      FROM orders WHERE id = ${orderId}`,
  );
  return numbers(row!);
}

/** The same figures added up from the order's lines the plain way. */
async function totalsFromLines(db: Db, orderId: string): Promise<LineTotals> {
  const [row] = await queryRows<Record<keyof LineTotals, string | number | null>>(
    db,
    sql`SELECT ${LINE_SUMS} FROM order_items i WHERE i.order_id = ${orderId}`,
  );
  return numbers(row!);
}

/** The totals of an order without lines. */
const NO_LINES: LineTotals = {
  refunded: 0,
  sales_with_cost: 0,
  cost_of_goods: 0,
  items_sold: 0,
  items_with_cost: 0,
};

function numbers(row: Record<keyof LineTotals, string | number | null>): LineTotals {
  const n = (v: string | number | null) => Number(v ?? 0);
  return {
    refunded: n(row.refunded),
    sales_with_cost: n(row.sales_with_cost),
    cost_of_goods: n(row.cost_of_goods),
    items_sold: n(row.items_sold),
    items_with_cost: n(row.items_with_cost),
  };
}

describe("orders.lines_*: each order's line sums, kept by the trigger on order_items", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('adds up the lines inserted with the order, refunds and lines without a cost included', async () => {
    const costed = await createProduct(ctx.db, { price: 3000, costPrice: 1200 });
    const uncosted = await createProduct(ctx.db, { price: 500, costPrice: null });
    const { order } = await createOrder(ctx.db, { paymentStatus: 'paid', status: 'processing' }, [
      { product: costed, quantity: 3, refundedQuantity: 1 },
      { product: uncosted, quantity: 4 },
    ]);
    expect(await storedTotals(ctx.db, order.id)).toEqual({
      refunded: 3000,
      sales_with_cost: 2 * 3000,
      cost_of_goods: 2 * 1200,
      items_sold: 2 + 4,
      items_with_cost: 2,
    });
  });

  it('follows every kind of change to the lines: refund, price, cost, quantity, a moved line, a deleted line', async () => {
    const product = await createProduct(ctx.db, { price: 2000, costPrice: 800 });
    const a = await createOrder(ctx.db, { paymentStatus: 'paid', status: 'delivered' }, [
      { product, quantity: 2 },
      { product, quantity: 5, costPerItem: null },
    ]);
    const b = await createOrder(ctx.db, { paymentStatus: 'paid', status: 'shipped' }, [
      { product, quantity: 1 },
    ]);
    const [first, second] = a.items;
    const check = async () => {
      expect(await storedTotals(ctx.db, a.order.id)).toEqual(await totalsFromLines(ctx.db, a.order.id));
      expect(await storedTotals(ctx.db, b.order.id)).toEqual(await totalsFromLines(ctx.db, b.order.id));
    };
    await check();

    await ctx.db.execute(sql`UPDATE order_items SET refunded_quantity = 1 WHERE id = ${first!.id}`);
    await check();
    expect((await storedTotals(ctx.db, a.order.id)).refunded).toBe(2000);
    // Several rows of several orders in one statement.
    await ctx.db.execute(
      sql`UPDATE order_items SET price_per_item = price_per_item + 100, cost_per_item = 900
        WHERE order_id IN (${a.order.id}, ${b.order.id})`,
    );
    await check();
    await ctx.db.execute(
      sql`UPDATE order_items SET quantity = 6, cost_per_item = NULL WHERE id = ${first!.id}`,
    );
    await check();
    await ctx.db.execute(sql`UPDATE order_items SET order_id = ${b.order.id} WHERE id = ${second!.id}`);
    await check();
    expect((await storedTotals(ctx.db, b.order.id)).items_sold).toBe(1 + 5);
    await ctx.db.execute(sql`DELETE FROM order_items WHERE id = ${first!.id}`);
    await check();
    expect(await storedTotals(ctx.db, a.order.id)).toEqual(NO_LINES);
  });

  it('starts a new order at zero whatever sums are written with it, so its lines are not counted twice', async () => {
    const product = await createProduct(ctx.db, { price: 800, costPrice: 300 });
    const [copied] = await queryRows<{ id: string }>(
      ctx.db,
      sql`INSERT INTO orders (status, payment_status, subtotal_amount, total_amount, lines_refunded_amount,
          lines_sales_with_cost, lines_cost_of_goods, lines_items_sold, lines_items_with_cost)
        VALUES ('delivered', 'paid', 1600, 1600, 0, 1600, 600, 2, 2) RETURNING id`,
    );
    expect(await storedTotals(ctx.db, copied!.id)).toEqual(NO_LINES);
    await ctx.db.execute(
      sql`INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_per_item,
          cost_per_item, total_amount)
        VALUES (${copied!.id}, ${product.id}, 'Copied', 'COPIED', 2, 800, 300, 1600)`,
    );
    expect(await storedTotals(ctx.db, copied!.id)).toEqual(await totalsFromLines(ctx.db, copied!.id));
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
  });

  it('leaves the order row alone when only the fulfilled quantity changes', async () => {
    const product = await createProduct(ctx.db, { price: 1500, costPrice: 500 });
    const { order, items } = await createOrder(ctx.db, { paymentStatus: 'paid', status: 'processing' }, [
      { product, quantity: 2 },
    ]);
    // xmin is the transaction that last wrote the row.
    const version = () =>
      queryRows<{ xmin: string }>(ctx.db, sql`SELECT xmin FROM orders WHERE id = ${order.id}`);
    const before = await version();
    await ctx.db.execute(sql`UPDATE order_items SET fulfilled_quantity = 2 WHERE id = ${items[0]!.id}`);
    expect(await version()).toEqual(before);
  });

  it('fills them in for an order and its lines created in one statement, as checkout does', async () => {
    const user = await signUp(ctx.app);
    const lamp = await createProduct(ctx.db, {
      name: 'Desk Lamp',
      price: 4999,
      costPrice: 2000,
      inventoryLevel: 5,
    });
    const mug = await createProduct(ctx.db, { name: 'Mug', price: 1250, costPrice: null, inventoryLevel: 5 });
    await addCartItem(ctx.db, user.id, lamp.id, 1);
    await addCartItem(ctx.db, user.id, mug.id, 2);
    const { sessionId } = await startCheckoutOk(ctx.app, user.cookie);
    const order = await orderBySession(ctx.db, sessionId);
    expect(await storedTotals(ctx.db, order!.id)).toEqual({
      refunded: 0,
      sales_with_cost: 4999,
      cost_of_goods: 2000,
      items_sold: 3,
      items_with_cost: 1,
    });
  });

  it('is zero for every order after the lines are truncated', async () => {
    expect(await ordersOutOfStep(ctx.db)).toEqual([]);
    // CASCADE: the fulfilment and refund lines refer to the order lines.
    await ctx.db.execute(sql`TRUNCATE order_items CASCADE`);
    expect(await ordersOutOfStep(ctx.db)).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE lines_items_sold <> 0`,
    );
    expect(row!.n).toBe(0);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
  });
});

describe("order_sales_daily: the sold orders' sums per UTC day, kept by the trigger on orders", () => {
  let ctx: TestContext;
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const day = async (date: string) => {
    const [row] = await queryRows<{ orders: number; subtotal_amount: string; items_sold: string }>(
      ctx.db,
      sql`SELECT sum(orders) AS orders, sum(subtotal_amount) AS subtotal_amount, sum(items_sold) AS items_sold
        FROM order_sales_daily WHERE day = ${date}::date HAVING count(*) > 0`,
    );
    return row
      ? { orders: Number(row.orders), subtotal: Number(row.subtotal_amount), items: Number(row.items_sold) }
      : null;
  };

  it('counts an order on its UTC day once it is paid, and not while it is unpaid or cancelled', async () => {
    const product = await createProduct(ctx.db, { price: 1000, costPrice: 400 });
    // 23:30 in New York on March 2 is March 3 in UTC.
    const { order } = await createOrder(
      ctx.db,
      { paymentStatus: 'unpaid', status: 'pending', createdAt: at('2026-03-03T04:30:00Z') },
      [{ product, quantity: 2 }],
    );
    expect(await day('2026-03-03')).toBeNull();
    await ctx.db.execute(
      sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = ${order.id}`,
    );
    expect(await day('2026-03-03')).toEqual({ orders: 1, subtotal: 2000, items: 2 });
    // A fulfilment or a status between paid ones moves nothing.
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'delivered', fulfillment_status = 'fulfilled' WHERE id = ${order.id}`,
    );
    expect(await day('2026-03-03')).toEqual({ orders: 1, subtotal: 2000, items: 2 });
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'cancelled', payment_status = 'refunded' WHERE id = ${order.id}`,
    );
    expect(await day('2026-03-03')).toEqual({ orders: 0, subtotal: 0, items: 0 });
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
  });

  it('follows amounts, refunded lines, a change of day and deleted orders', async () => {
    const product = await createProduct(ctx.db, { price: 2500, costPrice: 1000 });
    const a = await createOrder(
      ctx.db,
      {
        paymentStatus: 'paid',
        status: 'processing',
        shippingAmount: 500,
        createdAt: at('2026-04-10T12:00:00Z'),
      },
      [{ product, quantity: 3 }],
    );
    const b = await createOrder(
      ctx.db,
      { paymentStatus: 'paid', status: 'shipped', createdAt: at('2026-04-10T23:59:59Z') },
      [{ product, quantity: 1, costPerItem: null }],
    );
    expect(await day('2026-04-10')).toEqual({ orders: 2, subtotal: 10_000, items: 4 });
    await ctx.db.execute(sql`UPDATE order_items SET refunded_quantity = 1 WHERE order_id = ${a.order.id}`);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    await ctx.db.execute(
      sql`UPDATE orders SET shipping_amount = 900, tax_amount = 120, discount_amount = 100,
        total_amount = subtotal_amount - 100 + 900 + 120 WHERE id = ${a.order.id}`,
    );
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    await ctx.db.execute(sql`UPDATE orders SET created_at = '2026-04-11T00:00:00Z' WHERE id = ${b.order.id}`);
    expect(await day('2026-04-11')).toEqual({ orders: 1, subtotal: 2500, items: 1 });
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    // Several orders of several days in one statement, then deleted (their lines go with them).
    await ctx.db.execute(
      sql`UPDATE orders SET created_at = created_at - interval '1 day', subtotal_amount = subtotal_amount + 1,
        total_amount = total_amount + 1
        WHERE id IN (${a.order.id}, ${b.order.id})`,
    );
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    await ctx.db.execute(sql`DELETE FROM orders WHERE id IN (${a.order.id}, ${b.order.id})`);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    expect(await day('2026-04-09')).toEqual({ orders: 0, subtotal: 0, items: 0 });
  });

  it('stays exact when transactions pay orders of one day and change lines of one order at once', async () => {
    const product = await createProduct(ctx.db, { price: 1200, costPrice: 500 });
    const placed = at('2026-06-15T10:00:00Z');
    const unpaid = await Promise.all(
      Array.from({ length: 12 }, () =>
        createOrder(ctx.db, { paymentStatus: 'unpaid', status: 'pending', createdAt: placed }, [
          { product, quantity: 2 },
        ]),
      ),
    );
    const shared = await createOrder(
      ctx.db,
      { paymentStatus: 'paid', status: 'processing', createdAt: placed },
      [
        { product, quantity: 3 },
        { product, quantity: 3 },
        { product, quantity: 3 },
      ],
    );
    await inOverlappingTransactions(ctx.db, [
      ...unpaid.map(
        ({ order }) =>
          sql`UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = ${order.id}`,
      ),
      ...shared.items.map(
        (line) => sql`UPDATE order_items SET refunded_quantity = refunded_quantity + 1 WHERE id = ${line.id}`,
      ),
    ]);
    expect(await ordersOutOfStep(ctx.db)).toEqual([]);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    expect(await day('2026-06-15')).toEqual({
      orders: 13,
      subtotal: 12 * 2400 + 3 * 3600,
      items: 12 * 2 + 3 * 2,
    });
  });

  it('adds up orders inserted many at a time, and is empty after the orders are truncated', async () => {
    const product = await createProduct(ctx.db, { price: 700, costPrice: 300 });
    await ctx.db.execute(
      sql`INSERT INTO orders (status, payment_status, subtotal_amount, total_amount, created_at)
        SELECT 'delivered', 'paid', 700 * n, 700 * n, '2026-05-01T00:00:00Z'::timestamptz + n * interval '7 hours'
        FROM generate_series(1, 20) n`,
    );
    await ctx.db.execute(
      sql`INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_per_item,
          cost_per_item, total_amount)
        SELECT o.id, ${product.id}, 'Bulk', 'BULK', o.subtotal_amount / 700, 700, 300, o.subtotal_amount
        FROM orders o WHERE o.created_at > '2026-05-01T00:00:00Z' AND o.created_at < '2026-05-07T00:00:00Z'`,
    );
    expect(await ordersOutOfStep(ctx.db)).toEqual([]);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    expect(await day('2026-05-01')).toEqual({ orders: 3, subtotal: (1 + 2 + 3) * 700, items: 1 + 2 + 3 });
    await ctx.db.execute(sql`TRUNCATE orders CASCADE`);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM order_sales_daily`,
    );
    expect(row!.n).toBe(0);
  });
});
