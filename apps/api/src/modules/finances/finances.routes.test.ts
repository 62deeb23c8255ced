import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemoShop } from '../../db/seed/demo-shop.ts';

let ctx: TestContext;
let cookie: string;
const FROM = '2026-01-01T00:00:00.000Z';
const TO = '2026-09-01T00:00:00.000Z';

interface Paid {
  id: string;
  paid_at: string;
  total_amount: number;
  tax_amount: number;
  payment_method: string | null;
  country: string | null;
  state: string | null;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoShop(ctx.db, { now: new Date('2026-09-01T09:00:00Z') });
  cookie = (await signUpAs(ctx.app, ctx.db, 'manager')).cookie;
  // Every table gets rows of its own: a refund with tax in it, and a discount on a paid order.
  const [order] = await queryRows<{ id: string; tax_amount: number }>(
    ctx.db,
    sql`SELECT id, tax_amount FROM orders WHERE paid_at >= ${FROM}::timestamptz AND paid_at < '2026-08-01'
      AND payment_status = 'paid' ORDER BY paid_at LIMIT 1`,
  );
  await ctx.db.execute(
    sql`INSERT INTO refunds (order_id, status, amount, currency, tax_amount, reason, provider, provider_refund_id, succeeded_at)
      VALUES (${order!.id}::uuid, 'succeeded', 700, 'USD', 100, 'Damaged', 'local', 're_test_1', '2026-08-02T10:00:00Z'),
        (${order!.id}::uuid, 'failed', 300, 'USD', 0, 'Retry', 'local', NULL, NULL)`,
  );
  await ctx.db.execute(
    sql`INSERT INTO order_discounts (order_id, code, title, kind, amount)
      VALUES (${order!.id}::uuid, 'WELCOME10', 'Welcome', 'percentage', 250)`,
  );
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** A part of an order's amount `own` in the base currency, whose whole is `base`: rounded half up. */
function share(part: number, base: number, own: number): number {
  if (Number(own) === 0) return 0;
  const [p, b, o] = [BigInt(part), BigInt(base), BigInt(own)];
  return Number((2n * p * b + o) / (2n * o));
}

/** The plain rows, added up in the test (in the base currency): what every figure must equal. */
async function plain() {
  const paid = (
    await queryRows<Paid>(
      ctx.db,
      sql`SELECT id, to_json(paid_at) #>> '{}' AS paid_at, COALESCE(base_total_amount, total_amount) AS total_amount,
          COALESCE(base_tax_amount, tax_amount) AS tax_amount, payment_method,
          shipping_address->>'country' AS country, shipping_address->>'state_province' AS state
        FROM orders WHERE paid_at IS NOT NULL AND order_number IS NOT NULL`,
    )
  ).filter((o) => o.paid_at >= FROM && new Date(o.paid_at) < new Date(TO));
  const refunds = (
    await queryRows<{
      amount: number;
      tax_amount: number;
      base: [number, number, number, number] | null;
      succeeded_at: string | null;
      status: string;
    }>(
      ctx.db,
      sql`SELECT r.amount, r.tax_amount, r.status, to_json(r.succeeded_at) #>> '{}' AS succeeded_at,
          CASE WHEN o.base_total_amount IS NOT NULL THEN json_build_array(o.base_total_amount, o.total_amount,
            o.base_tax_amount, o.tax_amount) END AS base
        FROM refunds r JOIN orders o ON o.id = r.order_id`,
    )
  )
    .filter((r) => r.status === 'succeeded' && r.succeeded_at && new Date(r.succeeded_at) >= new Date(FROM))
    // In the base currency: each refund's share of its order's base amounts.
    .map((r) => ({
      ...r,
      base_amount: r.base ? share(r.amount, r.base[0], r.base[1]) : Number(r.amount),
      base_tax: r.base ? share(r.tax_amount, r.base[2], r.base[3]) : Number(r.tax_amount),
    }));
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + Number(f(r)), 0);
  // The discounts of the range's paid orders, by code (the demo's history used codes too).
  const discounts = await queryRows<{
    code: string | null;
    title: string;
    kind: string;
    order_id: string;
    amount: number;
    base: number | null;
    own: number;
  }>(
    ctx.db,
    sql`SELECT d.code, d.title, d.kind, d.order_id::text, d.amount, o.base_subtotal_amount AS base, o.subtotal_amount AS own
      FROM order_discounts d JOIN orders o ON o.id = d.order_id`,
  );
  const paidIds = new Set(paid.map((o) => o.id));
  return {
    paid,
    refunds,
    sum,
    discounts: discounts
      .filter((d) => paidIds.has(d.order_id))
      .map((d) => ({ ...d, amount: d.base === null ? Number(d.amount) : share(d.amount, d.base, d.own) })),
  };
}

