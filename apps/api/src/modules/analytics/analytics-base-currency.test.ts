import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Analytics } from '@cartwheel/shared/contracts/analytics';
import type { Dashboard } from '@cartwheel/shared/contracts/dashboard';
import type { Finances } from '@cartwheel/shared/contracts/finances';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCustomer, createOrder, createProduct } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../lib/paths.ts';
import { discounts } from '../discounts/discounts.schema.ts';
import { toBaseAmount } from '../markets/convert.ts';

// Analytics and finances in the base currency (decision 0070): orders sold in euros, pounds, yen and
// dollars, each counted at its own rate, with a breakdown per currency; on both databases.

interface Sale {
  currency: string;
  rate: string;
  /** Two units of one product at half this each. */
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  inclusive: boolean;
  /** False: written in the base currency without base amounts, as orders before markets were. */
  withBase?: false;
}

/** The order's base amounts as checkout stores them (markets/checkout-prices.ts orderInMarket). */
function baseOf(s: Sale) {
  const at = (minor: number) => toBaseAmount(minor, s.currency, 'USD', s.rate);
  const subtotal = at(s.subtotal);
  const discount = Math.min(subtotal, at(s.discount));
  const shipping = at(s.shipping);
  const tax = at(s.tax);
  return {
    subtotal,
    discount,
    shipping,
    tax,
    total: subtotal - discount + shipping + (s.inclusive ? 0 : tax),
  };
}

const totalOf = (s: Sale) => s.subtotal - s.discount + s.shipping + (s.inclusive ? 0 : s.tax);

// biome-ignore format: a table reads better
const SALES: Sale[] = [
  { currency: 'USD', rate: '1', subtotal: 2800, discount: 0, shipping: 500, tax: 231, inclusive: false, withBase: false },
  { currency: 'USD', rate: '1', subtotal: 5000, discount: 500, shipping: 0, tax: 371, inclusive: false },
  { currency: 'EUR', rate: '0.92', subtotal: 2800, discount: 280, shipping: 490, tax: 402, inclusive: true },
  { currency: 'EUR', rate: '0.92', subtotal: 5198, discount: 0, shipping: 0, tax: 830, inclusive: true },
  { currency: 'GBP', rate: '0.79', subtotal: 2398, discount: 0, shipping: 399, tax: 400, inclusive: true },
  { currency: 'JPY', rate: '151.37', subtotal: 4238, discount: 0, shipping: 757, tax: 385, inclusive: true },
  { currency: 'CAD', rate: '1.37', subtotal: 3838, discount: 100, shipping: 685, tax: 485, inclusive: false },
];

const DAY = '2026-05-10';
const REFUND_DAY = '2026-05-12';

let ctx: TestContext;
let cookie: string;
let product: Awaited<ReturnType<typeof createProduct>>;
let productId: string;
let customerId: string;
const refunded: Sale = SALES[2]!;

async function sell(s: Sale, createdAt: string, buyer: string | null) {
  const base = s.withBase === false ? null : baseOf(s);
  const { order } = await createOrder(
    ctx.db,
    {
      status: 'processing',
      paymentStatus: 'paid',
      customerId: buyer,
      createdAt: new Date(createdAt),
      paidAt: new Date(createdAt),
      currency: s.currency,
      exchangeRate: s.rate,
      discountAmount: s.discount,
      shippingAmount: s.shipping,
      taxAmount: s.tax,
      taxInclusive: s.inclusive,
      totalAmount: totalOf(s),
      baseSubtotalAmount: base?.subtotal ?? null,
      baseDiscountAmount: base?.discount ?? null,
      baseShippingAmount: base?.shipping ?? null,
      baseTaxAmount: base?.tax ?? null,
      baseTotalAmount: base?.total ?? null,
    },
    [{ product, quantity: 2, pricePerItem: s.subtotal / 2 }],
  );
  return order;
}

const sum = (figures: number[]) => figures.reduce((a, b) => a + b, 0);
const baseOfAll = SALES.map((s) => (s.withBase === false ? { ...s, total: totalOf(s) } : baseOf(s)));

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signUpAs(ctx.app, ctx.db, 'manager')).cookie;
  const category = await createCategory(ctx.db);
  product = await createProduct(
    ctx.db,
    { name: 'Canvas tote', costPrice: null },
    { categoryIds: [category.id] },
  );
  productId = product.id;
  customerId = (await createCustomer(ctx.db)).id;
  for (const s of SALES) await sell(s, `${DAY}T12:00:00Z`, customerId);
});
afterAll(async () => ctx?.close());

const dashboard = async (from: string, to: string) =>
  okJson<Dashboard>(await getAs(ctx.app, cookie, `/api/admin/dashboard?from=${from}&to=${to}`)).current;

