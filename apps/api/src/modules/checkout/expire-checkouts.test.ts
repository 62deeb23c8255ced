import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import type { PaymentProvider, PaymentSessionStatus } from '../payments/payment-provider.ts';
import {
  cartLinesOf,
  completeCheckout,
  confirmationEmails,
  expireNow,
  onPostgres,
  orderBySession,
  payLocal,
  productStock,
  startCheckout,
  startCheckoutOk,
  variantStock,
} from './test-helpers.ts';

const testApp = appPerTest();
afterEach(() => {
  vi.useRealTimers();
});

/** A provider whose answers the test sets, to reach states the local page cannot (paid after expiry). */
function scriptedProvider() {
  const sessions = new Map<string, PaymentSessionStatus>();
  let n = 0;
  const provider: PaymentProvider = {
    name: 'local',
    async createSession() {
      const id = `cs_fake_${++n}`;
      sessions.set(id, 'open');
      return { id, url: `http://pay.test/${id}` };
    },
    async getSession(id) {
      const status = sessions.get(id) ?? 'expired';
      return { status, paymentMethod: status === 'paid' ? 'card' : null };
    },
    async expireSession(id) {
      if (sessions.get(id) === 'open') sessions.set(id, 'expired');
      return provider.getSession(id);
    },
    async refund() {
      throw new Error('not used');
    },
  };
  return { provider, sessions };
}

