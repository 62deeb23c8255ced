import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
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
import { createStripePaymentProvider } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_cartwheel';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_method_types: string[];
  metadata: Record<string, string>;
  client_reference_id: string | null;
  expires_at: number;
  amount_total: number;
}

/**
 * A local stand-in for the three Stripe endpoints the provider calls. It records every request so
 * tests can check what was sent (the server's prices, the order id, the expiry).
 */
class FakeStripe {
  server: Server = createServer((req, res) => void this.handle(req, res));
  sessions = new Map<string, FakeSession>();
  requests: Array<{
    method: string;
    path: string;
    form: URLSearchParams;
    idempotencyKey: string | undefined;
  }> = [];
  private n = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.n}` });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? '').split('?')[0]!;
    const form = new URLSearchParams(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path, form, idempotencyKey });
    if (req.headers.authorization !== 'Bearer sk_test_cartwheel') {
      return this.send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.n}${Math.random().toString(36).slice(2, 10)}`;
      let amount = 0;
      for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
        amount +=
          Number(form.get(`line_items[${i}][quantity]`)) *
          Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_method_types: ['card'],
        metadata,
        client_reference_id: form.get('client_reference_id'),
        expires_at: Number(form.get('expires_at')),
        amount_total: amount,
      };
      this.sessions.set(id, session);
      return this.send(res, 200, session);
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = one ? this.sessions.get(decodeURIComponent(one[1]!)) : undefined;
    if (one && !session) {
      return this.send(res, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such checkout.session',
        },
      });
    }
    if (session && req.method === 'GET' && !one![2]) return this.send(res, 200, session);
    if (session && req.method === 'POST' && one![2]) {
      if (session.status !== 'open') {
        return this.send(res, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status of open can be expired.',
          },
        });
      }
      session.status = 'expired';
      return this.send(res, 200, session);
    }
    return this.send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized ${path}` } });
  }

  /** What happens at Stripe when the shopper pays. */
  pay(id: string, paymentStatus: FakeSession['payment_status'] = 'paid') {
    const session = this.sessions.get(id)!;
    session.status = 'complete';
    session.payment_status = paymentStatus;
    return session;
  }
}

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

function webhook(
  app: TestContext['app'],
  type: string,
  session: object,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
  });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
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
    expect(form.get('success_url')).toBe(
      `${testApp.ctx.config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    );
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
      successUrl: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
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
    const created = await session(orderId, paymentLines(priced, { a: 'Mug' }));
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
    const pay = { ...paymentLines(priced, { a: 'Mug' }), amount: priced.total - 1 };
    await expect(session(crypto.randomUUID(), pay)).rejects.toThrow(/add up to 3000/);
    expect(fake.requests.length).toBe(before);
  });
});
