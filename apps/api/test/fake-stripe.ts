// A local fake of Stripe's API for the Stripe provider's tests (not a test file itself).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { TestContext } from './test-app.ts';

/** The webhook signing secret the fake's apps are configured with. */
export const WEBHOOK_SECRET = 'whsec_test_cartwheel';

export interface FakeSession {
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
  /** Set when the shopper pays, as Stripe creates the payment with the completed session. */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

/** A tax the fake's Stripe Tax charges in a place ('US-CA', 'DE'), as Stripe's breakdown names it. */
interface FakeTax {
  type: 'sales_tax' | 'vat' | 'gst' | 'hst' | 'pst' | 'qst';
  /** Percent as Stripe writes it ('7.25'). */
  percent: string;
  taxesShipping: boolean;
}

/** What the fake's Stripe Tax charges where (a state's taxes, else its country's; none elsewhere). */
const FAKE_TAXES: Record<string, FakeTax[]> = {
  'US-CA': [{ type: 'sales_tax', percent: '7.25', taxesShipping: false }],
  'US-NY': [{ type: 'sales_tax', percent: '8.875', taxesShipping: true }],
  'CA-BC': [
    { type: 'gst', percent: '5.0', taxesShipping: true },
    { type: 'pst', percent: '7.0', taxesShipping: false },
  ],
  'CA-ON': [{ type: 'hst', percent: '13.0', taxesShipping: true }],
  DE: [{ type: 'vat', percent: '19.0', taxesShipping: true }],
};

/** The `metadata[key]` fields of a form-encoded Stripe request. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) metadata[m[1]!] = value;
  }
  return metadata;
}

/**
 * A local stand-in for the Stripe endpoints the providers call: Checkout Sessions (create, retrieve,
 * expire), refunds and Stripe Tax calculations. It records every request so tests can check what was sent (the server's
 * prices, the order id, the expiry, the refund's amount and idempotency key).
 */
export class FakeStripe {
  server: Server = createServer((req, res) => void this.handle(req, res));
  sessions = new Map<string, FakeSession>();
  refunds = new Map<string, FakeRefund>();
  /** Refunds by Idempotency-Key: a repeated key answers the first refund, as Stripe does. */
  private refundKeys = new Map<string, { body: string; refund: FakeRefund }>();
  /** When set, the next refunds are refused with this message (Stripe's 400 invalid_request_error). */
  refuseRefunds: string | null = null;
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
      const metadata = metadataOf(form);
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
        payment_intent: null,
      };
      this.sessions.set(id, session);
      return this.send(res, 200, session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') return this.refund(res, form, raw, idempotencyKey);
    if (req.method === 'POST' && path === '/v1/tax/calculations') return this.taxCalculation(res, form);
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

  /**
   * POST /v1/refunds: a refund of `amount` (default: all) of a payment intent of a paid session. A
   * repeated Idempotency-Key answers the first refund; the same key with other parameters is a 400, as
   * at Stripe.
   */
  private refund(res: ServerResponse, form: URLSearchParams, raw: string, key: string | undefined) {
    const earlier = key ? this.refundKeys.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== raw) {
        return this.send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      }
      return this.send(res, 200, earlier.refund);
    }
    const intent = form.get('payment_intent');
    const paid = [...this.sessions.values()].find((s) => s.payment_intent && s.payment_intent === intent);
    if (!paid) {
      return this.send(res, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${intent}'`,
        },
      });
    }
    const refunded = [...this.refunds.values()]
      .filter((r) => r.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = Number(form.get('amount') ?? paid.amount_total - refunded);
    if (this.refuseRefunds || amount > paid.amount_total - refunded) {
      return this.send(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message:
            this.refuseRefunds ??
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
        },
      });
    }
    const refund: FakeRefund = {
      id: `re_test_${++this.n}${Math.random().toString(36).slice(2, 10)}`,
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent!,
      status: 'succeeded',
      metadata: metadataOf(form),
    };
    this.refunds.set(refund.id, refund);
    if (key) this.refundKeys.set(key, { body: raw, refund });
    return this.send(res, 200, refund);
  }

  /**
   * POST /v1/tax/calculations as Stripe documents it: each line's and the shipping's tax at the
   * address's rates (FAKE_TAXES), added or extracted by each amount's tax_behavior, the breakdown by
   * rate, and the line items when `expand[]=line_items`. A US address without a postal code is
   * refused as Stripe refuses it (customer_tax_location_invalid).
   */
  private taxCalculation(res: ServerResponse, form: URLSearchParams) {
    const country = form.get('customer_details[address][country]');
    const state = form.get('customer_details[address][state]');
    if (!country || (country === 'US' && !form.get('customer_details[address][postal_code]'))) {
      return this.send(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'customer_tax_location_invalid',
          message:
            "We could not determine the customer's tax location based on the provided customer address.",
        },
      });
    }
    const taxes = (state ? FAKE_TAXES[`${country}-${state}`] : undefined) ?? FAKE_TAXES[country] ?? [];
    const breakdown = new Map<FakeTax, { amount: number; taxable: number; inclusive: boolean }>();
    /** The tax on one amount, each tax's share recorded in the breakdown. */
    const taxOf = (amount: number, inclusive: boolean, shipping: boolean): number => {
      const applying = taxes.filter((t) => !shipping || t.taxesShipping);
      const rate = applying.reduce((sum, t) => sum + Number(t.percent), 0);
      const total = inclusive ? amount - Math.round(amount / (1 + rate / 100)) : 0;
      let left = total;
      applying.forEach((t, i) => {
        const share = inclusive
          ? i === applying.length - 1
            ? left
            : Math.round((total * Number(t.percent)) / rate)
          : Math.round((amount * Number(t.percent)) / 100);
        left -= share;
        const entry = breakdown.get(t) ?? { amount: 0, taxable: 0, inclusive };
        entry.amount += share;
        entry.taxable += inclusive ? amount - total : amount;
        breakdown.set(t, entry);
      });
      return inclusive
        ? total
        : applying.reduce((sum, t) => sum + Math.round((amount * Number(t.percent)) / 100), 0);
    };
    const lines = [];
    for (let i = 0; form.has(`line_items[${i}][amount]`); i++) {
      const amount = Number(form.get(`line_items[${i}][amount]`));
      const behavior = form.get(`line_items[${i}][tax_behavior]`) ?? 'exclusive';
      lines.push({
        id: `tax_li_${++this.n}`,
        object: 'tax.calculation_line_item',
        amount,
        amount_tax: taxOf(amount, behavior === 'inclusive', false),
        livemode: false,
        product: null,
        quantity: Number(form.get(`line_items[${i}][quantity]`) ?? 1),
        reference: form.get(`line_items[${i}][reference]`),
        tax_behavior: behavior,
        tax_code: 'txcd_99999999',
      });
    }
    const shippingAmount = form.get('shipping_cost[amount]');
    const shippingBehavior = form.get('shipping_cost[tax_behavior]') ?? 'exclusive';
    const shipping =
      shippingAmount === null
        ? null
        : {
            amount: Number(shippingAmount),
            amount_tax: taxOf(Number(shippingAmount), shippingBehavior === 'inclusive', true),
            tax_behavior: shippingBehavior,
            tax_code: 'txcd_92010001',
          };
    const all = [...lines.map((l) => ({ tax: l.amount_tax, inclusive: l.tax_behavior === 'inclusive' }))];
    if (shipping) all.push({ tax: shipping.amount_tax, inclusive: shipping.tax_behavior === 'inclusive' });
    const exclusive = all.filter((a) => !a.inclusive).reduce((sum, a) => sum + a.tax, 0);
    const inclusive = all.filter((a) => a.inclusive).reduce((sum, a) => sum + a.tax, 0);
    const details = (t: FakeTax | null) => ({
      country,
      state: state ?? null,
      flat_amount: null,
      percentage_decimal: t?.percent ?? '0.0',
      rate_type: 'percentage',
      tax_type: t?.type ?? null,
    });
    const taxBreakdown = taxes.length
      ? [...breakdown].map(([t, b]) => ({
          amount: b.amount,
          inclusive: b.inclusive,
          tax_rate_details: details(t),
          taxability_reason: 'standard_rated',
          taxable_amount: b.taxable,
        }))
      : [
          {
            amount: 0,
            inclusive: false,
            tax_rate_details: details(null),
            taxability_reason: 'not_collecting',
            taxable_amount: 0,
          },
        ];
    const id = `taxcalc_test_${++this.n}`;
    const expand = [...form.entries()].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
    return this.send(res, 200, {
      id,
      object: 'tax.calculation',
      amount_total: lines.reduce((sum, l) => sum + l.amount, 0) + (shipping?.amount ?? 0) + exclusive,
      currency: form.get('currency'),
      customer: null,
      customer_details: {
        address: { country, state, postal_code: form.get('customer_details[address][postal_code]') },
        address_source: form.get('customer_details[address_source]'),
        ip_address: null,
        tax_ids: [],
        taxability_override: 'none',
      },
      expires_at: Math.floor(Date.now() / 1000) + 90 * 24 * 3600,
      line_items: expand.includes('line_items')
        ? {
            object: 'list',
            data: lines,
            has_more: false,
            total_count: lines.length,
            url: `/v1/tax/calculations/${id}/line_items`,
          }
        : null,
      livemode: false,
      ship_from_details: null,
      shipping_cost: shipping,
      tax_amount_exclusive: exclusive,
      tax_amount_inclusive: inclusive,
      tax_breakdown: taxBreakdown,
      tax_date: Math.floor(Date.now() / 1000),
    });
  }

  /** What happens at Stripe when the shopper pays: the session completes with a payment intent. */
  pay(id: string, paymentStatus: FakeSession['payment_status'] = 'paid') {
    const session = this.sessions.get(id)!;
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent ??= `pi_test_${++this.n}${Math.random().toString(36).slice(2, 10)}`;
    return session;
  }
}

/** Delivers a signed Stripe event about `session` to the app's webhook route. */
export function webhook(
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
