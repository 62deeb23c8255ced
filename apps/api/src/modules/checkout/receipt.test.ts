import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { receiptToken, verifyReceiptToken } from '../payments/checkout-urls.ts';
import { reconcilePayments } from './reconcile-payments.ts';
import {
  confirmationEmails,
  orderBySession,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from './test-helpers.ts';

// The success page's receipt, opened by the signed token of the payment's return address, and the
// reconciliation that records payments whose completion never arrived.
const suite = appPerFile({ SHIPPING_FLAT_CENTS: '500' });
beforeAll(() => withShippingZones(suite.ctx.app));

/** A guest's checkout of one $25.00 item, up to the payment page. */
async function guestCheckout(email = `guest-${randomUUID().slice(0, 8)}@example.com`, locale?: string) {
  const { app, db } = suite.ctx;
  const product = await createProduct(db, { name: 'Field Notebook', price: 2500, inventoryLevel: 10 });
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    payload: {
      customer_info: { ...SHIPPING_INFO, email },
      guest: { checkout_key: randomUUID(), lines: [{ product_id: product.id, quantity: 1 }] },
      ...(locale ? { locale } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, sessionId: sessionIdFromUrl(res.json().url) };
}

/** Pays on the local page; answers the receipt token of the address it sends the browser to. */
async function pay(sessionId: string): Promise<{ location: string; token: string }> {
  const res = await payLocal(suite.ctx.app, sessionId);
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  const token = new URL(location).searchParams.get('receipt');
  if (!token) throw new Error(`no receipt token in ${location}`);
  return { location, token };
}

const receipt = (token: string, cookie?: string) =>
  suite.ctx.app.inject({
    method: 'GET',
    url: `/api/checkout/receipts/${encodeURIComponent(token)}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('the receipt link', () => {
  it("opens a guest's paid order without a session and records the payment itself, once", async () => {
    const { email, sessionId } = await guestCheckout();
    const { location, token } = await pay(sessionId);
    expect(location.startsWith(`${suite.ctx.config.publicUrl}/checkout/success?receipt=`)).toBe(true);
    // Nobody called the completion yet: the order is still a checkout.
    expect(await orderBySession(suite.ctx.db, sessionId)).toMatchObject({ payment_status: 'unpaid' });

    const [first, second] = await Promise.all([receipt(token), receipt(token)]);
    for (const res of [first, second]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const order = await orderBySession(suite.ctx.db, sessionId);
    expect(order).toMatchObject({ payment_status: 'paid', status: 'processing' });
    expect(first.json()).toMatchObject({
      state: 'paid',
      guest_email: email,
      order: {
        order_number: order!.order_number,
        payment_method: 'card',
        shipping_method: 'Standard',
        shipping_amount: 500,
        total_amount: 3000,
        shipping_address: expect.objectContaining({ city: 'London' }),
        order_items: [expect.objectContaining({ product_name: 'Field Notebook', quantity: 1 })],
      },
    });
    const mine = (await confirmationEmails(suite.ctx.db)).filter((mail) => mail.to === email);
    expect(mine).toHaveLength(1);
  });

  it("opens a signed-in shopper's order in another browser (no cookie), without offering an account", async () => {
    const { app, db } = suite.ctx;
    const shopper = await signUp(app);
    const product = await createProduct(db, { price: 1200, inventoryLevel: 5 });
    await addCartItem(db, shopper.id, product.id, 1);
    const res = await startCheckout(app, shopper.cookie);
    const { token } = await pay(sessionIdFromUrl(res.json().url));
    const answer = await receipt(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ state: 'paid', guest_email: null });
  });

  it('keeps the language the checkout was placed in', async () => {
    const { sessionId } = await guestCheckout(undefined, 'de');
    const { location } = await pay(sessionId);
    expect(location.startsWith(`${suite.ctx.config.publicUrl}/de/checkout/success?receipt=`)).toBe(true);
  });

  it('says the payment is being confirmed while the provider has not taken it, and failed once it cannot be', async () => {
    const { app, db } = suite.ctx;
    const { sessionId } = await guestCheckout();
    const order = await orderBySession(db, sessionId);
    const token = receiptToken(suite.ctx.config, order!.id);
    expect((await receipt(token)).json()).toEqual({ state: 'processing', order: null, guest_email: null });
    const cancel = await payLocal(app, sessionId, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    expect((await receipt(token)).json()).toEqual({ state: 'failed', order: null, guest_email: null });
  });

  it("answers the same 404 for a tampered token, another order's id under a signature, an expired or a malformed one", async () => {
    const { sessionId } = await guestCheckout();
    const { token } = await pay(sessionId);
    const other = await guestCheckout();
    const otherOrder = await orderBySession(suite.ctx.db, other.sessionId);
    const [orderId, expires, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      `${orderId}.${expires}.${flipped}`,
      `${otherOrder!.id}.${expires}.${signature}`,
      `${orderId}.${(Number.parseInt(expires, 36) + 1).toString(36)}.${signature}`,
      `${orderId}.${expires}`,
      'not-a-token',
    ];
    for (const t of bad) {
      const res = await receipt(t);
      expect(res.statusCode, t).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'receipt_not_found', message: 'This order link is invalid or has expired' },
      });
    }
    // The other order stays a checkout: nothing was recorded through a bad link.
    expect(await orderBySession(suite.ctx.db, other.sessionId)).toMatchObject({ payment_status: 'unpaid' });
  });

  it('expires after its days, and is made by this shop only', () => {
    const config = suite.ctx.config;
    const orderId = randomUUID();
    const made = Date.UTC(2030, 0, 1);
    const token = receiptToken(config, orderId, made);
    expect(verifyReceiptToken(config, token, made + 29 * 86_400_000)).toBe(orderId);
    expect(verifyReceiptToken(config, token, made + 31 * 86_400_000)).toBeNull();
    const otherShop = { ...config, authSecret: 'another-shop-secret-of-at-least-32-chars' };
    expect(verifyReceiptToken(otherShop, token, made)).toBeNull();
  });
});

describe('the payment reconciliation (checkout-reconcile)', () => {
  it('records a payment taken at the provider whose completion never arrived, once, and leaves open checkouts alone', async () => {
    const { db } = suite.ctx;
    // Payments the tests above left unrecorded are recorded first: this test counts its own.
    await reconcilePayments(suite.ctx.app.checkout.ctx);
    const paid = await guestCheckout();
    await pay(paid.sessionId);
    const open = await guestCheckout();
    expect(await orderBySession(db, paid.sessionId)).toMatchObject({ payment_status: 'unpaid' });

    const first = await reconcilePayments(suite.ctx.app.checkout.ctx);
    expect(first.recorded).toBe(1);
    expect(await orderBySession(db, paid.sessionId)).toMatchObject({
      payment_status: 'paid',
      status: 'processing',
    });
    expect(await orderBySession(db, open.sessionId)).toMatchObject({
      payment_status: 'unpaid',
      status: 'pending',
    });
    expect((await reconcilePayments(suite.ctx.app.checkout.ctx)).recorded).toBe(0);
    const mails = (await confirmationEmails(db)).filter((mail) => mail.to === paid.email);
    expect(mails).toHaveLength(1);
  });
});
