import type { Dashboard, DashboardFigures } from '@cartwheel/shared/contracts/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCartItem, createOrder, createProduct } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemoShop } from '../../db/seed/demo-shop.ts';
import { completeCheckout, orderBySession, payLocal, startCheckoutOk } from '../checkout/test-helpers.ts';
import { ordersOutOfStep, salesDaysOutOfStep } from '../orders/test-helpers.ts';

async function dashboardOf(ctx: TestContext, cookie: string, query: string): Promise<Dashboard> {
  return okJson(await getAs(ctx.app, cookie, `/api/admin/dashboard?${query}`));
}

/**
 * The dashboard's figures computed the plain way: one small SQL statement per figure, each saying in
 * words what it counts, so a mistake in the service's single statement cannot hide in both.
 */
async function figuresBySql(ctx: TestContext, from: string, to: string): Promise<DashboardFigures> {
  const sold = sql`o.created_at >= ${from}::timestamptz AND o.created_at < ${to}::timestamptz
    AND o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'`;
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ v: string | number | null }>(ctx.db, query);
    return Number(row?.v ?? 0);
  };
  // In the base currency: an order's base amount, or a part of its amount `name` at the ratio of the
  // two, rounded half away from zero (an order without base amounts is in the base currency).
  const base = (name: string) => sql.raw(`COALESCE(o.base_${name}_amount, o.${name}_amount)`);
  const inBase = (part: ReturnType<typeof sql>, name: string) =>
    sql`CASE WHEN ${sql.raw(`o.base_${name}_amount`)} IS NULL THEN ${part} WHEN ${sql.raw(`o.${name}_amount`)} = 0 THEN 0
      ELSE round((${part})::numeric * ${sql.raw(`o.base_${name}_amount`)} / ${sql.raw(`o.${name}_amount`)}) END`;
  /** Σ over the range's sold orders of a sum over each one's lines (`where` them), in the base currency. */
  const ofLines = (line: ReturnType<typeof sql>, where = sql`true`) =>
    one(sql`SELECT sum(${inBase(sql`l.v`, 'subtotal')}) AS v FROM orders o
      JOIN (SELECT i.order_id, sum(${line}) AS v FROM order_items i WHERE ${where} GROUP BY 1) l ON l.order_id = o.id
      WHERE ${sold}`);
  const orders = await one(sql`SELECT count(*) AS v FROM orders o WHERE ${sold}`);
  const subtotal = await one(sql`SELECT sum(${base('subtotal')}) AS v FROM orders o WHERE ${sold}`);
  const discounts = await one(sql`SELECT sum(${base('discount')}) AS v FROM orders o WHERE ${sold}`);
  // Lines marked refunded count on the order's day; refund records on the day they succeeded.
  const refunded =
    (await ofLines(sql`i.refunded_quantity * i.price_per_item`)) +
    (await one(
      sql`SELECT sum(${inBase(sql`r.amount`, 'total')} - ${inBase(sql`r.shipping_amount`, 'shipping')}
          - ${inBase(sql`r.tax_amount`, 'tax')}) AS v FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE r.status = 'succeeded' AND r.succeeded_at >= ${from}::timestamptz AND r.succeeded_at < ${to}::timestamptz
          AND o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'`,
    ));
  const shipping = await one(sql`SELECT sum(${base('shipping')}) AS v FROM orders o WHERE ${sold}`);
  const taxes = await one(sql`SELECT sum(${base('tax')}) AS v FROM orders o WHERE ${sold}`);
  const withCost = sql`i.cost_per_item IS NOT NULL`;
  const salesWithCost = await ofLines(sql`(i.quantity - i.refunded_quantity) * i.price_per_item`, withCost);
  const cost = await one(
    sql`SELECT sum((i.quantity - i.refunded_quantity) * i.cost_per_item) AS v
      FROM order_items i JOIN orders o ON o.id = i.order_id WHERE ${sold} AND ${withCost}`,
  );
  const itemsSold = await one(
    sql`SELECT sum(i.quantity - i.refunded_quantity) AS v FROM order_items i JOIN orders o ON o.id = i.order_id WHERE ${sold}`,
  );
  const itemsWithCost = await one(
    sql`SELECT sum(i.quantity - i.refunded_quantity) AS v
      FROM order_items i JOIN orders o ON o.id = i.order_id WHERE ${sold} AND ${withCost}`,
  );
  const drafts = await one(
    sql`SELECT count(*) AS v FROM draft_orders d LEFT JOIN orders o ON o.id = d.order_id
      WHERE d.created_at >= ${from}::timestamptz AND d.created_at < ${to}::timestamptz AND d.status = 'open'
        AND o.paid_at IS NULL`,
  );
  const grossProfit = salesWithCost - cost;
  return {
    orders,
    net_sales: subtotal - discounts - refunded,
    discounts,
    shipping,
    taxes,
    sales_with_cost: salesWithCost,
    cost_of_goods: cost,
    gross_profit: grossProfit,
    gross_margin: salesWithCost ? Math.round((grossProfit / salesWithCost) * 10_000) / 10_000 : null,
    items_sold: itemsSold,
    items_with_cost: itemsWithCost,
    draft_orders: drafts,
  };
}