describe('analytics in the base currency', () => {
  it('counts each order at its own rate, from the daily rollup and from the orders alike', async () => {
    const expected = {
      orders: SALES.length,
      net_sales: sum(baseOfAll.map((b) => b.subtotal - b.discount)),
      discounts: sum(baseOfAll.map((b) => b.discount)),
      shipping: sum(baseOfAll.map((b) => b.shipping)),
      taxes: sum(baseOfAll.map((b) => b.tax)),
    };
    // The euro order's 28.00 counts as its dollars, not as 28 of them.
    expect(expected.net_sales).not.toBe(sum(SALES.map((s) => s.subtotal - s.discount)));
    const whole = await dashboard(`${DAY}T00:00:00Z`, '2026-05-11T00:00:00Z');
    const partial = await dashboard(`${DAY}T01:00:00Z`, `${DAY}T23:00:00Z`);
    expect(whole).toMatchObject(expected);
    expect(partial).toMatchObject(expected);
  });

  it('sums product net sales line by line at the order rate, for whole and partial days', async () => {
    const expected = sum(baseOfAll.map((b) => b.subtotal));
    for (const [from, to] of [
      [`${DAY}T00:00:00Z`, '2026-05-11T00:00:00Z'],
      [`${DAY}T01:00:00Z`, `${DAY}T23:00:00Z`],
      ['2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z'],
    ]) {
      const a = okJson<Analytics>(await getAs(ctx.app, cookie, `/api/admin/analytics?from=${from}&to=${to}`));
      expect(a.top_products[0]).toMatchObject({
        id: productId,
        units: 2 * SALES.length,
        net_sales: expected,
      });
      expect(a.current.net_sales).toBe(sum(baseOfAll.map((b) => b.subtotal - b.discount)));
    }
  });

  it('breaks the finances down per currency, each in its own money and in the base currency', async () => {
    const f = okJson<Finances>(
      await getAs(ctx.app, cookie, `/api/admin/finances?from=${DAY}T00:00:00Z&to=2026-05-11T00:00:00Z`),
    );
    const currencies = [...new Set(SALES.map((s) => s.currency))];
    const expected = currencies.map((currency) => {
      const mine = SALES.flatMap((s, i) => (s.currency === currency ? [[s, baseOfAll[i]!] as const] : []));
      return {
        currency,
        orders: mine.length,
        gross: sum(mine.map(([s]) => totalOf(s))),
        refunds: 0,
        base_gross: sum(mine.map(([, b]) => b.total)),
        base_refunds: 0,
      };
    });
    expect([...f.by_currency].sort((a, b) => a.currency.localeCompare(b.currency))).toEqual(
      expected.sort((a, b) => a.currency.localeCompare(b.currency)),
    );
    expect(f.by_currency.map((r) => r.base_gross)).toEqual(
      [...f.by_currency.map((r) => r.base_gross)].sort((a, b) => b - a),
    );
    expect(f.totals.gross).toBe(sum(baseOfAll.map((b) => b.total)));
    expect(f.totals.tax).toBe(sum(baseOfAll.map((b) => b.tax)));
    // Yen have no minor unit: 4,238 yen is 4238, and about 28 dollars.
    expect(f.by_currency.find((r) => r.currency === 'JPY')).toMatchObject({
      gross: 4238 + 757,
      base_gross: 3300,
    });
  });

  it('adds up what a discount gave in the base currency, each order at its rate', async () => {
    const [discount] = await ctx.db
      .insert(discounts)
      .values({ title: 'Spring', code: 'SPRING', kind: 'fixed_amount', amountCents: 500 })
      .returning();
    const given = await queryRows<{ amount: number; base: number | null; own: number }>(
      ctx.db,
      sql`INSERT INTO order_discounts (order_id, discount_id, code, title, kind, amount)
        SELECT o.id, ${discount!.id}::uuid, 'SPRING', 'Spring', 'fixed_amount', o.discount_amount FROM orders o
        WHERE o.discount_amount > 0
        RETURNING amount, (SELECT base_subtotal_amount FROM orders WHERE id = order_id) AS base,
          (SELECT subtotal_amount FROM orders WHERE id = order_id) AS own`,
    );
    // A euro order's 2,80 € off and a Canadian order's 1.00 off count as their dollars.
    expect(given.map((g) => g.amount).sort()).toEqual([100, 280, 500]);
    const expected = sum(
      given.map((g) => (g.base === null ? g.amount : Math.round((g.amount * g.base) / g.own))),
    );
    const res = okJson<{ amount_given: number }>(
      await getAs(ctx.app, cookie, `/api/admin/discounts/${discount!.id}`),
    );
    expect(res.amount_given).toBe(expected);
    expect(expected).not.toBe(880);
  });

  it("counts a customer's spending in the base currency", async () => {
    const res = okJson<{ total_spent: number }>(
      await getAs(ctx.app, cookie, `/api/admin/customers/${customerId}`),
    );
    expect(res.total_spent).toBe(sum(baseOfAll.map((b) => b.total)));
  });

  it('takes a refund in euros off at the order rate: a whole refund nets the order to zero', async () => {
    const order = await sell(refunded, `${REFUND_DAY}T09:00:00Z`, null);
    const base = baseOf(refunded);
    await ctx.db.execute(
      sql`INSERT INTO refunds (order_id, status, amount, currency, shipping_amount, tax_amount, reason, provider, succeeded_at)
        VALUES (${order.id}::uuid, 'succeeded', ${totalOf(refunded)}, 'EUR', ${refunded.shipping}, 0, 'Returned', 'local',
          '${sql.raw(REFUND_DAY)}T15:00:00Z')`,
    );
    await ctx.db.execute(sql`UPDATE orders SET payment_status = 'refunded' WHERE id = ${order.id}::uuid`);
    const [refund] = await queryRows<{ sales_amount: string }>(
      ctx.db,
      sql`SELECT sales_amount FROM refunds WHERE order_id = ${order.id}::uuid`,
    );
    expect(Number(refund!.sales_amount)).toBe(base.subtotal - base.discount);
    for (const [from, to] of [
      [`${REFUND_DAY}T00:00:00Z`, '2026-05-13T00:00:00Z'],
      [`${REFUND_DAY}T01:00:00Z`, `${REFUND_DAY}T23:00:00Z`],
    ]) {
      expect(await dashboard(from!, to!)).toMatchObject({ orders: 1, net_sales: 0 });
    }
    const f = okJson<Finances>(
      await getAs(
        ctx.app,
        cookie,
        `/api/admin/finances?from=${REFUND_DAY}T00:00:00Z&to=2026-05-13T00:00:00Z`,
      ),
    );
    expect(f.by_currency).toEqual([
      {
        currency: 'EUR',
        orders: 1,
        gross: totalOf(refunded),
        refunds: totalOf(refunded),
        base_gross: base.total,
        base_refunds: base.total,
      },
    ]);
    expect(f.totals.net).toBe(0);
    // Cancelled, the order and its refund leave the day together.
    await ctx.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}::uuid`);
    expect(await dashboard(`${REFUND_DAY}T00:00:00Z`, '2026-05-13T00:00:00Z')).toMatchObject({
      orders: 0,
      net_sales: 0,
    });
  });

  it('rebuilds the rollups as migration 0066 does, to what the triggers kept', async () => {
    // A line refunded by marking it, and a refund of part of the yen order, beside the sales above.
    await ctx.db.execute(
      sql`UPDATE order_items i SET refunded_quantity = 1 FROM orders o
        WHERE o.id = i.order_id AND o.currency = 'GBP'`,
    );
    const [yen] = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM orders WHERE currency = 'JPY'`);
    await ctx.db.execute(
      sql`INSERT INTO refunds (order_id, status, amount, currency, shipping_amount, tax_amount, reason, provider, succeeded_at)
        VALUES (${yen!.id}::uuid, 'succeeded', 1000, 'JPY', 0, 0, 'Damaged', 'local', '2026-05-11T10:00:00Z')`,
    );
    const snapshot = async () =>
      queryRows(
        ctx.db,
        sql`SELECT (SELECT json_agg(d ORDER BY d.day, d.slot) FROM (SELECT day::text, slot, orders, subtotal_amount::text,
              shipping_amount::text, tax_amount::text, discount_amount::text, refunded_amount::text,
              sales_with_cost::text, items_sold::text FROM order_sales_daily
              WHERE (orders, subtotal_amount, refunded_amount) <> (0, 0, 0)) d) AS days,
            (SELECT json_agg(p ORDER BY p.grain, p.period_start) FROM (SELECT grain, period_start::text, lines,
              units::text, net_sales::text FROM order_product_sales WHERE lines <> 0) p) AS products,
            (SELECT json_agg(c ORDER BY c.grain, c.period_start) FROM (SELECT grain, period_start::text,
              units::text, net_sales::text FROM order_category_sales WHERE units <> 0) c) AS categories,
            (SELECT json_agg(b.bound::text) FROM product_sales_bounds b) AS bounds,
            (SELECT json_agg(r.sales_amount::text ORDER BY r.id) FROM refunds r) AS refunds`,
      );
    const kept = await snapshot();
    // The rows as an upgrading shop has them: wrong, from order-currency sums.
    await ctx.db.execute(
      sql`UPDATE order_sales_daily SET subtotal_amount = subtotal_amount + 7, refunded_amount = refunded_amount + 3`,
    );
    await ctx.db.execute(sql`UPDATE order_product_sales SET net_sales = net_sales + 5`);
    await ctx.db.execute(sql`UPDATE refunds SET sales_amount = NULL`);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0066_analytics_base_currency.sql'), 'utf8');
    const rebuild = migration.slice(migration.indexOf('-- The rollups counted order-currency amounts'));
    for (const statement of rebuild.split('--> statement-breakpoint'))
      await ctx.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(kept);
  });
});