describe('expireCheckouts (the expiry sweeper)', () => {
  it('cancels an unpaid checkout past its expiry and returns the stock of every line', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { inventoryLevel: 6 });
    const shirt = await createProduct(db, { inventoryLevel: 0 });
    const { values } = await createOption(db, shirt.id, 'size', ['L']);
    const large = await createVariant(db, shirt.id, [values[0]!.id], { inventoryLevel: 4 });
    await addCartItem(db, user.id, product.id, 2);
    await addCartItem(db, user.id, shirt.id, 3, large.id);
    const { sessionId } = await startCheckoutOk(app, user.cookie);
    expect(await productStock(db, product.id)).toBe(4);
    expect(await variantStock(db, large.id)).toBe(1);

    // Not yet due: nothing happens.
    expect(await app.checkout.sweep()).toEqual({ expired: 0, finalized: 0 });
    expect((await orderBySession(db, sessionId))!.status).toBe('pending');

    await expireNow(db, sessionId);
    expect(await app.checkout.sweep()).toEqual({ expired: 1, finalized: 0 });

    const order = await orderBySession(db, sessionId);
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', expires_at: null });
    expect(order!.cancelled_at).not.toBeNull();
    expect(await productStock(db, product.id)).toBe(6);
    expect(await variantStock(db, large.id)).toBe(4);
    expect(await productStock(db, shirt.id)).toBe(0);
    // The cart is untouched: the shopper can check out again.
    expect(await cartLinesOf(db, user.id)).toHaveLength(2);

    // A second sweep finds nothing to do: stock is returned once.
    expect(await app.checkout.sweep()).toEqual({ expired: 0, finalized: 0 });
    expect(await productStock(db, product.id)).toBe(6);

    // The session can no longer be paid or completed.
    const pay = await payLocal(app, sessionId);
    expect(pay.statusCode).toBe(303);
    const page = await app.inject({ method: 'GET', url: String(pay.headers.location) });
    expect(page.body).toContain('This payment session has expired');
    const complete = await completeCheckout(app, user.cookie, sessionId);
    expect(complete.statusCode).toBe(409);
    expect(complete.json().error.code).toBe('checkout_expired');
    const [session] = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM payment_sessions WHERE id = ${sessionId}`,
    );
    expect(session!.status).toBe('expired');
  });

  it('finalises instead of cancelling when the provider says the expired checkout was paid (crash before finalising)', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { inventoryLevel: 3 });
    await addCartItem(db, user.id, product.id, 1);
    const { sessionId } = await startCheckoutOk(app, user.cookie);
    expect((await payLocal(app, sessionId)).statusCode).toBe(303);
    // Nobody called complete (the shopper closed the tab, the server died); the reservation runs out.
    await db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE payment_session_id = ${sessionId}`,
    );

    expect(await app.checkout.sweep()).toEqual({ expired: 0, finalized: 1 });
    expect(await orderBySession(db, sessionId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
    });
    expect(await productStock(db, product.id)).toBe(2);
    expect(await confirmationEmails(db)).toHaveLength(1);
    expect(await cartLinesOf(db, user.id)).toEqual([]);
  });

  it('runs before a new checkout, so stock held by an expired checkout can be bought', async () => {
    const { app, db } = await testApp.open();
    const first = await signUp(app);
    const second = await signUp(app);
    const product = await createProduct(db, { name: 'Last One', inventoryLevel: 1 });
    await addCartItem(db, first.id, product.id, 1);
    await addCartItem(db, second.id, product.id, 1);
    const { sessionId } = await startCheckoutOk(app, first.cookie);

    const blocked = await startCheckout(app, second.cookie);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe('Last One is out of stock');

    await expireNow(db, sessionId);
    // The opportunistic sweep runs at most every 10 seconds per process; make it due.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    const res = await startCheckout(app, second.cookie);
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderBySession(db, sessionId))!.status).toBe('cancelled');
    expect(await productStock(db, product.id)).toBe(0);
  });

  it(`returns the stock once when several processes sweep at the same time (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const { app, db } = await testApp.open();
    const product = await createProduct(db, { inventoryLevel: 30 });
    const sessions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const user = await signUp(app);
      await addCartItem(db, user.id, product.id, 3);
      sessions.push((await startCheckoutOk(app, user.cookie)).sessionId);
    }
    expect(await productStock(db, product.id)).toBe(0);
    await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 minute'`);
    await db.execute(sql`UPDATE payment_sessions SET expires_at = now() - interval '1 minute'`);

    // Independent sweeps, as several API processes would run them.
    const { expireCheckouts } = await import('./expire-checkouts.ts');
    const results = await Promise.all(Array.from({ length: 5 }, () => expireCheckouts(app.checkout.ctx)));
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(10);
    expect(await productStock(db, product.id)).toBe(30);
    const [cancelled] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM orders WHERE status = 'cancelled'`,
    );
    expect(cancelled!.n).toBe(10);
  }, 60_000);

  it('takes the stock again when a checkout is paid after it expired, or records the shortage for staff', async () => {
    const { provider, sessions } = scriptedProvider();
    const { app, db } = await testApp.open({}, { paymentProvider: provider });
    const product = await createProduct(db, { name: 'Vase', inventoryLevel: 2 });
    const early = await signUp(app);
    const late = await signUp(app);
    await addCartItem(db, early.id, product.id, 2);
    await addCartItem(db, late.id, product.id, 2);

    // 1) Expired and cancelled, then the provider reports it paid while the stock is still there.
    const a = await startCheckoutOk(app, early.cookie);
    await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 minute'`);
    sessions.set(a.sessionId, 'expired');
    await app.checkout.sweep();
    expect(await productStock(db, product.id)).toBe(2);
    sessions.set(a.sessionId, 'paid');
    const res = await completeCheckout(app, early.cookie, a.sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderBySession(db, a.sessionId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
    });
    expect(await productStock(db, product.id)).toBe(0);

    // 2) Same, but the stock was sold meanwhile: the payment is recorded and staff are told.
    await db.execute(sql`UPDATE products SET inventory_level = 2 WHERE id = ${product.id}`);
    const b = await startCheckoutOk(app, late.cookie);
    await db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE payment_session_id = ${b.sessionId}`,
    );
    sessions.set(b.sessionId, 'expired');
    await app.checkout.sweep();
    await db.execute(sql`UPDATE products SET inventory_level = 1 WHERE id = ${product.id}`);
    sessions.set(b.sessionId, 'paid');
    expect((await completeCheckout(app, late.cookie, b.sessionId)).statusCode).toBe(200);
    const order = await orderBySession(db, b.sessionId);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await productStock(db, product.id)).toBe(1);
    const [event] = await queryRows<{ message: string; data: { needs_attention?: boolean } }>(
      db,
      sql`SELECT message, data FROM order_events WHERE order_id = ${order!.id} AND type = 'paid_after_expiry'`,
    );
    expect(event!.message).toContain('Only 1 left of Vase');
    expect(event!.data.needs_attention).toBe(true);
    expect(await confirmationEmails(db)).toHaveLength(2);
  });
});
