import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { createLocalPaymentProvider } from '../payments/local-provider.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import {
  onPostgres,
  ordersOf,
  payLocal,
  productStock,
  SESSION_REQUEST,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from './test-helpers.ts';

// One open checkout per shopper (docs/decisions/0009-checkout-and-payments.md): starting a checkout
// cancels every earlier pending one of the same shopper, and returns its stock, in the transaction
// that reserves the new one, under a per-shopper lock; a checkout replaced while it was still opening
// its payment session expires that session and answers 409.

const testApp = appPerTest();

async function paidOrders(db: Parameters<typeof ordersOf>[0], userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${userId} AND payment_status = 'paid'`,
  );
  return row!.n;
}

describe('one open checkout per shopper', () => {
  it('a second checkout releases the stock of a first one still opening its payment session, at once', async () => {
    // The first checkout's provider call runs the second checkout before it answers: the first order
    // exists, holds its unit and has no payment session id yet.
    let local: PaymentProvider | undefined;
    let calls = 0;
    let second: Promise<unknown> | undefined;
    let secondSession: string | undefined;
    let userId = '';
    const provider: PaymentProvider = {
      name: 'local',
      async createSession(input) {
        if (!local) throw new Error('the provider is set once the app is open');
        if (++calls === 1) {
          second = testApp.ctx.app.checkout.createSession({ userId }, SESSION_REQUEST);
          secondSession = sessionIdFromUrl(((await second) as { url: string }).url);
        }
        return local.createSession(input);
      },
      getSession: (id) => local!.getSession(id),
      expireSession: (id) => local!.expireSession(id),
      refund: (input) => local!.refund(input),
    };
    const { app, db } = await testApp.open({}, { paymentProvider: provider });
    await withShippingZones(app);
    local = createLocalPaymentProvider(db, { publicUrl: 'http://localhost:3000', authSecret: undefined });
    const user = await signUp(app);
    userId = user.id;
    const product = await createProduct(db, { name: 'Desk Lamp', inventoryLevel: 5 });
    await addCartItem(db, user.id, product.id, 1);

    const first = await startCheckout(app, user.cookie);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().error.code).toBe('checkout_replaced');
    await expect(second).resolves.toBeDefined();

    // One unit held, by the second checkout only.
    expect(await productStock(db, product.id)).toBe(4);
    const orders = await ordersOf(db, user.id);
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'pending']);
    expect(orders[1]!.payment_session_id).toBe(secondSession);
    // The first order's session, opened after it was replaced, can no longer be paid.
    const [firstSession] = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM payment_sessions WHERE order_id = ${orders[0]!.id}`,
    );
    expect(firstSession?.status ?? 'none').not.toBe('open');
  });

  it('a second checkout cancels a first one without a payment session id yet (a crashed opener)', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { inventoryLevel: 3 });
    await addCartItem(db, user.id, product.id, 1);
    const first = await startCheckout(app, user.cookie);
    expect(first.statusCode, first.body).toBe(200);
    await db.execute(sql`UPDATE orders SET payment_session_id = NULL WHERE customer_id = ${user.id}`);

    const second = await startCheckout(app, user.cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(await productStock(db, product.id)).toBe(2);
    expect((await ordersOf(db, user.id)).map((o) => o.status)).toEqual(['cancelled', 'pending']);
  });

  // Real concurrency: meaningful on PostgreSQL only (npm run test:pg); PGlite serialises every query.
  it.skipIf(!onPostgres)(
    '50 parallel checkouts of a 1-unit cart hold at most one unit, and paying every session gives at most one paid order',
    async () => {
      const { app, db } = await testApp.open();
      const user = await signUp(app);
      const product = await createProduct(db, { name: 'Single Vase', inventoryLevel: 100 });
      await addCartItem(db, user.id, product.id, 1);

      const responses = await Promise.all(Array.from({ length: 50 }, () => startCheckout(app, user.cookie)));
      const sessions: string[] = [];
      for (const res of responses) {
        expect([200, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) sessions.push(sessionIdFromUrl(res.json().url));
        else expect(res.json().error.code).toMatch(/^(checkout_replaced|insufficient_inventory)$/);
      }
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      expect(100 - (await productStock(db, product.id))).toBeLessThanOrEqual(1);
      const pending = (await ordersOf(db, user.id)).filter((o) => o.status === 'pending');
      expect(pending.length).toBeLessThanOrEqual(1);

      await Promise.all(sessions.map((id) => payLocal(app, id)));
      expect(await paidOrders(db, user.id)).toBeLessThanOrEqual(1);
      expect(100 - (await productStock(db, product.id))).toBeLessThanOrEqual(1);
    },
    120_000,
  );
});
