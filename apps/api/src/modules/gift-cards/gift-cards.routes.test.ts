import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  completeCheckout,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { issueGiftCard } from './gift-cards.service.ts';

// $5.00 shipping, no tax: a $40.00 line makes a $45.00 order.
const suite = appWithAdminPerFile({
  SHIPPING_FLAT_CENTS: '500',
  SHIPPING_FREE_OVER_CENTS: '100000',
  TAX_RATE_BPS: '0',
});
let manager: TestUser;

beforeAll(async () => {
  await withShippingZones(suite.ctx.app);
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  cookie?: string,
  ip?: string,
) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });
const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  inject(method, url, payload, suite.admin.cookie);

const cardOf = async (id: string) =>
  (
    await queryRows<{ balance: number; code_hash: string }>(
      suite.ctx.db,
      sql`SELECT balance, code_hash FROM gift_cards WHERE id = ${id}::uuid`,
    )
  )[0]!;
const ledgerOf = (id: string) =>
  queryRows<{ kind: string; amount: number; balance_after: number }>(
    suite.ctx.db,
    sql`SELECT kind, amount, balance_after FROM gift_card_transactions WHERE gift_card_id = ${id}::uuid
      ORDER BY created_at, id`,
  );
const orderOf = async (id: string) =>
  (
    await queryRows<Record<string, unknown>>(
      suite.ctx.db,
      sql`SELECT o.status, o.payment_status, o.payment_method, o.total_amount, o.payment_session_id,
          (SELECT json_agg(json_build_object('amount', t.amount, 'status', t.status, 'kind', t.kind,
            'refunded', t.refunded_amount)) FROM order_tenders t WHERE t.order_id = o.id) AS tenders
        FROM orders o WHERE o.id = ${id}::uuid`,
    )
  )[0]!;
const orderIdOfSession = async (sessionId: string) =>
  (
    await queryRows<{ id: string }>(
      suite.ctx.db,
      sql`SELECT id FROM orders WHERE payment_session_id = ${sessionId}`,
    )
  )[0]!.id;

/** A $40.00 product and a guest's checkout of one of it with `code`: $45.00 with shipping. */
async function guestCheckout(code: string | null, ip = '10.0.0.1') {
  const product = await createProduct(suite.ctx.db, { price: 4000, inventoryLevel: 50 });
  return inject(
    'POST',
    '/api/checkout/sessions',
    {
      customer_info: { ...SHIPPING_INFO, email: 'guest@example.com' },
      guest: { checkout_key: randomUUID(), lines: [{ product_id: product.id, quantity: 1 }] },
      ...(code ? { discount_code: code } : {}),
    },
    undefined,
    ip,
  );
}

async function issue(amount: number, currency = 'USD') {
  return issueGiftCard(suite.ctx.db, { amount, currency });
}

