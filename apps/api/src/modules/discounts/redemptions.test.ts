import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createCustomer, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  completeCheckout,
  onPostgres,
  orderBySession,
  payLocal,
  SESSION_REQUEST,
  SHIPPING_INFO,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { confirmRedemptions, releaseRedemptions } from './redemptions.ts';

// Codes at checkout: the reasons a code is refused, the uses a checkout holds and gives back, once
// per customer, and the usage limit under 50 parallel checkouts (PostgreSQL).
const suite = appWithAdminPerFile({
  SHIPPING_FLAT_CENTS: '599',
  SHIPPING_FREE_OVER_CENTS: '5000',
  TAX_RATE_BPS: '825',
});

beforeAll(() => withShippingZones(suite.ctx.app));

const DAY = 24 * 60 * 60 * 1000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const post = (url: string, payload: object, cookie = '') =>
  suite.ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

async function discount(body: object): Promise<{ id: string; code: string }> {
  const res = await post('/api/admin/discounts', body, suite.admin.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function uses(id: string) {
  const [row] = await queryRows<{ times_used: number; times_held: number; redemptions: string[] | null }>(
    suite.ctx.db,
    sql`SELECT times_used, times_held,
        (SELECT array_agg(status ORDER BY status) FROM discount_redemptions r WHERE r.discount_id = d.id) AS redemptions
      FROM discounts d WHERE id = ${id}`,
  );
  return row!;
}

function guestBody(lines: object[], email: string, code: string | null) {
  return {
    customer_info: { ...SHIPPING_INFO, email, marketing_opt_in: false },
    guest: { checkout_key: randomUUID(), lines },
    ...(code ? { discount_code: code } : {}),
  };
}

const quote = (lines: object[], code: string, cookie = '') =>
  post('/api/checkout/quote', { country: 'GB', lines, discount_code: code }, cookie);

describe('a code at checkout', () => {
  it('is priced in the quote (any case) and refused with its reason when it cannot be used', async () => {
    const lamp = await createProduct(suite.ctx.db, { price: 4000, inventoryLevel: 50 });
    const lines = [{ product_id: lamp.id, quantity: 1 }];
    await discount({ title: 'Quote ten', code: 'QUOTE10', kind: 'percentage', percent_bps: 1000 });
    const ok = (await quote(lines, 'quote10')).json();
    expect(ok.code_error).toBeNull();
    expect(ok.priced.discounts).toEqual([
      expect.objectContaining({ code: 'QUOTE10', amount: 400, kind: 'percentage' }),
    ]);
    expect(ok.priced.lines[0]).toMatchObject({ subtotal: 4000, discount: 400, total: 3600 });

    await discount({ title: 'Later', code: 'LATER1', kind: 'free_shipping', starts_at: iso(2) });
    await discount({
      title: 'Over',
      code: 'OVER1',
      kind: 'free_shipping',
      starts_at: iso(-3),
      ends_at: iso(-1),
    });
    await discount({ title: 'Off', code: 'OFF1', kind: 'free_shipping', is_active: false });
    const full = await discount({ title: 'Full', code: 'FULL1', kind: 'free_shipping', usage_limit: 2 });
    await suite.ctx.db.execute(
      sql`UPDATE discounts SET times_used = 1, times_held = 1 WHERE id = ${full.id}`,
    );
    const reasons: Record<string, [string, string]> = {
      NOPE: ['unknown_code', "This discount code doesn't exist"],
      LATER1: ['not_started', "This code isn't active yet"],
      OVER1: ['expired', 'This code has expired'],
      OFF1: ['disabled', 'This code is no longer active'],
      FULL1: ['used_up', 'This code has reached its usage limit'],
    };
    for (const [code, [reason, message]] of Object.entries(reasons)) {
      const res = (await quote(lines, code)).json();
      expect(res.code_error, code).toEqual({ code: reason, message });
      expect(res.priced.discounts).toEqual([]);
      const session = await post('/api/checkout/sessions', guestBody(lines, 'r@example.com', code));
      expect(session.statusCode, code).toBe(422);
      expect(session.json().error).toMatchObject({
        code: `discount_${reason}`,
        details: [{ field: 'body.discount_code', message }],
      });
    }
  });

  it('under its minimum, says how much more to add, and the checkout is refused on the code field', async () => {
    const mug = await createProduct(suite.ctx.db, { price: 2500, inventoryLevel: 50 });
    await discount({
      title: '$15 off $100',
      code: 'MIN100',
      kind: 'fixed_amount',
      amount_cents: 1500,
      min_subtotal_cents: 10_000,
    });
    const lines = [{ product_id: mug.id, quantity: 2 }];
    const res = (await quote(lines, 'MIN100')).json();
    expect(res.priced.rejected).toEqual([
      expect.objectContaining({
        code: 'MIN100',
        reason: 'minimum_subtotal',
        message: 'Add $50.00 more to use this code',
        short_by: { amount: 5000, currency: 'USD' },
      }),
    ]);
    const session = await post('/api/checkout/sessions', guestBody(lines, 'm@example.com', 'MIN100'));
    expect(session.statusCode).toBe(422);
    expect(session.json().error.details).toEqual([
      { field: 'body.discount_code', message: 'Add $50.00 more to use this code' },
    ]);
    const enough = await quote([{ product_id: mug.id, quantity: 4 }], 'MIN100');
    expect(enough.json().priced.discounts[0]).toMatchObject({ code: 'MIN100', amount: 1500 });
  });

  it('holds a use while the checkout waits, gives it back when it is cancelled, and counts it once paid', async () => {
    const { app, db } = suite.ctx;
    const code = await discount({
      title: 'Held',
      code: 'HOLD5',
      kind: 'percentage',
      percent_bps: 500,
      usage_limit: 1,
    });
    const print = await createProduct(db, { price: 3000, inventoryLevel: 10 });
    const shopper = await signUp(app);
    await addCartItem(db, shopper.id, print.id, 1);
    const body = { customer_info: SHIPPING_INFO, discount_code: 'hold5' };
    const first = await startCheckout(app, shopper.cookie, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(await uses(code.id)).toEqual({ times_used: 0, times_held: 1, redemptions: ['held'] });
    // The one use is held: another shopper is refused.
    const other = await post(
      '/api/checkout/sessions',
      guestBody([{ product_id: print.id, quantity: 1 }], 'o@example.com', 'HOLD5'),
    );
    expect(other.json().error?.code).toBe('discount_used_up');

    const firstSession = sessionIdFromUrl(first.json().url);
    expect(
      await app.checkout.cancelBySession(firstSession, { type: 'checkout_cancelled', message: 'Cancelled.' }),
    ).toBe(true);
    expect(await uses(code.id)).toEqual({ times_used: 0, times_held: 0, redemptions: null });

    const again = await startCheckout(app, shopper.cookie, body);
    expect(again.statusCode, again.body).toBe(200);
    const sessionId = sessionIdFromUrl(again.json().url);
    expect((await payLocal(app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(app, shopper.cookie, sessionId)).statusCode).toBe(200);
    expect(await uses(code.id)).toEqual({ times_used: 1, times_held: 0, redemptions: ['confirmed'] });
    const order = await orderBySession(db, sessionId);
    const [line] = await queryRows<{ discount_id: string; code: string; amount: number }>(
      db,
      sql`SELECT discount_id, code, amount FROM order_discounts WHERE order_id = ${order!.id}`,
    );
    expect(line).toEqual({ discount_id: code.id, code: 'HOLD5', amount: 150 });
    const listed = await app.inject({
      method: 'GET',
      url: `/api/admin/discounts/${code.id}`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(listed.json()).toMatchObject({ times_used: 1, amount_given: 150, status: 'used_up' });
    // Confirming twice, or releasing a paid order, changes nothing.
    await confirmRedemptions(db, order!.id);
    await releaseRedemptions(db, order!.id);
    expect(await uses(code.id)).toEqual({ times_used: 1, times_held: 0, redemptions: ['confirmed'] });
  });

  it('a payment that arrives after its use was given back still counts the use', async () => {
    const { db } = suite.ctx;
    const code = await discount({ title: 'Late', code: 'LATE5', kind: 'percentage', percent_bps: 500 });
    const vase = await createProduct(db, { price: 2000, inventoryLevel: 10 });
    const res = await post(
      '/api/checkout/sessions',
      guestBody([{ product_id: vase.id, quantity: 1 }], 'late@example.com', 'LATE5'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderBySession(db, sessionIdFromUrl(res.json().url));
    await releaseRedemptions(db, order!.id);
    expect(await uses(code.id)).toMatchObject({ times_used: 0, times_held: 0 });
    await confirmRedemptions(db, order!.id);
    await confirmRedemptions(db, order!.id);
    expect(await uses(code.id)).toEqual({ times_used: 1, times_held: 0, redemptions: ['confirmed'] });
  });

  it('once per customer: the same email (any case) or account cannot use it twice', async () => {
    const { app, db } = suite.ctx;
    await discount({
      title: 'Once',
      code: 'ONCE10',
      kind: 'percentage',
      percent_bps: 1000,
      once_per_customer: true,
    });
    const cup = await createProduct(db, { price: 1500, inventoryLevel: 20 });
    const lines = [{ product_id: cup.id, quantity: 1 }];
    const first = await post('/api/checkout/sessions', guestBody(lines, 'Once@Example.com', 'ONCE10'));
    expect(first.statusCode, first.body).toBe(200);
    const second = await post('/api/checkout/sessions', guestBody(lines, 'once@example.com', 'ONCE10'));
    expect(second.statusCode).toBe(422);
    expect(second.json().error).toMatchObject({
      code: 'discount_already_used',
      details: [{ field: 'body.discount_code', message: "You've already used this code" }],
    });
    // Another email may; an account's second checkout replaces its first, so it keeps its one use.
    const shopper = await signUp(app);
    await addCartItem(db, shopper.id, cup.id, 1);
    const mine = {
      customer_info: { ...SHIPPING_INFO, email: 'someone@example.com' },
      discount_code: 'ONCE10',
    };
    expect((await startCheckout(app, shopper.cookie, mine)).statusCode).toBe(200);
    expect((await startCheckout(app, shopper.cookie, mine)).statusCode).toBe(200);
  });
});

describe('the usage limit under concurrency', () => {
  it.skipIf(!onPostgres)(
    '50 parallel checkouts with a code limited to 10 uses: exactly 10 are placed, 40 are refused as used up',
    async () => {
      const { app, db } = suite.ctx;
      const code = await discount({
        title: 'Race',
        code: 'RACE10',
        kind: 'percentage',
        percent_bps: 1000,
        usage_limit: 10,
      });
      const stock = await createProduct(db, { price: 1000, inventoryLevel: 1000 });
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(db)));
      await Promise.all(shoppers.map((s) => addCartItem(db, s.id, stock.id, 1)));
      const results = await Promise.allSettled(
        shoppers.map((s) =>
          app.checkout.createSession({ userId: s.id }, { ...SESSION_REQUEST, discount_code: 'RACE10' }),
        ),
      );
      const placed = results.filter((r) => r.status === 'fulfilled');
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(placed).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const error of refused) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('discount_used_up');
      }
      expect(await uses(code.id)).toMatchObject({ times_used: 0, times_held: 10 });
      const [held] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM order_discounts od JOIN orders o ON o.id = od.order_id
          WHERE od.discount_id = ${code.id} AND o.status = 'pending'`,
      );
      expect(held!.n).toBe(10);
    },
  );
});
