// A local fake of PayPal's REST API for the PayPal provider's tests (not a test file itself).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TestContext } from './test-app.ts';

/** The REST app credentials and the webhook id the fake's shops are configured with. */
export const PAYPAL_CLIENT_ID = 'cartwheel-client';
export const PAYPAL_CLIENT_SECRET = 'cartwheel-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-CARTWHEEL-TEST';

// The fake signs deliveries with this key; a signature made with anything else does not verify.
const SIGNING_KEY = 'fake-paypal-signing-key';

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  custom_id?: string;
}

export interface FakeOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  purchase_units: Array<{
    reference_id: string;
    custom_id?: string;
    amount: Money & { breakdown?: Record<string, Money> };
    items?: Array<{ name: string; unit_amount: Money; quantity: string; description?: string }>;
    payments?: { captures: FakeCapture[] };
  }>;
  /** Where PayPal sends the buyer after approving (the shop's return URL). */
  return_url: string;
  links: Array<{ href: string; rel: string; method: 'GET' | 'POST' }>;
}

interface FakeRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  capture_id: string;
}

/** Decimals PayPal allows per currency (its currency codes page): none for JPY, two for most. */
const DECIMALS: Record<string, number> = { JPY: 0, HUF: 0, TWD: 0 };
const decimalsOf = (currency: string) => DECIMALS[currency] ?? 2;

