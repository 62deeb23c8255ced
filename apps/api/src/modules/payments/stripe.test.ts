import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { FakeStripe, WEBHOOK_SECRET, webhook } from '../../../test/fake-stripe.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { orderItems, refunds } from '../../db/schema.ts';
import {
  cartLinesOf,
  completeCheckout,
  confirmationEmails,
  onPostgres,
  orderBySession,
  productStock,
  startCheckout,
} from '../checkout/test-helpers.ts';
import { paymentLines, priceOrder } from '../pricing/price-order.ts';
import { amountOff, freeShipping, line, method, percentOff, taxRate } from '../pricing/test-helpers.ts';
import { verifyReceiptToken } from './checkout-urls.ts';
import { createStripePaymentProvider } from './stripe-provider.ts';

const fake = new FakeStripe();
let apiBase = '';
const testApp = appPerTest();

beforeAll(async () => {
  apiBase = await fake.start();
});
afterAll(() => fake.stop());

async function stripeApp(env: Record<string, string> = {}) {
  return testApp.open({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_cartwheel',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
    ...env,
  });
}

async function checkoutWithStripe() {
  const { app, db } = await stripeApp();
  const user = await signUp(app);
  const product = await createProduct(db, {
    name: 'Walnut Board',
    price: 5000,
    salePrice: 4200,
    inventoryLevel: 4,
  });
  await addCartItem(db, user.id, product.id, 2);
  const res = await startCheckout(app, user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  const sessionId = url.split('/').pop()!;
  return { app, db, user, product, url, sessionId };
}

describe('the Stripe provider', () => {
  it('requires the secret key and the webhook secret', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
  });

  it("opens a Checkout Session with the server's line prices, the order id in metadata and the order's expiry", async () => {
    const { db, user, url, sessionId } = await checkoutWithStripe();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id'),
    );
    const order = await orderBySession(db, sessionId);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
      total_amount: 8400,
      customer_id: user.id,
    });
    const form = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(create).toBeDefined();
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4200');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][quantity]')).toBe('2');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Walnut Board');
    expect(form.get('metadata[order_id]')).toBe(order!.id);
    expect(form.get('client_reference_id')).toBe(order!.id);
    expect(form.get('customer_email')).toBe('shopper@example.com');
    // Back to the order's receipt, by its signed token; the wallets Stripe offers are on.
    const successUrl = new URL(form.get('success_url')!);
    expect(`${successUrl.origin}${successUrl.pathname}`).toBe(
      `${testApp.ctx.config.publicUrl}/checkout/success`,
    );
    expect(verifyReceiptToken(testApp.ctx.config, successUrl.searchParams.get('receipt')!)).toBe(order!.id);
    expect(form.get('wallet_options[link][display]')).toBe('auto');
    expect(form.has('payment_method_types[0]')).toBe(false);
    expect(form.get('cancel_url')).toBe(`${testApp.ctx.config.publicUrl}/checkout/cancel`);
    const expiresIn = Number(form.get('expires_at')) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresIn).toBeLessThan(32 * 60 + 5);
    expect(fake.requests.at(-1)!.idempotencyKey).toBe(`cartwheel-checkout-${order!.id}`);
    expect(fake.sessions.get(sessionId)!.amount_total).toBe(order!.total_amount);
  });

  it('rejects a webhook whose signature does not match, and changes nothing', async () => {
    const { app, db, sessionId } = await checkoutWithStripe();
    const session = fake.pay(sessionId);
    const forged = await webhook(app, 'checkout.session.completed', session, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_signature');
    const unsigned = await webhook(app, 'checkout.session.completed', session, { signature: 't=1,v1=abc' });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderBySession(db, sessionId))!.payment_status).toBe('unpaid');
  });

  it('records a completed session from the webhook once, however often Stripe delivers it', async () => {
    const { app, db, user, sessionId } = await checkoutWithStripe();
    const session = fake.pay(sessionId);
    for (let i = 0; i < 3; i++) {
      const res = await webhook(app, 'checkout.session.completed', session);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await orderBySession(db, sessionId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
      payment_method: 'card',
    });
    expect(await cartLinesOf(db, user.id)).toEqual([]);
    expect(await confirmationEmails(db)).toHaveLength(1);
    // The success page afterwards answers the same order number.
    const page = await completeCheckout(app, user.cookie, sessionId);
    expect(page.json().order_number).toBe((await orderBySession(db, sessionId))!.order_number);
  });

  it('waits for async_payment_succeeded when the completed session is not paid yet', async () => {
    const { app, db, sessionId } = await checkoutWithStripe();
    const pending = fake.pay(sessionId, 'unpaid');
    expect((await webhook(app, 'checkout.session.completed', pending)).statusCode).toBe(200);
    expect((await orderBySession(db, sessionId))!.payment_status).toBe('unpaid');
    const paid = fake.pay(sessionId, 'paid');
    expect((await webhook(app, 'checkout.session.async_payment_succeeded', paid)).statusCode).toBe(200);
    expect((await orderBySession(db, sessionId))!.payment_status).toBe('paid');
  });

  it("records an edit's amount due paid on Stripe from the webhook alone, once, without the buyer coming back", async () => {
    const { app, db, sessionId, product } = await checkoutWithStripe();
    expect((await webhook(app, 'checkout.session.completed', fake.pay(sessionId))).statusCode).toBe(200);
    const order = (await orderBySession(db, sessionId))!;
    const manager = await signUpAs(app, db, 'manager');
    const edited = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/edits`,
      headers: { cookie: manager.cookie },
      payload: { lines: [{ product_id: product.id, quantity: 3 }], notify_customer: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const path = new URL(edited.json().payment_url).pathname;
    const opened = await app.inject({ method: 'POST', url: path });
    expect(opened.statusCode).toBe(303);
    const editSession = (opened.headers.location as string).split('/').pop()!;
    const paid = fake.pay(editSession);
    for (let i = 0; i < 2; i++) {
      expect((await webhook(app, 'checkout.session.completed', paid)).statusCode).toBe(200);
    }
    const edits = await queryRows<{ status: string; paid: number }>(
      db,
      sql`SELECT e.status, (SELECT count(*)::int FROM order_events v WHERE v.order_id = e.order_id
          AND v.type = 'edit_paid') AS paid FROM order_edits e WHERE e.order_id = ${order.id}::uuid`,
    );
    expect(edits).toEqual([{ status: 'paid', paid: 1 }]);
  });

  it('cancels the order and returns its stock when the session expires or the async payment fails', async () => {
    const { app, db, product, sessionId } = await checkoutWithStripe();
    expect(await productStock(db, product.id)).toBe(2);
    const session = fake.sessions.get(sessionId)!;
    session.status = 'expired';
    expect((await webhook(app, 'checkout.session.expired', session)).statusCode).toBe(200);
    expect(await orderBySession(db, sessionId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'unpaid',
    });
    expect(await productStock(db, product.id)).toBe(4);
    // A replay changes nothing.
    expect((await webhook(app, 'checkout.session.expired', session)).statusCode).toBe(200);
    expect(await productStock(db, product.id)).toBe(4);

    const user2 = await signUp(app);
    await addCartItem(db, user2.id, product.id, 1);
    const second = (await startCheckout(app, user2.cookie)).json().url.split('/').pop();
    const failed = fake.pay(second, 'unpaid');
    expect((await webhook(app, 'checkout.session.async_payment_failed', failed)).statusCode).toBe(200);
    expect(await orderBySession(db, second)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await productStock(db, product.id)).toBe(4);
  });

  it('acknowledges events for sessions it does not know and events it does not handle', async () => {
    const { app } = await stripeApp();
    const unknown = await webhook(app, 'checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      payment_status: 'paid',
    });
    expect(unknown.statusCode).toBe(200);
    const other = await webhook(app, 'customer.created', { id: 'cus_1', object: 'customer' });
    expect(other.statusCode).toBe(200);
  });

  it('the sweeper expires the Stripe session of an expired checkout, or finalises it when Stripe says it was paid', async () => {
    const { app, db, product, sessionId } = await checkoutWithStripe();
    await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 minute'`);
    expect(await app.checkout.sweep()).toEqual({ expired: 1, finalized: 0 });
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(await productStock(db, product.id)).toBe(4);

    const user2 = await signUp(app);
    await addCartItem(db, user2.id, product.id, 1);
    const second = (await startCheckout(app, user2.cookie)).json().url.split('/').pop();
    fake.pay(second);
    await db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE payment_session_id = ${second}`,
    );
    expect(await app.checkout.sweep()).toEqual({ expired: 0, finalized: 1 });
    expect(await orderBySession(db, second)).toMatchObject({ status: 'processing', payment_status: 'paid' });
  });

  // One paid order and one email with the webhook too: success-page calls, webhooks and replays of
  // both, all at once.
  it(`50 success-page calls and webhooks at once for one paid session give one paid order and one email (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const { app, db, user, sessionId } = await checkoutWithStripe();
    const session = fake.pay(sessionId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? completeCheckout(app, user.cookie, sessionId)
          : webhook(
              app,
              i % 4 === 1 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded',
              session,
            ),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const numbers = new Set(responses.filter((_, i) => i % 2 === 0).map((r) => r.json().order_number));
    expect(numbers.size).toBe(1);
    const [counts] = await queryRows<{ paid: number; emails: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE payment_status = 'paid') AS paid,
          (SELECT count(*)::int FROM email_outbox WHERE kind = 'order_confirmation') AS emails`,
    );
    expect(counts).toEqual({ paid: 1, emails: 1 });
  }, 60_000);
});

describe('what Stripe is asked to charge', () => {
  const provider = () =>
    createStripePaymentProvider({ secretKey: 'sk_test_cartwheel', webhookSecret: WEBHOOK_SECRET, apiBase });
  const session = (orderId: string, pay: ReturnType<typeof paymentLines>) =>
    provider().createSession({
      orderId,
      orderNumber: null,
      currency: 'USD',
      ...pay,
      customerEmail: 'shopper@example.com',
      successUrl: 'http://shop.test/checkout/success?receipt=x',
      cancelUrl: 'http://shop.test/checkout/cancel',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
  const lineItems = (form: URLSearchParams) => {
    const items: Array<{ name: string; unitAmount: number; quantity: number; description: string | null }> =
      [];
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      items.push({
        name: form.get(`line_items[${i}][price_data][product_data][name]`)!,
        unitAmount: Number(form.get(`line_items[${i}][price_data][unit_amount]`)),
        quantity: Number(form.get(`line_items[${i}][quantity]`)),
        description: form.get(`line_items[${i}][price_data][product_data][description]`),
      });
    }
    return items;
  };

  it.each([
    {
      name: '$1 off a line of three (split in two lines), shipping and added tax',
      discounts: [amountOff('d', 100, { target: 'order' })],
      tax: taxRate(825),
      items: [
        { name: 'Mug', unitAmount: 967, quantity: 2, description: 'Discounted from $10.00 each' },
        { name: 'Mug', unitAmount: 966, quantity: 1, description: 'Discounted from $10.00 each' },
        { name: 'Shipping', unitAmount: 599, quantity: 1, description: null },
        { name: 'Tax', unitAmount: 239, quantity: 1, description: null },
      ],
    },
    {
      name: '15% off and free shipping, tax included in the prices',
      discounts: [percentOff('d', 1500), freeShipping('f')],
      tax: taxRate(2000, { pricesIncludeTax: true }),
      items: [{ name: 'Mug', unitAmount: 850, quantity: 3, description: 'Discounted from $10.00 each' }],
    },
  ])('$name: the line items add up to the order total', async ({ discounts, tax, items }) => {
    const priced = priceOrder({ lines: [line('a', 1000, 3)], discounts, shippingMethod: method(), tax });
    const orderId = crypto.randomUUID();
    const created = await session(orderId, paymentLines(priced, { a: 'Mug' }, 'USD'));
    const form = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(lineItems(form)).toEqual(items);
    expect(fake.sessions.get(created.id)!.amount_total).toBe(priced.total);
    expect(form.get('metadata[order_id]')).toBe(orderId);
    expect(form.has('metadata[order_number]')).toBe(false);
  });

  it('refuses to open a session whose lines do not add up to the amount', async () => {
    const priced = priceOrder({
      lines: [line('a', 1000, 3)],
      discounts: [],
      shippingMethod: null,
      tax: null,
    });
    const before = fake.requests.length;
    const pay = { ...paymentLines(priced, { a: 'Mug' }, 'USD'), amount: priced.total - 1 };
    await expect(session(crypto.randomUUID(), pay)).rejects.toThrow(/add up to 3000/);
    expect(fake.requests.length).toBe(before);
  });
});

describe('refunds through Stripe', () => {
  /** A Stripe order of 2 × $42.00, paid (the webhook), and a manager to refund it. */
  async function paidStripeOrder() {
    const { app, db, product, sessionId } = await checkoutWithStripe();
    expect((await webhook(app, 'checkout.session.completed', fake.pay(sessionId))).statusCode).toBe(200);
    const order = (await orderBySession(db, sessionId))!;
    expect(order).toMatchObject({ payment_status: 'paid', total_amount: 8400 });
    const manager = await signUpAs(app, db, 'manager');
    const refund = (body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: { cookie: manager.cookie },
        payload: body,
      });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    return { app, db, product, sessionId, order, line: line!, refund, manager };
  }
  const refundRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  it("refunds a line on the session's payment intent with the refund's idempotency key, and stores Stripe's refund id", async () => {
    const { app, db, product, sessionId, order, line, refund } = await paidStripeOrder();
    const before = refundRequests().length;
    const res = await refund({
      items: [{ order_item_id: line.id, quantity: 1 }],
      reason: 'Cracked',
      restock: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 4200 });
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const sent = refundRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.get('amount')).toBe('4200');
    expect(sent[0]!.form.get('payment_intent')).toBe(fake.sessions.get(sessionId)!.payment_intent);
    expect(sent[0]!.form.get('metadata[order_id]')).toBe(order.id);
    expect(sent[0]!.idempotencyKey).toBe(`cartwheel-refund-${row!.id}`);
    expect(row).toMatchObject({ status: 'succeeded', provider: 'stripe', amount: 4200 });
    expect(fake.refunds.get(row!.providerRefundId!)).toMatchObject({ amount: 4200, status: 'succeeded' });
    expect(await productStock(db, product.id)).toBe(3);

    // Asked again with the same key (a retry, or the reconciliation job): Stripe answers the same refund.
    const count = fake.refunds.size;
    const again = await app.checkout.ctx.provider.refund({
      orderId: order.id,
      sessionId,
      amount: 4200,
      currency: 'USD',
      idempotencyKey: `cartwheel-refund-${row!.id}`,
    });
    expect(again.id).toBe(row!.providerRefundId);
    expect(fake.refunds.size).toBe(count);
  });

  it("shows the payment intent as the payment's reference in the Finances ledger and its CSV, and Stripe's refund id on the refund", async () => {
    const { app, db, sessionId, order, line, refund, manager } = await paidStripeOrder();
    const intent = fake.sessions.get(sessionId)!.payment_intent;
    expect(intent).toMatch(/^pi_/);
    const refunded = await refund({ items: [{ order_item_id: line.id, quantity: 1 }], reason: 'Cracked' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const day = 86_400_000;
    const range = `from=${new Date(Date.now() - day).toISOString()}&to=${new Date(Date.now() + day).toISOString()}`;
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: manager.cookie } });
    const ledger = (await get(`/api/admin/finances/ledger?${range}&limit=50`)).json();
    const rows = ledger.items.filter((e: { order_id: string }) => e.order_id === order.id);
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const refundId = row!.providerRefundId;
    expect(fake.refunds.get(refundId!)).toMatchObject({ amount: 4200 });
    expect(rows.map((e: { kind: string; reference: string }) => [e.kind, e.reference]).sort()).toEqual([
      ['payment', intent],
      ['refund', refundId],
    ]);
    const csv = (await get(`/api/admin/finances/ledger/export?${range}`)).body;
    expect(csv).toContain(`,84.00,${intent}`);
    expect(csv).toContain(`,-42.00,${refundId}`);
    expect(csv).not.toContain(sessionId);
  });

  it("marks the refund failed with Stripe's message when Stripe refuses, and leaves the payment status as it was", async () => {
    const { db, order, refund } = await paidStripeOrder();
    fake.refuseRefunds = 'Charge ch_test_1 has been disputed';
    try {
      const res = await refund({ amount: 1000, reason: 'Goodwill' });
      expect([res.statusCode, res.json().error]).toEqual([
        502,
        expect.objectContaining({
          code: 'refund_failed',
          message: 'The payment provider refused the refund: Charge ch_test_1 has been disputed',
        }),
      ]);
    } finally {
      fake.refuseRefunds = null;
    }
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({
      status: 'failed',
      failure: 'Charge ch_test_1 has been disputed',
      providerRefundId: null,
    });
    expect((await orderBySession(db, order.payment_session_id!))!.payment_status).toBe('paid');
  });
});