describe('issuing gift cards in the back office', () => {
  it('issues a card with a GIFT-XXXX-XXXX-XXXX code shown once, kept only as its hash, with an issue ledger row', async () => {
    const res = await asAdmin('POST', '/api/admin/gift-cards', {
      amount: 5000,
      recipient_email: 'friend@example.com',
      message: 'Happy birthday',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { code, gift_card } = res.json();
    expect(code).toMatch(/^GIFT-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(gift_card).toMatchObject({
      balance: 5000,
      initial_amount: 5000,
      currency: 'USD',
      last_characters: code.replaceAll('-', '').slice(-4),
      transactions: [expect.objectContaining({ kind: 'issue', amount: 5000, balance_after: 5000 })],
    });
    const stored = await cardOf(gift_card.id);
    expect(stored.code_hash).not.toContain(code.replaceAll('-', ''));
    const list = await asAdmin('GET', '/api/admin/gift-cards');
    expect(list.json().items[0]).not.toHaveProperty('code');
    // The recipient gets the code by email, with the sender's message.
    const [email] = await queryRows<{ subject: string; text: string }>(
      suite.ctx.db,
      sql`SELECT subject, text FROM email_outbox WHERE kind = 'gift_card' AND "to" = 'friend@example.com'`,
    );
    expect(email!.subject).toBe('Your $50.00 gift card for Cartwheel');
    expect(email!.text).toContain(code);
    expect(email!.text).toContain('Happy birthday');
  });

  it('refuses a manager issuing or disabling cards (admins only) and a zero amount, writing nothing', async () => {
    const before = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM gift_cards`,
    );
    expect((await inject('POST', '/api/admin/gift-cards', { amount: 100 }, manager.cookie)).statusCode).toBe(
      403,
    );
    expect((await inject('GET', '/api/admin/gift-cards', undefined, manager.cookie)).statusCode).toBe(200);
    const zero = await asAdmin('POST', '/api/admin/gift-cards', { amount: 0 });
    expect(zero.statusCode).toBe(400);
    const shopper = await signUp(suite.ctx.app, { email: `gc-${randomUUID()}@example.com` });
    expect((await inject('GET', '/api/admin/gift-cards', undefined, shopper.cookie)).statusCode).toBe(403);
    const after = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM gift_cards`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('POST /api/gift-cards/balance', () => {
  it('answers the balance and expiry however the code is typed; unknown and disabled codes read alike', async () => {
    const card = await issue(2500);
    const typed = card.code.toLowerCase().replaceAll('-', ' ');
    const res = await inject('POST', '/api/gift-cards/balance', { code: typed }, undefined, '10.1.0.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 2500, currency: 'USD', expires_at: null });
    const unknown = await inject(
      'POST',
      '/api/gift-cards/balance',
      { code: 'GIFT-AAAA-BBBB-CCCC' },
      undefined,
      '10.1.0.1',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await asAdmin('PATCH', `/api/admin/gift-cards/${card.id}`, { disabled: true })).statusCode).toBe(
      200,
    );
    const disabled = await inject(
      'POST',
      '/api/gift-cards/balance',
      { code: card.code },
      undefined,
      '10.1.0.1',
    );
    expect(disabled.json()).toEqual(unknown.json());
  });

  it('refuses more than 10 look-ups a minute from one address with a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await inject('POST', '/api/gift-cards/balance', { code: 'GIFT-NONE-NONE' }, undefined, '10.2.0.1'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });
});

describe('a gift card at checkout', () => {
  it('pays part of an order: the card provider is charged the rest, and the tender is captured once paid', async () => {
    const card = await issue(2500);
    const quote = await guestQuote(card.code);
    // No shipping method chosen in the quote: $40.00 of goods less the card.
    expect(quote).toMatchObject({ code_error: null, amount_due: 1500 });
    expect(quote.tenders).toEqual([
      { kind: 'gift_card', last_characters: card.code.slice(-4), amount: 2500 },
    ]);

    const res = await guestCheckout(card.code);
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = sessionIdFromUrl(res.json().url);
    const [session] = await queryRows<{ amount: number }>(
      suite.ctx.db,
      sql`SELECT amount FROM payment_sessions WHERE id = ${sessionId}`,
    );
    expect(session!.amount).toBe(2000);
    expect((await cardOf(card.id)).balance).toBe(0);
    const orderId = await orderIdOfSession(sessionId);
    expect((await orderOf(orderId)).tenders).toEqual([
      { amount: 2500, status: 'held', kind: 'gift_card', refunded: 0 },
    ]);

    expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(suite.ctx.app, '', sessionId)).statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({
      payment_status: 'paid',
      total_amount: 4500,
      tenders: [{ amount: 2500, status: 'captured', kind: 'gift_card', refunded: 0 }],
    });
    expect(await ledgerOf(card.id)).toEqual([
      { kind: 'issue', amount: 2500, balance_after: 2500 },
      { kind: 'redeem', amount: -2500, balance_after: 0 },
    ]);
  });

  it('refuses a second use of the spent card with a 422 on the code field, in the quote and at checkout', async () => {
    const card = await issue(2500);
    expect((await guestCheckout(card.code)).statusCode).toBe(200);
    const again = await guestCheckout(card.code);
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toMatchObject({
      code: 'gift_card_spent',
      message: 'This gift card has no balance left.',
      details: [{ field: 'body.discount_code', message: 'This gift card has no balance left.' }],
    });
    expect((await guestQuote(card.code)).code_error).toEqual({
      code: 'gift_card_spent',
      message: 'This gift card has no balance left.',
    });
  });

  it('pays a whole order: no card payment, the order is paid at once and the answer is its receipt', async () => {
    const card = await issue(10_000);
    const res = await guestCheckout(card.code);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(url.pathname).toBe('/checkout/success');
    const receipt = await inject(
      'GET',
      `/api/checkout/receipts/${encodeURIComponent(url.searchParams.get('receipt')!)}`,
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      state: 'paid',
      order: {
        total_amount: 4500,
        payment_method: 'gift_card',
        tenders: [
          { kind: 'gift_card', last_characters: card.code.slice(-4), amount: 4500, refunded_amount: 0 },
        ],
      },
    });
    expect((await cardOf(card.id)).balance).toBe(5500);
    const [order] = await queryRows<{ id: string }>(
      suite.ctx.db,
      sql`SELECT t.order_id AS id FROM order_tenders t JOIN gift_cards g ON g.id = t.gift_card_id
        WHERE g.id = ${card.id}::uuid`,
    );
    expect(await orderOf(order!.id)).toMatchObject({
      payment_status: 'paid',
      payment_method: 'gift_card',
      payment_session_id: null,
      tenders: [{ amount: 4500, status: 'captured', kind: 'gift_card', refunded: 0 }],
    });
  });

  it('gives the balance back when the checkout expires unpaid', async () => {
    const card = await issue(2500);
    const res = await guestCheckout(card.code);
    const sessionId = sessionIdFromUrl(res.json().url);
    await suite.ctx.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE payment_session_id = ${sessionId}`,
    );
    await suite.ctx.app.checkout.sweep();
    expect((await cardOf(card.id)).balance).toBe(2500);
    expect((await ledgerOf(card.id)).map((t) => [t.kind, t.amount])).toEqual([
      ['issue', 2500],
      ['redeem', -2500],
      ['release', 2500],
    ]);
    const orderId = await orderIdOfSession(sessionId);
    expect((await orderOf(orderId)).tenders).toEqual([
      { amount: 2500, status: 'released', kind: 'gift_card', refunded: 0 },
    ]);
  });

  it('lets the same shopper start again with the card their open checkout holds: the first is cancelled', async () => {
    const card = await issue(2500);
    const product = await createProduct(suite.ctx.db, { price: 4000, inventoryLevel: 50 });
    const body = {
      customer_info: { ...SHIPPING_INFO, email: 'again@example.com' },
      guest: { checkout_key: randomUUID(), lines: [{ product_id: product.id, quantity: 1 }] },
      discount_code: card.code,
    };
    const first = await inject('POST', '/api/checkout/sessions', body, undefined, '10.3.0.1');
    expect(first.statusCode, first.body).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    // Back from the payment page without cancelling, the shopper submits the checkout again.
    const second = await inject('POST', '/api/checkout/sessions', body, cookie, '10.3.0.1');
    expect(second.statusCode, second.body).toBe(200);
    const firstOrder = await orderOf(await orderIdOfSession(sessionIdFromUrl(first.json().url)));
    expect(firstOrder).toMatchObject({ status: 'cancelled' });
    expect((await orderOf(await orderIdOfSession(sessionIdFromUrl(second.json().url)))).tenders).toEqual([
      { amount: 2500, status: 'held', kind: 'gift_card', refunded: 0 },
    ]);
    expect((await cardOf(card.id)).balance).toBe(0);
  });

  it('refuses a disabled card, and a card in another currency than the order, with clear messages', async () => {
    const euros = await issue(2500, 'EUR');
    const res = await guestCheckout(euros.code);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe("This gift card is in EUR and can't pay for an order in USD.");
    const card = await issue(2500);
    await asAdmin('PATCH', `/api/admin/gift-cards/${card.id}`, { disabled: true });
    const disabled = await guestCheckout(card.code);
    expect(disabled.json().error).toMatchObject({ code: 'gift_card_disabled' });
    expect((await cardOf(card.id)).balance).toBe(2500);
  });
});

async function guestQuote(code: string) {
  const product = await createProduct(suite.ctx.db, { price: 4000, inventoryLevel: 50 });
  const res = await inject('POST', '/api/checkout/quote', {
    country: 'GB',
    lines: [{ product_id: product.id, quantity: 1 }],
    discount_code: code,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A guest's order of $45.00, $25.00 of it paid by a gift card and $20.00 by the test card. */
async function splitOrder() {
  const card = await issue(2500);
  const res = await guestCheckout(card.code);
  const sessionId = sessionIdFromUrl(res.json().url);
  await payLocal(suite.ctx.app, sessionId);
  await completeCheckout(suite.ctx.app, '', sessionId);
  return { card, orderId: await orderIdOfSession(sessionId) };
}

const refundsByProvider = async (orderId: string) =>
  (
    await queryRows<{ amount: number }>(
      suite.ctx.db,
      sql`SELECT amount FROM local_payment_refunds WHERE order_id = ${orderId}::uuid ORDER BY created_at`,
    )
  ).map((r) => r.amount);

describe('refunds of an order paid with a gift card', () => {
  it('pays the card back first, then the gift card balance', async () => {
    const { card, orderId } = await splitOrder();
    const first = await asAdmin('POST', `/api/admin/orders/${orderId}/refunds`, {
      amount: 1000,
      reason: 'Late',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await refundsByProvider(orderId)).toEqual([1000]);
    expect((await cardOf(card.id)).balance).toBe(0);

    const rest = await asAdmin('POST', `/api/admin/orders/${orderId}/refunds`, {
      amount: 3500,
      reason: 'Returned',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      payment_status: 'refunded',
      tenders: [{ kind: 'gift_card', amount: 2500, refunded_amount: 2500 }],
    });
    expect(await refundsByProvider(orderId)).toEqual([1000, 1000]);
    expect((await cardOf(card.id)).balance).toBe(2500);
    expect((await ledgerOf(card.id)).at(-1)).toEqual({ kind: 'refund', amount: 2500, balance_after: 2500 });
    expect((await orderOf(orderId)).tenders).toEqual([
      { amount: 2500, status: 'captured', kind: 'gift_card', refunded: 2500 },
    ]);
  });
});

describe('store credit', () => {
  it("is given from a refund instead of the card, and pays the customer's next checkout", async () => {
    const shopper = await signUp(suite.ctx.app, { email: `credit-${randomUUID()}@example.com` });
    const product = await createProduct(suite.ctx.db, { price: 4000, inventoryLevel: 50 });
    await addCartItem(suite.ctx.db, shopper.id, product.id, 1);
    const started = await inject(
      'POST',
      '/api/checkout/sessions',
      { customer_info: SHIPPING_INFO },
      shopper.cookie,
    );
    const sessionId = sessionIdFromUrl(started.json().url);
    await payLocal(suite.ctx.app, sessionId);
    await completeCheckout(suite.ctx.app, shopper.cookie, sessionId);
    const orderId = await orderIdOfSession(sessionId);

    const refund = await asAdmin('POST', `/api/admin/orders/${orderId}/refunds`, {
      amount: 3000,
      reason: 'Goodwill',
      to_store_credit: true,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await refundsByProvider(orderId)).toEqual([]);
    const credit = await asAdmin('GET', `/api/admin/customers/${shopper.id}/store-credit`);
    expect(credit.json()).toMatchObject({
      balances: [{ currency: 'USD', balance: 3000 }],
      transactions: [expect.objectContaining({ kind: 'refund', amount: 3000, balance_after: 3000 })],
    });

    await addCartItem(suite.ctx.db, shopper.id, product.id, 1);
    const quote = await inject(
      'POST',
      '/api/checkout/quote',
      { country: 'GB', apply_store_credit: true },
      shopper.cookie,
    );
    expect(quote.json()).toMatchObject({
      store_credit_balance: 3000,
      // No shipping method chosen yet: the quote's total is the goods'.
      amount_due: 1000,
      tenders: [{ kind: 'store_credit', amount: 3000 }],
    });
    const next = await inject(
      'POST',
      '/api/checkout/sessions',
      { customer_info: SHIPPING_INFO, apply_store_credit: true },
      shopper.cookie,
    );
    expect(next.statusCode, next.body).toBe(200);
    const [session] = await queryRows<{ amount: number }>(
      suite.ctx.db,
      sql`SELECT amount FROM payment_sessions WHERE id = ${sessionIdFromUrl(next.json().url)}`,
    );
    expect(session!.amount).toBe(1500);
    expect((await asAdmin('GET', `/api/admin/customers/${shopper.id}/store-credit`)).json().balances).toEqual(
      [{ currency: 'USD', balance: 0 }],
    );
  });

  it('is given and taken back by admins, never below zero; a guest order cannot be refunded as store credit', async () => {
    const shopper = await signUp(suite.ctx.app, { email: `staff-credit-${randomUUID()}@example.com` });
    const url = `/api/admin/customers/${shopper.id}/store-credit`;
    expect((await inject('POST', url, { amount: 500 }, manager.cookie)).statusCode).toBe(403);
    const given = await asAdmin('POST', url, { amount: 1500, note: 'Sorry for the delay' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().balances).toEqual([{ currency: 'USD', balance: 1500 }]);
    const tooMuch = await asAdmin('POST', url, { amount: -2000 });
    expect(tooMuch.statusCode).toBe(422);
    expect((await asAdmin('POST', url, { amount: -500 })).json().balances).toEqual([
      { currency: 'USD', balance: 1000 },
    ]);

    const { orderId } = await splitOrder();
    const guest = await asAdmin('POST', `/api/admin/orders/${orderId}/refunds`, {
      amount: 100,
      reason: 'Goodwill',
      to_store_credit: true,
    });
    expect(guest.statusCode).toBe(422);
    expect(guest.json().error.code).toBe('store_credit_needs_account');
  });
});
