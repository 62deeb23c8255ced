import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { getAs } from '../../../test/requests.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  cartLinesOf,
  completeCheckout,
  confirmationEmails,
  onPostgres,
  orderBySession,
  payLocal,
  productStock,
  SHIPPING_INFO,
  startCheckoutOk,
} from './test-helpers.ts';

const testApp = appPerTest();

async function paidCheckout() {
  const { app, db } = await testApp.open();
  const user = await signUp(app);
  const lamp = await createProduct(db, { name: 'Desk Lamp', price: 4999, inventoryLevel: 5 });
  const mug = await createProduct(db, { name: 'Mug', price: 1250, inventoryLevel: 5 });
  await addCartItem(db, user.id, lamp.id, 1);
  await addCartItem(db, user.id, mug.id, 2);
  const { sessionId } = await startCheckoutOk(app, user.cookie);
  const paid = await payLocal(app, sessionId);
  expect(paid.statusCode, paid.body).toBe(303);
  return { app, db, user, lamp, mug, sessionId };
}

describe('POST /api/checkout/complete (finalizeCheckout)', () => {
  it('marks the paid order processing, records the method, empties the purchased cart lines and queues one confirmation', async () => {
    const { app, db, user, lamp, sessionId } = await paidCheckout();
    const res = await completeCheckout(app, user.cookie, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderBySession(db, sessionId);
    expect(res.json()).toEqual({ order_number: order!.order_number });
    expect(order).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
      payment_method: 'card',
      expires_at: null,
    });
    expect(order!.paid_at).not.toBeNull();
    // Stock was taken at reservation and stays taken.
    expect(await productStock(db, lamp.id)).toBe(4);
    expect(await cartLinesOf(db, user.id)).toEqual([]);

    const emails = await confirmationEmails(db);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.to).toBe(SHIPPING_INFO.email);
    expect(email!.status).toBe('sent');
    expect(email!.subject).toContain(`#${order!.order_number}`);
    expect(email!.text).toContain('Desk Lamp');
    expect(email!.text).toContain('$12.50 x 2 = $25.00');
    expect(email!.text).toContain('Total: $74.99');
    expect(email!.text).toContain(SHIPPING_INFO.address);
    expect(email!.text).toContain(`${testApp.ctx.config.publicUrl}/account/orders/${order!.id}`);

    const events = await queryRows<{ type: string }>(
      db,
      sql`SELECT type FROM order_events WHERE order_id = ${order!.id}`,
    );
    expect(events.map((e) => e.type)).toContain('payment_received');
  });

  it("puts the payment on the order's timeline once, with its amount and the method's label", async () => {
    const { app, db, user, sessionId } = await paidCheckout();
    expect((await completeCheckout(app, user.cookie, sessionId)).statusCode).toBe(200);
    const order = await orderBySession(db, sessionId);
    const staff = await signUpAs(app, db, 'staff');
    const res = await getAs(app, staff.cookie, `/api/admin/orders/${order!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const timeline: Array<{ type: string; message: string }> = res.json().timeline;
    const payments = timeline.filter((e) => /payment/i.test(e.message));
    expect(payments.map((e) => e.message)).toEqual(['Payment of $74.99 received (Card)']);
  });

  it('answers the same order number when called again, with still one email', async () => {
    const { app, db, user, sessionId } = await paidCheckout();
    const first = await completeCheckout(app, user.cookie, sessionId);
    const second = await completeCheckout(app, user.cookie, sessionId);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await confirmationEmails(db)).toHaveLength(1);
  });

  it('keeps units the shopper added to a line after starting the checkout', async () => {
    const { app, db, user, mug, sessionId } = await paidCheckout();
    await db.execute(
      sql`UPDATE cart_items SET quantity = 5 WHERE user_id = ${user.id} AND product_id = ${mug.id}`,
    );
    await completeCheckout(app, user.cookie, sessionId);
    expect(await cartLinesOf(db, user.id)).toEqual([{ product_id: mug.id, variant_id: null, quantity: 3 }]);
  });

  it("answers 404 for another shopper's session, exactly as for an unknown one", async () => {
    const { app, db, sessionId } = await paidCheckout();
    const other = await signUp(app);
    const theirs = await completeCheckout(app, other.cookie, sessionId);
    expect(theirs.statusCode).toBe(404);
    const unknown = await completeCheckout(app, other.cookie, 'cs_local_nope');
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await orderBySession(db, sessionId))!.payment_status).toBe('unpaid');
  });

  it('answers 409 while the session is not paid, and records nothing', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db);
    await addCartItem(db, user.id, product.id);
    const { sessionId } = await startCheckoutOk(app, user.cookie);
    const res = await completeCheckout(app, user.cookie, sessionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payment_not_completed');
    expect((await orderBySession(db, sessionId))!.status).toBe('pending');
    expect(await confirmationEmails(db)).toHaveLength(0);
  });

  // Signed out is how a guest completes; a signed-in shopper's session then answers like an unknown one.
  it("answers 404 to a signed-out caller for a shopper's session, as for an unknown one", async () => {
    const { app, sessionId } = await paidCheckout();
    expect((await completeCheckout(app, '', 'cs_local_x')).statusCode).toBe(404);
    const res = await completeCheckout(app, '', sessionId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('checkout_session_not_found');
  });

  // One paid order and one email however many calls race (local provider; the Stripe webhook mix is
  // in payments/stripe.test.ts).
  it(`50 calls at once for one paid session give one paid order and one email (success page and webhook-style direct calls, ${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const { app, db, user, sessionId } = await paidCheckout();
    const calls = Array.from({ length: 50 }, (_, i) => {
      if (i % 3 === 0)
        return completeCheckout(app, user.cookie, sessionId).then((r) => r.json().order_number);
      if (i % 3 === 1) return app.checkout.complete(sessionId).then((r) => r.orderNumber);
      return app.checkout.complete(sessionId, user.id).then((r) => r.orderNumber);
    });
    const numbers = await Promise.all(calls);
    expect(new Set(numbers).size).toBe(1);
    const [counts] = await queryRows<{ paid: number; emails: number; events: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE payment_status = 'paid') AS paid,
          (SELECT count(*)::int FROM email_outbox WHERE kind = 'order_confirmation') AS emails,
          (SELECT count(*)::int FROM order_events WHERE type = 'payment_received') AS events`,
    );
    expect(counts).toEqual({ paid: 1, emails: 1, events: 1 });
  }, 60_000);
});
