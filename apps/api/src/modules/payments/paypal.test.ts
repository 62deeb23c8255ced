import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import {
  FakePayPal,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID,
  paypalWebhook,
} from '../../../test/fake-paypal.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { loadConfig } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { orderItems, refunds } from '../../db/schema.ts';
import {
  confirmationEmails,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { addMarket } from '../markets/test-helpers.ts';

const fake = new FakePayPal();
let apiBase = '';
const testApp = appPerTest();

beforeAll(async () => {
  apiBase = await fake.start();
});
afterAll(() => fake.stop());

const paypalEnv = () => ({
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID,
  PAYPAL_API_BASE: apiBase,
});

interface PaidState {
  id: string;
  status: string;
  payment_status: string;
  payment_provider: string | null;
  payment_reference: string | null;
  payment_method: string | null;
  currency: string;
  total_amount: number;
}

const orderOf = async (db: Db, sessionId: string) =>
  (
    await queryRows<PaidState>(
      db,
      sql`SELECT id, status, payment_status, payment_provider, payment_reference, payment_method, currency,
          total_amount FROM orders WHERE payment_session_id = ${sessionId}`,
    )
  )[0];

/** A PayPal shop (PAYMENT_PROVIDER=paypal), flat 5.00 shipping, markets eu and jp, and a cart of two boards. */
async function paypalShop(env: Record<string, string> = {}) {
  const { app, db } = await testApp.open({
    PAYMENT_PROVIDER: 'paypal',
    SHIPPING_FLAT_CENTS: '500',
    ...paypalEnv(),
    ...env,
  });
  await addMarket(db, { handle: 'eu', currency: 'EUR', rate: '0.92', rounding: 'x.99' });
  await addMarket(db, { handle: 'jp', currency: 'JPY', rate: '151.37', rounding: 'whole' });
  const user = await signUp(app);
  const product = await createProduct(db, {
    name: 'Walnut Board',
    price: 5000,
    salePrice: 4200,
    inventoryLevel: 4,
  });
  await addCartItem(db, user.id, product.id, 2);
  await withShippingZones(app);
  return { app, db, user, product };
}

/** Starts a checkout in a market; answers the PayPal order id (the session id) and the approval URL. */
async function checkout(shop: Awaited<ReturnType<typeof paypalShop>>, market?: string) {
  const res = await startCheckout(shop.app, shop.user.cookie, {
    customer_info: SHIPPING_INFO,
    ...(market ? { market } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url as string);
  const sessionId = url.searchParams.get('token')!;
  return { url, sessionId, order: fake.orders.get(sessionId)! };
}

/** The buyer comes back from PayPal to the receipt; answers the receipt's state. */
async function returnFromPayPal(app: Awaited<ReturnType<typeof paypalShop>>['app'], sessionId: string) {
  const back = new URL(fake.approve(sessionId));
  expect(back.searchParams.get('token')).toBe(sessionId);
  const token = back.searchParams.get('receipt')!;
  const res = await app.inject({ url: `/api/checkout/receipts/${encodeURIComponent(token)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().state as string;
}

const captures = (sessionId: string) => fake.calls(`/v2/checkout/orders/${sessionId}/capture`);

describe('the PayPal provider', () => {
  it('requires the client id, the secret and the webhook id', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYPAL_CLIENT_ID[\s\S]*PAYPAL_CLIENT_SECRET[\s\S]*PAYPAL_WEBHOOK_ID/,
    );
  });

  it('buys in euros: a CAPTURE order in EUR with two-decimal amounts, captured on return, the order paid', async () => {
    const shop = await paypalShop();
    const { url, sessionId, order } = await checkout(shop, 'eu');
    // The buyer is sent to PayPal's approval page (a redirect in the same tab).
    expect(url.origin).toBe('https://www.sandbox.paypal.test');
    const unit = order.purchase_units[0]!;
    // 42.00 × 0.92 = 38.64 → 38.99 a board; shipping 5.00 × 0.92 = 4.60.
    expect(unit.amount).toEqual({
      currency_code: 'EUR',
      value: '82.58',
      breakdown: {
        item_total: { currency_code: 'EUR', value: '77.98' },
        shipping: { currency_code: 'EUR', value: '4.60' },
        tax_total: { currency_code: 'EUR', value: '0.00' },
      },
    });
    expect(unit.items).toEqual([
      expect.objectContaining({
        name: 'Walnut Board',
        quantity: '2',
        unit_amount: { currency_code: 'EUR', value: '38.99' },
      }),
    ]);
    const pending = (await orderOf(shop.db, sessionId))!;
    expect(unit.custom_id).toBe(pending.id);
    expect(pending).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
      payment_provider: 'paypal',
    });

    expect(await returnFromPayPal(shop.app, sessionId)).toBe('paid');
    const capture = fake.orders.get(sessionId)!.purchase_units[0]!.payments!.captures[0]!;
    expect(await orderOf(shop.db, sessionId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
      payment_method: 'paypal',
      payment_reference: capture.id,
      currency: 'EUR',
      total_amount: 8258,
    });
    expect(captures(sessionId).map((c) => c.requestId)).toEqual([`cartwheel-capture-${sessionId}`]);
    expect(await confirmationEmails(shop.db)).toHaveLength(1);
  });

  it('buys in yen with amounts without decimals', async () => {
    const shop = await paypalShop();
    const { sessionId, order } = await checkout(shop, 'jp');
    const unit = order.purchase_units[0]!;
    // 42.00 × 151.37 = 6357.54 → 6358 yen a board; shipping 756.85 → 757 yen.
    expect(unit.amount.currency_code).toBe('JPY');
    expect(unit.amount.value).toBe('13473');
    expect(unit.items![0]!.unit_amount).toEqual({ currency_code: 'JPY', value: '6358' });
    expect(unit.amount.breakdown!.shipping).toEqual({ currency_code: 'JPY', value: '757' });
    expect(await returnFromPayPal(shop.app, sessionId)).toBe('paid');
    expect(await orderOf(shop.db, sessionId)).toMatchObject({
      payment_status: 'paid',
      currency: 'JPY',
      total_amount: 13473,
    });
  });

  it('does not capture an approved order whose checkout was cancelled meanwhile', async () => {
    const shop = await paypalShop();
    const { sessionId } = await checkout(shop);
    await shop.db.execute(
      sql`UPDATE orders SET status = 'cancelled' WHERE payment_session_id = ${sessionId}`,
    );
    expect(await returnFromPayPal(shop.app, sessionId)).toBe('failed');
    expect(captures(sessionId)).toHaveLength(0);
    expect((await orderOf(shop.db, sessionId))!.payment_status).toBe('unpaid');
  });
});

describe('refunds through PayPal', () => {
  it('refunds part, then the rest, of the capture with the refund id as PayPal-Request-Id', async () => {
    const shop = await paypalShop();
    const { sessionId } = await checkout(shop, 'eu');
    expect(await returnFromPayPal(shop.app, sessionId)).toBe('paid');
    const order = (await orderOf(shop.db, sessionId))!;
    const captureId = order.payment_reference!;
    const manager = await signUpAs(shop.app, shop.db, 'manager');
    const refund = (body: object) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: { cookie: manager.cookie },
        payload: body,
      });
    const [line] = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));

    const partial = await refund({ items: [{ order_item_id: line!.id, quantity: 1 }], reason: 'Cracked' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 3899 });
    const sent = fake.calls(`/v2/payments/captures/${captureId}/refund`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      amount: { currency_code: 'EUR', value: '38.99' },
      custom_id: order.id,
    });
    const [first] = await shop.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(sent[0]!.requestId).toBe(`cartwheel-refund-${first!.id}`);
    expect(first).toMatchObject({ status: 'succeeded', provider: 'paypal', amount: 3899 });
    expect(fake.refunds.get(first!.providerRefundId!)).toMatchObject({ amount: { value: '38.99' } });

    const rest = await refund({ amount: 8258 - 3899, reason: 'Returned' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ payment_status: 'refunded', refunded_amount: 8258 });
    expect(fake.calls(`/v2/payments/captures/${captureId}/refund`).at(-1)!.body).toMatchObject({
      amount: { currency_code: 'EUR', value: '43.59' },
    });
    const capture = fake.orders.get(sessionId)!.purchase_units[0]!.payments!.captures[0]!;
    expect(capture.status).toBe('REFUNDED');

    // PayPal's refund events about the shop's own refunds add nothing to the order.
    const [own] = [...fake.refunds.values()];
    const event = await paypalWebhook(shop.app, 'PAYMENT.CAPTURE.REFUNDED', {
      id: own!.id,
      status: 'COMPLETED',
      amount: own!.amount,
      links: [{ rel: 'up', href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${captureId}` }],
    });
    expect(event.statusCode, event.body).toBe(200);
    const notes = await queryRows(
      shop.db,
      sql`SELECT 1 FROM order_events WHERE order_id = ${order.id}::uuid AND type = 'refunded_at_provider'`,
    );
    expect(notes).toHaveLength(0);

    // One made in PayPal's dashboard is noted on the order once, however often PayPal tells.
    for (let i = 0; i < 2; i++) {
      const outside = await paypalWebhook(shop.app, 'PAYMENT.CAPTURE.REFUNDED', {
        id: '1RDASHBOARD0001',
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: '1.00' },
        links: [{ rel: 'up', href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${captureId}` }],
      });
      expect(outside.statusCode, outside.body).toBe(200);
    }
    const noted = await queryRows<{ message: string }>(
      shop.db,
      sql`SELECT message FROM order_events WHERE order_id = ${order.id}::uuid AND type = 'refunded_at_provider'`,
    );
    expect(noted.map((n) => n.message)).toEqual(['Refunded 1.00 EUR in PayPal, outside the back office.']);
  });
});

describe("PayPal's webhook", () => {
  it('refuses a delivery whose signature PayPal does not verify, with a 400, and changes nothing', async () => {
    const shop = await paypalShop();
    const { sessionId } = await checkout(shop);
    fake.approve(sessionId);
    const before = fake.calls('/v1/notifications/verify-webhook-signature').length;
    const forged = await paypalWebhook(
      shop.app,
      'CHECKOUT.ORDER.APPROVED',
      { id: sessionId },
      { signature: 'forged' },
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_signature');
    // Asked of PayPal, with the shop's webhook id.
    const asked = fake.calls('/v1/notifications/verify-webhook-signature').slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ webhook_id: PAYPAL_WEBHOOK_ID, transmission_sig: 'forged' });
    const otherHook = await paypalWebhook(
      shop.app,
      'CHECKOUT.ORDER.APPROVED',
      { id: sessionId },
      { webhookId: 'WH-OTHER' },
    );
    expect(otherHook.statusCode).toBe(400);
    expect(captures(sessionId)).toHaveLength(0);
    expect((await orderOf(shop.db, sessionId))!.payment_status).toBe('unpaid');
  });

  it('records a payment whose return never arrived from the webhook, once however often it is told', async () => {
    const shop = await paypalShop();
    const { sessionId } = await checkout(shop);
    // The buyer approved at PayPal and closed the tab: only PayPal's events arrive.
    fake.approve(sessionId);
    const approved = await paypalWebhook(shop.app, 'CHECKOUT.ORDER.APPROVED', {
      id: sessionId,
      status: 'APPROVED',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = (await orderOf(shop.db, sessionId))!;
    expect(paid).toMatchObject({ payment_status: 'paid', payment_provider: 'paypal' });
    const capture = {
      id: paid.payment_reference,
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: sessionId } },
    };
    for (let i = 0; i < 2; i++) {
      const again = await paypalWebhook(shop.app, 'PAYMENT.CAPTURE.COMPLETED', capture);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect((await paypalWebhook(shop.app, 'CHECKOUT.ORDER.APPROVED', { id: sessionId })).statusCode).toBe(
      200,
    );
    // The buyer's return comes late: the same paid order.
    const token = new URL(fake.orders.get(sessionId)!.return_url).searchParams.get('receipt')!;
    const receipt = await shop.app.inject({ url: `/api/checkout/receipts/${encodeURIComponent(token)}` });
    expect(receipt.json().state).toBe('paid');
    expect(captures(sessionId)).toHaveLength(1);
    expect(await confirmationEmails(shop.db)).toHaveLength(1);
    const events = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${paid.id}::uuid AND type = 'payment_received'`,
    );
    expect(events[0]!.n).toBe(1);
  });

  it('records a capture PayPal completed whose recording was cut off (PAYMENT.CAPTURE.COMPLETED)', async () => {
    const shop = await paypalShop();
    const { sessionId } = await checkout(shop);
    fake.approve(sessionId);
    // Captured at PayPal (the process stopped before it wrote the payment).
    await shop.app.checkout.ctx.provider.get('paypal')!.getSession(sessionId);
    expect((await orderOf(shop.db, sessionId))!.payment_status).toBe('unpaid');
    const capture = fake.orders.get(sessionId)!.purchase_units[0]!.payments!.captures[0]!;
    const res = await paypalWebhook(shop.app, 'PAYMENT.CAPTURE.COMPLETED', {
      id: capture.id,
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: sessionId } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOf(shop.db, sessionId)).toMatchObject({
      payment_status: 'paid',
      payment_reference: capture.id,
    });
    expect(captures(sessionId)).toHaveLength(1);
  });
});

describe('Settings → Payments', () => {
  it('lists the providers with what each lacks, refuses one without credentials, and new checkouts use the choice', async () => {
    // Local by default, PayPal configured, Stripe not.
    const { app, db } = await testApp.open({ SHIPPING_FLAT_CENTS: '500', ...paypalEnv() });
    const admin = await signUpAs(app, db, 'admin');
    const call = (method: 'GET' | 'PUT', payload?: object) =>
      app.inject({
        method,
        url: '/api/admin/settings/payments',
        headers: { cookie: admin.cookie },
        ...(payload ? { payload } : {}),
      });
    const shown = (await call('GET')).json();
    expect(shown).toMatchObject({ provider: 'local', default_provider: 'local' });
    expect(shown.providers).toEqual([
      expect.objectContaining({ name: 'local', ready: true, missing: [] }),
      expect.objectContaining({
        name: 'stripe',
        ready: false,
        missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
        message:
          "Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in the server's environment; set them and restart the server.",
      }),
      expect.objectContaining({ name: 'paypal', ready: true }),
    ]);

    const refused = await call('PUT', { provider: 'stripe' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'payment_provider_unavailable' });
    expect((await call('GET')).json().provider).toBe('local');

    const staff = await signUpAs(app, db, 'staff');
    const denied = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/payments',
      headers: { cookie: staff.cookie },
      payload: { provider: 'paypal' },
    });
    expect(denied.statusCode).toBe(403);

    const chosen = await call('PUT', { provider: 'paypal' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().provider).toBe('paypal');
    const site = (await app.inject({ url: '/api/storefront/site' })).json();
    expect(site.test_payments).toBe(false);

    const user = await signUp(app);
    const product = await createProduct(db, { name: 'Mug', price: 1200, inventoryLevel: 3 });
    await addCartItem(db, user.id, product.id, 1);
    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = new URL(res.json().url).searchParams.get('token')!;
    expect(fake.orders.get(sessionId)!.purchase_units[0]!.amount).toMatchObject({
      currency_code: 'USD',
      value: '17.00',
    });
    expect((await orderOf(db, sessionId))!.payment_provider).toBe('paypal');
  });

  it('keeps a checkout opened before a switch with its provider: its payment, reconciliation and refund', async () => {
    const { app, db } = await testApp.open({ SHIPPING_FLAT_CENTS: '500', ...paypalEnv() });
    const admin = await signUpAs(app, db, 'admin');
    const buy = async () => {
      const user = await signUp(app);
      const product = await createProduct(db, { name: 'Mug', price: 1200, inventoryLevel: 3 });
      await addCartItem(db, user.id, product.id, 1);
      const res = await startCheckout(app, user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return new URL(res.json().url);
    };
    // A local checkout, paid at the test page, its completion not recorded yet.
    const localSession = sessionIdFromUrl((await buy()).toString());
    expect((await payLocal(app, localSession)).statusCode).toBe(303);
    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/payments',
      headers: { cookie: admin.cookie },
      payload: { provider: 'paypal' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const paypalSession = (await buy()).searchParams.get('token')!;
    const router = app.checkout.ctx.provider;
    // The reconciliation asks the local provider about its own sessions only.
    expect(await router.paidSessions!([localSession, paypalSession])).toEqual([localSession]);
    const before = fake.requests.length;
    expect((await router.getSession(localSession)).status).toBe('paid');
    expect(fake.requests.length).toBe(before);

    await app.checkout.complete(localSession);
    const order = (await orderOf(db, localSession))!;
    expect(order).toMatchObject({ payment_status: 'paid', payment_provider: 'local' });
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: { cookie: admin.cookie },
      payload: { amount: 500, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'succeeded', provider: 'local', amount: 500 });
    expect(fake.requests.slice(before).filter((r) => r.path.endsWith('/refund'))).toHaveLength(0);
  });

  it('refuses the local test provider in production', async () => {
    const { app, db } = await testApp.open({
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'http://localhost:3000',
      PAYMENT_PROVIDER: 'paypal',
      ...paypalEnv(),
    });
    const admin = await signUpAs(app, db, 'admin');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/payments',
      headers: { cookie: admin.cookie },
      payload: { provider: 'local' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/refused in production/);
    // Nor is its pay page served.
    expect((await app.inject({ url: '/pay/cs_local_x' })).statusCode).toBe(404);
  });
});