describe('finances on the demo shop', () => {
  it('adds up payments, refunds, tax and discounts exactly as plain sums over the rows', async () => {
    const res = await get(`/api/admin/finances?from=${FROM}&to=${TO}&interval=month`);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    const { paid, refunds, sum, discounts } = await plain();
    expect(paid.length).toBeGreaterThan(100);
    const gross = sum(paid, (o) => o.total_amount);
    const refunded = sum(refunds, (r) => r.base_amount);
    // The test's own refund, besides the demo history's.
    expect(refunds.filter((r) => r.amount === 700 && Number(r.tax_amount) === 100)).toHaveLength(1);
    const refundedTax = sum(refunds, (r) => r.base_tax);
    expect(f.totals).toEqual({
      payments: paid.length,
      gross,
      refunds: refunded,
      net: gross - refunded,
      tax: sum(paid, (o) => o.tax_amount) - refundedTax,
      discounts: sum(discounts, (d) => d.amount),
    });
    // Each table adds up to the same totals.
    expect(sum(f.payouts, (p: { gross: number }) => p.gross)).toBe(gross);
    const periods = f.payouts.map((p: { period: string }) => p.period);
    expect(periods).toEqual([...periods].sort());
    for (const p of periods) expect(p).toMatch(/^2026-0[1-8]-01$/);
    const cash = (m: string | null) => paid.filter((o) => (o.payment_method ?? 'unknown') === m);
    for (const row of f.by_method) expect(row.gross).toBe(sum(cash(row.method), (o) => o.total_amount));
    expect(sum(f.by_method, (r: { net: number }) => r.net)).toBe(gross - refunded);
    const byRegion = new Map<string, number>();
    for (const o of paid) {
      const key = `${o.country ?? ''}/${o.state || ''}`;
      byRegion.set(key, (byRegion.get(key) ?? 0) + Number(o.tax_amount));
    }
    const apiByRegion = new Map<string, number>();
    for (const row of f.tax as { country: string; state: string | null; collected: number }[]) {
      const key = `${row.country}/${row.state ?? ''}`;
      apiByRegion.set(key, (apiByRegion.get(key) ?? 0) + row.collected);
    }
    const nonZero = (map: Map<string, number>) => new Map([...map].filter(([, tax]) => tax > 0));
    expect(nonZero(apiByRegion)).toEqual(nonZero(byRegion));
    // The refunds' tax is taken off in the period it was given back.
    expect(sum(f.tax, (r: { refunded: number }) => r.refunded)).toBe(refundedTax);
    expect(sum(f.tax, (r: { collected: number }) => r.collected)).toBe(sum(paid, (o) => o.tax_amount));
    // Discounts by code and title: the orders that used each and the amount given.
    const byDiscount = new Map<string, { orders: Set<string>; amount: number }>();
    for (const d of discounts) {
      const key = `${d.code}|${d.title}|${d.kind}`;
      const entry = byDiscount.get(key) ?? { orders: new Set<string>(), amount: 0 };
      entry.orders.add(d.order_id);
      entry.amount += Number(d.amount);
      byDiscount.set(key, entry);
    }
    expect(
      new Map(
        (
          f.discounts as {
            code: string | null;
            title: string;
            kind: string;
            orders: number;
            amount: number;
          }[]
        ).map((d) => [`${d.code}|${d.title}|${d.kind}`, { orders: d.orders, amount: d.amount }]),
      ),
    ).toEqual(new Map([...byDiscount].map(([k, v]) => [k, { orders: v.orders.size, amount: v.amount }])));
    expect(byDiscount.get('WELCOME10|Welcome|percentage')).toMatchObject({ amount: 250 });
  });

  it('pages the ledger on the server, newest first, payments and refunds together', async () => {
    const { paid, refunds } = await plain();
    const first = (await get(`/api/admin/finances/ledger?from=${FROM}&to=${TO}&limit=10`)).json();
    expect(first.total).toBe(paid.length + refunds.length);
    expect(first.items).toHaveLength(10);
    const dates = first.items.map((e: { date: string }) => new Date(e.date).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const last = Math.ceil(first.total / 10);
    const end = (await get(`/api/admin/finances/ledger?from=${FROM}&to=${TO}&limit=10&page=${last}`)).json();
    expect(end.items.length).toBe(first.total - (last - 1) * 10);
    const refund = (await get(`/api/admin/finances/ledger?from=2026-08-02&to=2026-08-03&limit=10`)).json();
    expect(refund.items.find((e: { kind: string }) => e.kind === 'refund')).toMatchObject({
      amount: 700,
      reference: 're_test_1',
    });
  });

  it('exports the whole ledger as CSV, refunds negative', async () => {
    const res = await get(`/api/admin/finances/ledger/export?from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'date,type,order_number,method,provider,base_currency,discount,refunded,amount,currency,amount_in_currency,reference',
    );
    const { paid, refunds } = await plain();
    expect(lines).toHaveLength(paid.length + refunds.length + 1);
    expect(lines.find((l) => l.endsWith(',re_test_1'))).toContain(',refund,');
    expect(lines.find((l) => l.endsWith(',re_test_1'))).toContain(',USD,,,-7.00,USD,-7.00,re_test_1');
    // The refunded order's payment row says its discount and the $7.00 given back (not the failed $3.00).
    const [order] = await queryRows<{ order_number: number; discount: number }>(
      ctx.db,
      sql`SELECT o.order_number, COALESCE(o.base_discount_amount, o.discount_amount) AS discount
        FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.provider_refund_id = 're_test_1'`,
    );
    const payment = lines.find(
      (l) => l.split(',')[1] === 'payment' && l.split(',')[2] === String(order!.order_number),
    );
    expect(payment?.split(',').slice(5, 8)).toEqual([
      'USD',
      (Number(order!.discount) / 100).toFixed(2),
      '7.00',
    ]);
  });

  it('answers a range that ends before it starts with a 400', async () => {
    const res = await get(`/api/admin/finances?from=${TO}&to=${FROM}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_range');
  });
});