describe('GET /api/admin/dashboard on the demo shop', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    // On the demo's base date: the shopper's orders keep their written dates, the year of trade ends there.
    await seedDemoShop(ctx.db, { now: new Date('2026-09-01T09:00:00Z') });
    cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
  });
  afterAll(async () => ctx?.close());

  it('computes the same figures as plain SQL over the whole year of demo orders', async () => {
    const from = '2026-01-01T00:00:00.000Z';
    const to = '2026-12-31T00:00:00.000Z';
    const dashboard = await dashboardOf(ctx, cookie, `from=${from}&to=${to}`);
    const expected = await figuresBySql(ctx, from, to);
    expect(dashboard.current).toEqual(expected);
    // Most of the year of demo trade (January to August); the cancelled and refunded ones do not count.
    expect(dashboard.current.orders).toBeGreaterThan(100);
    expect(dashboard.current.net_sales).toBeGreaterThan(0);
    expect(dashboard.current.items_with_cost).toBeLessThanOrEqual(dashboard.current.items_sold);
  });

  it('compares August with the previous period of the same length by default', async () => {
    const from = '2026-08-01T00:00:00.000Z';
    const to = '2026-09-01T00:00:00.000Z';
    const dashboard = await dashboardOf(ctx, cookie, `from=${from}&to=${to}`);
    expect(dashboard.range).toEqual({ from, to });
    expect(dashboard.compare).toEqual({ from: '2026-07-01T00:00:00.000Z', to: from });
    expect(dashboard.current).toEqual(await figuresBySql(ctx, from, to));
    expect(dashboard.previous).toEqual(await figuresBySql(ctx, '2026-07-01T00:00:00.000Z', from));
    // Both months of the demo's trade had sales.
    expect(dashboard.current.orders).toBeGreaterThan(0);
    expect(dashboard.previous.orders).toBeGreaterThan(0);
  });

  it('uses the comparison range it is given', async () => {
    const dashboard = await dashboardOf(
      ctx,
      cookie,
      'from=2026-08-01&to=2026-09-01&compare_from=2026-03-01&compare_to=2026-05-01',
    );
    expect(dashboard.compare).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-05-01T00:00:00.000Z' });
    expect(dashboard.previous).toEqual(
      await figuresBySql(ctx, '2026-03-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'),
    );
    expect(dashboard.previous.orders).toBeGreaterThan(0);
  });

  it('lists the five latest orders with customer, date, total and item count', async () => {
    const dashboard = await dashboardOf(ctx, cookie, '');
    expect(dashboard.recent_orders).toHaveLength(5);
    const [latest] = dashboard.recent_orders;
    const [newest] = await queryRows<{ order_number: number; name: string; created_at: Date; items: number }>(
      ctx.db,
      sql`SELECT o.order_number, o.customer_first_name || ' ' || o.customer_last_name AS name, o.created_at,
          (SELECT sum(quantity)::int FROM order_items i WHERE i.order_id = o.id) AS items
        FROM orders o ORDER BY o.created_at DESC LIMIT 1`,
    );
    expect(latest).toMatchObject({
      order_number: newest!.order_number,
      customer_name: newest!.name,
      created_at: new Date(newest!.created_at).toISOString(),
      item_count: newest!.items,
    });
    const numbers = dashboard.recent_orders.map((o) => o.order_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('ticks off the setup steps the demo shop has done', async () => {
    const dashboard = await dashboardOf(ctx, cookie, '');
    expect(dashboard.setup.map((s) => [s.key, s.done])).toEqual([
      ['add_product', true],
      ['payment_provider', false], // the local provider only simulates payments
      ['mail', false], // the outbox keeps emails; nothing is delivered until SMTP is configured
      ['first_order', true],
    ]);
  });
});

describe('GET /api/admin/dashboard figures', () => {
  let ctx: TestContext;
  let cookie: string;
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 9, d, h));

  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
    const costed = await createProduct(ctx.db, { price: 3000, costPrice: 1200 });
    const uncosted = await createProduct(ctx.db, { price: 500, costPrice: null });
    // Counted: paid, not cancelled, placed in October 1-7.
    await createOrder(
      ctx.db,
      { paymentStatus: 'paid', status: 'processing', shippingAmount: 700, createdAt: day(1) },
      [
        { product: costed, quantity: 2 },
        { product: uncosted, quantity: 3 },
      ],
    );
    await createOrder(
      ctx.db,
      // $9.00 off with a code: net sales count what the shopper paid for the goods.
      {
        paymentStatus: 'paid',
        status: 'delivered',
        taxAmount: 240,
        discountAmount: 900,
        totalAmount: 9000 - 900 + 240,
        createdAt: day(6),
      },
      [{ product: costed, quantity: 3, refundedQuantity: 1 }],
    );
    // Draft orders (Point of Sale) in the range: two open, one completed; only the open ones count.
    const at = day(3).toISOString();
    await ctx.db.execute(
      sql`INSERT INTO draft_orders (status, created_at)
        VALUES ('open', ${at}::timestamptz), ('open', ${at}::timestamptz), ('completed', ${at}::timestamptz)`,
    );
    // Not counted: unpaid (pending), cancelled, and outside the range. The order refunded in full
    // counts as an order whose sale its refund takes back: no net sales, no items sold.
    await createOrder(ctx.db, { paymentStatus: 'unpaid', status: 'pending', createdAt: day(3) }, [
      { product: costed, quantity: 9 },
    ]);
    await createOrder(ctx.db, { paymentStatus: 'paid', status: 'cancelled', createdAt: day(4) }, [
      { product: costed, quantity: 9 },
    ]);
    await createOrder(ctx.db, { paymentStatus: 'refunded', status: 'delivered', createdAt: day(5) }, [
      { product: costed, quantity: 9, refundedQuantity: 9 },
    ]);
    await createOrder(ctx.db, { paymentStatus: 'paid', status: 'shipped', createdAt: day(8, 0) }, [
      { product: uncosted, quantity: 1 },
    ]);
  });
  afterAll(async () => ctx?.close());

  it('adds up net sales, profit and margin from the counted orders only', async () => {
    const dashboard = await dashboardOf(ctx, cookie, 'from=2026-10-01&to=2026-10-08');
    // Sales 2 × 30 + 3 × 5 + 3 × 30 = 165.00, less the discount (9.00) and the refunded unit (30.00): 126.00.
    // Lines with a cost: 2 + 2 units × 30.00 = 120.00 in sales, 4 × 12.00 = 48.00 in cost.
    expect(dashboard.current).toEqual({
      orders: 3,
      net_sales: 12_600,
      discounts: 900,
      shipping: 700,
      taxes: 240,
      sales_with_cost: 12_000,
      cost_of_goods: 4_800,
      gross_profit: 7_200,
      gross_margin: 0.6,
      items_sold: 7,
      items_with_cost: 4,
      draft_orders: 2,
    });
  });

  it('compares with the previous seven days, which had no sales', async () => {
    const dashboard = await dashboardOf(ctx, cookie, 'from=2026-10-01&to=2026-10-08');
    expect(dashboard.compare).toEqual({ from: '2026-09-24T00:00:00.000Z', to: '2026-10-01T00:00:00.000Z' });
    expect(dashboard.previous).toMatchObject({ orders: 0, net_sales: 0, gross_margin: null, items_sold: 0 });
  });

  it('adds up a comparison range that overlaps the range on its own', async () => {
    const dashboard = await dashboardOf(
      ctx,
      cookie,
      'from=2026-10-01&to=2026-10-08&compare_from=2026-10-05&compare_to=2026-10-09',
    );
    expect(dashboard.current).toEqual(
      await figuresBySql(ctx, '2026-10-01T00:00:00.000Z', '2026-10-08T00:00:00.000Z'),
    );
    expect(dashboard.previous).toEqual(
      await figuresBySql(ctx, '2026-10-05T00:00:00.000Z', '2026-10-09T00:00:00.000Z'),
    );
    // The delivered order of October 6 (2 units left after its refund) is in both, the shipped one of
    // October 8 only in the comparison, the refunded one of October 5 in both with no items sold.
    expect(dashboard.previous).toMatchObject({ orders: 3, items_sold: 3 });
  });

  it('adds up ranges whose ends are not UTC midnights, and a range within one day', async () => {
    // October 1 05:00 to October 6 17:00 (midnight to 10 pm in New York), against 6 am to 6 pm on October 6.
    const from = '2026-10-01T05:00:00.000Z';
    const to = '2026-10-06T17:00:00.000Z';
    const dashboard = await dashboardOf(
      ctx,
      cookie,
      `from=${from}&to=${to}&compare_from=2026-10-06T06:00:00.000Z&compare_to=2026-10-06T18:00:00.000Z`,
    );
    expect(dashboard.current).toEqual(await figuresBySql(ctx, from, to));
    expect(dashboard.previous).toEqual(
      await figuresBySql(ctx, '2026-10-06T06:00:00.000Z', '2026-10-06T18:00:00.000Z'),
    );
    // The order of October 1 at noon, and the one of October 6 at noon in both.
    // Both months of the demo's trade had sales.
    expect(dashboard.current.orders).toBeGreaterThan(0);
    expect(dashboard.previous.orders).toBeGreaterThan(0);
    // An hour either side of noon on October 6, and an hour that ends just before it.
    const around = await dashboardOf(
      ctx,
      cookie,
      'from=2026-10-06T11:00:00.000Z&to=2026-10-06T13:00:00.000Z&compare_from=2026-10-06T11:00:00.000Z&compare_to=2026-10-06T12:00:00.000Z',
    );
    expect([around.current.orders, around.previous.orders]).toEqual([1, 0]);
  });

  it('counts an order placed exactly at the end of the range in the next range', async () => {
    const dashboard = await dashboardOf(ctx, cookie, 'from=2026-10-08&to=2026-10-09');
    expect(dashboard.current.orders).toBe(1);
    expect(dashboard.current.items_with_cost).toBe(0);
  });

  it('rejects a range that ends before it starts, or a malformed date', async () => {
    for (const query of [
      'from=2026-10-08&to=2026-10-01',
      'from=yesterday',
      'compare_from=2026-10-09&compare_to=2026-10-01',
    ]) {
      const res = await getAs(ctx.app, cookie, `/api/admin/dashboard?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('shows the setup steps still to do on an empty shop', async () => {
    const empty = await createTestApp();
    try {
      const staff = await signUpAs(empty.app, empty.db, 'staff');
      const dashboard = await dashboardOf(empty, staff.cookie, '');
      expect(dashboard.setup.filter((s) => !s.done).map((s) => s.key)).toEqual([
        'add_product',
        'payment_provider',
        'mail',
        'first_order',
      ]);
      expect(dashboard.setup[0]!.href).toBe('/admin/products/new');
      expect(dashboard.current.orders).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

describe('GET /api/admin/dashboard as orders go through checkout and the back office', () => {
  let ctx: TestContext;
  let cookie: string;
  // Orders placed by checkout are dated now: a range around it.
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
  });
  afterAll(async () => ctx?.close());

  /** The dashboard equals plain SQL, and the sums it reads equal the orders and lines they sum. */
  async function expectExact() {
    const dashboard = await dashboardOf(ctx, cookie, `from=${from}&to=${to}`);
    expect(dashboard.current).toEqual(await figuresBySql(ctx, from, to));
    expect(await ordersOutOfStep(ctx.db)).toEqual([]);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    return dashboard.current;
  }

  async function checkout(lines: Array<{ productId: string; quantity: number }>, pay: boolean) {
    const shopper = await signUp(ctx.app);
    for (const line of lines) await addCartItem(ctx.db, shopper.id, line.productId, line.quantity);
    const { sessionId } = await startCheckoutOk(ctx.app, shopper.cookie);
    if (pay) {
      expect((await payLocal(ctx.app, sessionId)).statusCode).toBe(303);
      expect((await completeCheckout(ctx.app, shopper.cookie, sessionId)).statusCode).toBe(200);
    }
    return (await orderBySession(ctx.db, sessionId))!.id;
  }

  const action = async (method: 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('stays equal to plain SQL through payment, fulfilment, status changes and cancellation', async () => {
    const costed = await createProduct(ctx.db, { price: 4000, costPrice: 1500, inventoryLevel: 50 });
    const uncosted = await createProduct(ctx.db, { price: 900, costPrice: null, inventoryLevel: 50 });
    // An unpaid checkout is not an order: neither a sale nor a draft.
    await checkout([{ productId: costed.id, quantity: 2 }], false);
    expect(await expectExact()).toMatchObject({ orders: 0, draft_orders: 0 });

    const paid = await checkout(
      [
        { productId: costed.id, quantity: 1 },
        { productId: uncosted.id, quantity: 3 },
      ],
      true,
    );
    const other = await checkout([{ productId: costed.id, quantity: 4 }], true);
    expect(await expectExact()).toMatchObject({ orders: 2, items_sold: 8, items_with_cost: 5 });

    await action('POST', `/api/admin/orders/${paid}/fulfil`);
    await action('PATCH', `/api/admin/orders/${other}/status`, { status: 'delivered' });
    expect(await expectExact()).toMatchObject({ orders: 2, draft_orders: 0 });

    // Cancelling a paid order refunds its lines and takes it out of the sales.
    await action('POST', `/api/admin/orders/${other}/cancel`);
    expect(await expectExact()).toMatchObject({ orders: 1, items_sold: 4, items_with_cost: 1 });
    expect(await expectExact()).toMatchObject({ orders: 1, net_sales: 4000 + 3 * 900 });
  });
});
