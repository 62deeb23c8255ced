import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { adminCall } from '../pricing/quote-test-helpers.ts';
import { SHIPPING_INFO } from './test-helpers.ts';

// The checkout keeps the pricing rules (zones, tax, checkout settings, automatic discounts) in memory
// per process (decision 0021): every change through the back office must still price the very next
// checkout, in this process and in another one on the same database.
const suite = appWithAdminPerFile();
const US = { ...SHIPPING_INFO, country: 'US', state: '', postalCode: '10001' };
let zoneId = '';
let productId = '';
let shopper: TestUser;

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  adminCall(suite, method, url, payload);

/** An admin's PUT or DELETE that must succeed. */
async function adminOk(method: 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await suite.ctx.app.inject({
    method,
    url,
    headers: { cookie: suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const adminPut = (url: string, payload: object) => adminOk('PUT', url, payload);

/** A new automatic discount (no code) with these terms. */
const automatic = (title: string, terms: Record<string, number | string>) =>
  admin('POST', '/api/admin/discounts', { title, ...terms });

const usZone = (standardCents: number) => ({
  name: 'United States',
  countries: ['US'],
  methods: [{ name: 'Standard', kind: 'flat', amount_cents: standardCents }],
});

/** The zone's Standard price and the United States' tax, changed in the back office. */
async function setZone(standardCents: number, rateBps: number) {
  await adminPut(`/api/admin/shipping/zones/${zoneId}`, usZone(standardCents));
  await adminPut('/api/admin/shipping/taxes/US', { rates: [{ name: 'Sales tax', rate_bps: rateBps }] });
}

interface Placed {
  subtotal_amount: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  tax_inclusive: boolean;
  total_amount: number;
  hold_minutes: number;
}

/** POST /api/checkout/sessions through `app` (this process or a peer); the checkout it placed. */
async function checkout(app: FastifyInstance, user: TestUser = shopper): Promise<Placed> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: { cookie: user.cookie },
    payload: { customer_info: US },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await queryRows<Placed>(
    suite.ctx.db,
    sql`SELECT subtotal_amount, discount_amount, shipping_amount, tax_amount, tax_inclusive, total_amount,
        round(extract(epoch FROM expires_at - created_at) / 60)::int AS hold_minutes
      FROM orders WHERE customer_id = ${user.id}::uuid AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
  );
  if (!row) throw new Error('no pending checkout');
  return row;
}

const version = async () =>
  (await queryRows<{ v: string }>(suite.ctx.db, sql`SELECT version::text AS v FROM pricing_rules_version`))[0]
    ?.v;

beforeAll(async () => {
  const { db, app } = suite.ctx;
  await db.execute(sql`DELETE FROM shipping_zones`);
  productId = (await createProduct(db, { name: 'Lamp', price: 10_000, inventoryLevel: 1000 })).id;
  await db.execute(sql`DELETE FROM tax_rates`);
  zoneId = (await admin('POST', '/api/admin/shipping/zones', usZone(500))).id;
  await setZone(500, 1000);
  shopper = await signUp(app);
  await addCartItem(db, shopper.id, productId, 1);
});

describe('pricing rules kept per process', () => {
  it('prices the very next checkout with a zone, tax, setting or discount changed in the back office', async () => {
    const { app } = suite.ctx;
    // $100.00, Standard $5.00, 10% tax on the goods: the rules are now kept.
    expect(await checkout(app)).toMatchObject({
      shipping_amount: 500,
      tax_amount: 1000,
      total_amount: 11_500,
    });

    await setZone(700, 2000);
    expect(await checkout(app)).toMatchObject({
      shipping_amount: 700,
      tax_amount: 2000,
      total_amount: 12_700,
    });

    await admin('PATCH', '/api/admin/settings/checkout', { prices_include_tax: true, hold_minutes: 10 });
    // 20% inside $100.00: $16.67; the total does not change.
    expect(await checkout(app)).toMatchObject({
      tax_amount: 1667,
      tax_inclusive: true,
      total_amount: 10_700,
      hold_minutes: 10,
    });

    const sale = await automatic('Spring sale', { kind: 'percentage', percent_bps: 1000 });
    expect(await checkout(app)).toMatchObject({ discount_amount: 1000, total_amount: 9700 });

    await adminPut(`/api/admin/discounts/${sale.id}`, {
      title: 'Spring sale',
      kind: 'percentage',
      percent_bps: 1000,
      is_active: false,
    });
    expect(await checkout(app)).toMatchObject({ discount_amount: 0, total_amount: 10_700 });

    await admin('PATCH', '/api/admin/settings/checkout', { prices_include_tax: false, hold_minutes: 30 });
    await setZone(500, 1000);
  });

  it("prices another process's next checkout with a change made through this one", async () => {
    const { app } = suite.ctx;
    const peer = await suite.ctx.peer();
    // Both processes keep the current rules.
    expect(await checkout(peer)).toMatchObject({ shipping_amount: 500, tax_amount: 1000 });
    expect(await checkout(app)).toMatchObject({ shipping_amount: 500, tax_amount: 1000 });

    await setZone(900, 500);
    expect(await checkout(peer)).toMatchObject({ shipping_amount: 900, tax_amount: 500 });

    const sale = await automatic('Peer sale', { kind: 'fixed_amount', amount_cents: 1500 });
    expect(await checkout(peer)).toMatchObject({ discount_amount: 1500 });

    await adminOk('DELETE', `/api/admin/discounts/${sale.id}`);
    expect(await checkout(peer)).toMatchObject({ discount_amount: 0, shipping_amount: 900 });
    await setZone(500, 1000);
  });

  it('does not give a limited automatic discount its kept rules say is free once it is used up', async () => {
    const { app, db } = suite.ctx;
    const once = await automatic('First buyer', { kind: 'fixed_amount', amount_cents: 2000, usage_limit: 1 });
    // The rules are kept with the discount unused; the first checkout takes its only use.
    expect(await checkout(app)).toMatchObject({ discount_amount: 2000 });
    const other = await signUp(app);
    await addCartItem(db, other.id, productId, 1);
    // Used up: the other shopper checks out without it (rather than being refused at the hold).
    expect(await checkout(app, other)).toMatchObject({ discount_amount: 0 });
    await adminOk('DELETE', `/api/admin/discounts/${once.id}`);
  });

  it("bumps the rules' version on a change of terms, not when a checkout takes or gives back a use", async () => {
    const { app, db } = suite.ctx;
    const terms = { kind: 'percentage', percent_bps: 500, usage_limit: 100 };
    const limited = await automatic('Counted', terms);
    const before = await version();
    await checkout(app);
    await checkout(app);
    const [uses] = await queryRows<{ times_held: number }>(
      db,
      sql`SELECT times_held FROM discounts WHERE id = ${limited.id}::uuid`,
    );
    expect(uses?.times_held).toBe(1);
    expect(await version()).toBe(before);
    await adminPut(`/api/admin/discounts/${limited.id}`, { title: 'Counted', ...terms, percent_bps: 600 });
    expect(BigInt((await version()) ?? 0)).toBeGreaterThan(BigInt(before ?? 0));
  });
});