/** A value in the currency's minor units, or null when it has the wrong number of decimals. */
function minorOf({ currency_code, value }: Money): number | null {
  const places = decimalsOf(currency_code);
  const pattern = places === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${places}}$`);
  return pattern.test(value) ? Number(value.replace('.', '')) : null;
}

const major = (minor: number, currency: string) => {
  const places = decimalsOf(currency);
  return places === 0 ? String(minor) : (minor / 10 ** places).toFixed(places);
};

/** The signature the fake's verify-webhook-signature accepts for a delivery. */
function signatureOf(transmissionId: string, time: string, webhookId: string, event: string): string {
  return createHmac('sha256', SIGNING_KEY)
    .update(`${transmissionId}|${time}|${webhookId}|${event}`)
    .digest('base64');
}

/**
 * A local stand-in for the PayPal endpoints the SDK and the provider call: the OAuth token, orders
 * (create, show, capture), capture refunds and verify-webhook-signature. It checks what PayPal checks
 * (the bearer token, decimals per currency, items adding up to the amount, PayPal-Request-Id
 * idempotency) and records every request so tests can check what was sent.
 */
export class FakePayPal {
  server: Server = createServer((req, res) => void this.handle(req, res));
  orders = new Map<string, FakeOrder>();
  refunds = new Map<string, FakeRefund>();
  requests: Array<{ method: string; path: string; body: unknown; requestId: string | undefined }> = [];
  /** Answers by PayPal-Request-Id: a repeated id answers the first response, as PayPal does. */
  private answered = new Map<string, { status: number; body: unknown }>();
  private tokens = new Set<string>();
  private n = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The buyer approves the order on PayPal's page; answers the shop's return URL PayPal redirects to. */
  approve(orderId: string): string {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no PayPal order ${orderId}`);
    order.status = 'APPROVED';
    const back = new URL(order.return_url);
    back.searchParams.set('token', orderId);
    back.searchParams.set('PayerID', 'FAKEPAYER1');
    return back.toString();
  }

  /** Requests to a path (e.g. `/v2/checkout/orders/ID/capture`). */
  calls(path: string | RegExp) {
    return this.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  private id(prefix: string) {
    return `${prefix}${String(++this.n).padStart(4, '0')}${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': `dbg${++this.n}` });
    res.end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, name: string, issue: string) {
    return this.send(res, status, {
      name,
      message: issue,
      debug_id: `dbg${++this.n}`,
      details: [{ issue, description: issue }],
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? '').split('?')[0]!;
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    let body: unknown = raw;
    if ((req.headers['content-type'] ?? '').includes('json') && raw) body = JSON.parse(raw);
    this.requests.push({ method: req.method ?? '', path, body, requestId });

    if (req.method === 'POST' && path === '/v1/oauth2/token') return this.token(req, res, raw);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) {
      return this.send(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }
    const key = requestId ? `${req.method} ${path} ${requestId}` : null;
    const earlier = key ? this.answered.get(key) : undefined;
    if (earlier) return this.send(res, earlier.status, earlier.body);
    const answer = (status: number, payload: unknown) => {
      if (key && status < 300) this.answered.set(key, { status, body: payload });
      return this.send(res, status, payload);
    };

    if (req.method === 'POST' && path === '/v2/checkout/orders') return this.createOrder(res, body, answer);
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return this.verify(res, body as Record<string, unknown>);
    }
    const one = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (one) {
      const order = this.orders.get(decodeURIComponent(one[1]!));
      if (!order) return this.error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (req.method === 'GET' && !one[2]) return this.send(res, 200, order);
      if (req.method === 'POST' && one[2]) return this.capture(res, order, answer);
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund)
      return this.refund(res, decodeURIComponent(refund[1]!), body, answer);
    return this.error(res, 404, 'RESOURCE_NOT_FOUND', `Unrecognized ${req.method} ${path}`);
  }

  private token(req: IncomingMessage, res: ServerResponse, raw: string) {
    const expected = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
    if (
      req.headers.authorization !== expected ||
      new URLSearchParams(raw).get('grant_type') !== 'client_credentials'
    ) {
      return this.send(res, 401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    }
    const token = `A21AA${Math.random().toString(36).slice(2)}`;
    this.tokens.add(token);
    return this.send(res, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: 32400,
      nonce: `nonce${this.n}`,
    });
  }

  private createOrder(res: ServerResponse, body: unknown, answer: (s: number, b: unknown) => void) {
    const request = body as {
      intent?: string;
      purchase_units?: FakeOrder['purchase_units'];
      payment_source?: { paypal?: { experience_context?: { return_url?: string } } };
    };
    const unit = request.purchase_units?.[0];
    const returnUrl = request.payment_source?.paypal?.experience_context?.return_url;
    if (request.intent !== 'CAPTURE' || !unit || !returnUrl) {
      return this.error(res, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    }
    const currency = unit.amount.currency_code;
    const amounts = [
      unit.amount,
      ...Object.values(unit.amount.breakdown ?? {}),
      ...(unit.items ?? []).map((i) => i.unit_amount),
    ];
    if (amounts.some((m) => m.currency_code !== currency || minorOf(m) === null)) {
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    }
    const b = unit.amount.breakdown ?? {};
    const items = (unit.items ?? []).reduce((s, i) => s + minorOf(i.unit_amount)! * Number(i.quantity), 0);
    if (b.item_total && minorOf(b.item_total) !== items) {
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'ITEM_TOTAL_MISMATCH');
    }
    const sum = ['item_total', 'shipping', 'tax_total'].reduce((s, k) => s + (b[k] ? minorOf(b[k])! : 0), 0);
    if (unit.amount.breakdown && sum !== minorOf(unit.amount)) {
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MISMATCH');
    }
    const id = this.id('5O');
    const order: FakeOrder = {
      id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [{ ...unit, reference_id: unit.reference_id ?? 'default' }],
      return_url: returnUrl,
      links: [
        {
          href: `https://www.sandbox.paypal.test/checkoutnow?token=${id}`,
          rel: 'payer-action',
          method: 'GET',
        },
        { href: `https://api-m.sandbox.paypal.test/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      ],
    };
    this.orders.set(id, order);
    return answer(200, order);
  }

  private capture(res: ServerResponse, order: FakeOrder, answer: (s: number, b: unknown) => void) {
    if (order.status === 'COMPLETED')
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED')
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const unit = order.purchase_units[0]!;
    order.status = 'COMPLETED';
    unit.payments = {
      captures: [
        {
          id: this.id('3C'),
          status: 'COMPLETED',
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        },
      ],
    };
    return answer(201, order);
  }

  private refund(
    res: ServerResponse,
    captureId: string,
    body: unknown,
    answer: (s: number, b: unknown) => void,
  ) {
    const order = [...this.orders.values()].find((o) =>
      o.purchase_units[0]?.payments?.captures.some((c) => c.id === captureId),
    );
    const capture = order?.purchase_units[0]?.payments?.captures.find((c) => c.id === captureId);
    if (!capture) return this.error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const currency = capture.amount.currency_code;
    const refunded = [...this.refunds.values()]
      .filter((r) => r.capture_id === captureId)
      .reduce((s, r) => s + minorOf(r.amount)!, 0);
    const left = minorOf(capture.amount)! - refunded;
    const asked = (body as { amount?: Money } | undefined)?.amount;
    const amount = asked ? minorOf(asked) : left;
    if (amount === null || (asked && asked.currency_code !== currency)) {
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    }
    if (amount <= 0 || amount > left) {
      return this.error(res, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    const refund: FakeRefund = {
      id: this.id('1R'),
      status: 'COMPLETED',
      amount: { currency_code: currency, value: major(amount, currency) },
      capture_id: captureId,
    };
    this.refunds.set(refund.id, refund);
    capture.status = amount === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const { capture_id: _, ...shown } = refund;
    return answer(201, shown);
  }

  private verify(res: ServerResponse, body: Record<string, unknown>) {
    const event = JSON.stringify(body.webhook_event);
    const expected = signatureOf(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      event,
    );
    const ok = body.webhook_id === PAYPAL_WEBHOOK_ID && body.transmission_sig === expected;
    return this.send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }
}

/** Delivers a PayPal webhook event to the app, signed as the fake verifies it (or with `signature`). */
export function paypalWebhook(
  app: TestContext['app'],
  eventType: string,
  resource: object,
  { signature, webhookId = PAYPAL_WEBHOOK_ID }: { signature?: string; webhookId?: string } = {},
) {
  const payload = JSON.stringify({
    id: `WH-${Math.random().toString(36).slice(2).toUpperCase()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: eventType.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
    event_type: eventType,
    summary: eventType,
    resource,
  });
  const transmissionId = `tx-${Math.random().toString(36).slice(2)}`;
  const time = new Date().toISOString();
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/paypal',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature ?? signatureOf(transmissionId, time, webhookId, payload),
    },
    payload,
  });
}
