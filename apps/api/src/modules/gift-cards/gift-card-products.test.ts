import { randomUUID } from 'node:crypto';
import { isoDay } from '@cartwheel/shared/contracts/gift-card-lines';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  completeCheckout,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { sendDueGiftCards } from './gift-card-orders.ts';
import { issueGiftCard } from './gift-cards.service.ts';

// $5.00 shipping under $1000, 10% tax: a gift card pays neither.
const suite = appWithAdminPerFile({
  SHIPPING_FLAT_CENTS: '500',
  SHIPPING_FREE_OVER_CENTS: '100000',
  TAX_RATE_BPS: '1000',
});

beforeAll(() => withShippingZones(suite.ctx.app));

const post = (url: string, payload: object, cookie = '') =>
  suite.ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

const today = () => isoDay(Date.now());
const recipient = (extra: object = {}) => ({
  recipient_name: 'Grace Hopper',
  recipient_email: 'grace@example.com',
  message: 'Happy birthday! <b>not bold</b>',
  send_on: today(),
  ...extra,
});

const giftCardProduct = (price = 5000) =>
  createProduct(suite.ctx.db, {
    name: 'Gift Card',
    price,
    inventoryLevel: 1000,
    isGiftCard: true,
    weight: 2,
  });

function guestBody(lines: object[], extra: object = {}) {
  return {
    customer_info: { ...SHIPPING_INFO, email: 'buyer@example.com' },
    guest: { checkout_key: randomUUID(), lines },
    ...extra,
  };
}

const cardsOfOrder = (orderId: string) =>
  queryRows<{
    id: string;
    initial_amount: number;
    balance: number;
    currency: string;
    recipient_email: string;
    sent_at: string | null;
    pending_code: string | null;
    order_item_id: string | null;
  }>(
    suite.ctx.db,
    sql`SELECT id, initial_amount, balance, currency, recipient_email, sent_at, pending_code, order_item_id
      FROM gift_cards WHERE order_id = ${orderId}::uuid ORDER BY created_at, id`,
  );

const receivedEmails = (to: string) =>
  queryRows<{ subject: string; text: string; html: string | null }>(
    suite.ctx.db,
    sql`SELECT subject, text, html FROM email_outbox WHERE kind = 'gift_card_received' AND "to" = ${to}
      ORDER BY created_at`,
  );

const orderIdOf = async (sessionId: string) =>
  (
    await queryRows<{ id: string }>(
      suite.ctx.db,
      sql`SELECT id FROM orders WHERE payment_session_id = ${sessionId}`,
    )
  )[0]!.id;

/** A guest buys the lines and pays by card; answers the order's id. */
async function buy(lines: object[]) {
  const res = await post('/api/checkout/sessions', guestBody(lines));
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = sessionIdFromUrl(res.json().url);
  expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
  expect((await completeCheckout(suite.ctx.app, '', sessionId)).statusCode).toBe(200);
  return orderIdOf(sessionId);
}

describe('gift card lines: the recipient is checked on the server', () => {
  it.each([
    [{ recipient_email: 'not-an-email' }, "Enter the recipient's email address"],
    [{ recipient_name: '  ' }, "Enter the recipient's name"],
    [{ message: 'x'.repeat(301) }, 'The message must be at most 300 characters'],
    [{ send_on: '2001-01-01' }, 'The send date cannot be in the past'],
    [{ send_on: isoDay(Date.now() + 400 * 86_400_000) }, 'The send date can be at most a year from today'],
    [{ send_on: '2027-02-30x' }, 'The send date must be a date such as 2027-01-31'],
  ])('refuses %o with a clear message and writes nothing', async (bad, message) => {
    const product = await giftCardProduct();
    const before = await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM orders`);
    const res = await post(
      '/api/checkout/sessions',
      guestBody([{ product_id: product.id, quantity: 1, gift_card: recipient(bad) }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    const after = await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a gift card line without its recipient, and a recipient on goods', async () => {
    const card = await giftCardProduct();
    const lamp = await createProduct(suite.ctx.db, { price: 2000, inventoryLevel: 5 });
    const bare = await post('/api/checkout/quote', { lines: [{ product_id: card.id, quantity: 1 }] });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toMatchObject({ code: 'gift_card_recipient_required' });
    const goods = await post('/api/checkout/quote', {
      lines: [{ product_id: lamp.id, quantity: 1, gift_card: recipient() }],
    });
    expect(goods.json().error).toMatchObject({ code: 'not_a_gift_card' });

    const shopper = await signUp(suite.ctx.app);
    const add = await post('/api/cart/items', { product_id: card.id, quantity: 1 }, shopper.cookie);
    expect(add.statusCode).toBe(400);
    expect(add.json().error.message).toBe(
      "Enter the gift card recipient's name, email address and send date",
    );
    const lines = await queryRows(suite.ctx.db, sql`SELECT 1 FROM cart_items WHERE user_id = ${shopper.id}`);
    expect(lines).toHaveLength(0);
  });

  it('prices a kept line whose send date has passed, and refuses to check it out until a new date is chosen', async () => {
    const card = await giftCardProduct();
    const stale = { product_id: card.id, quantity: 1, gift_card: recipient({ send_on: '2020-01-01' }) };
    const preview = await post('/api/cart/preview', { items: [stale] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().items).toHaveLength(1);

    const shopper = await signUp(suite.ctx.app);
    const add = await post(
      '/api/cart/items',
      { product_id: card.id, quantity: 1, gift_card: recipient() },
      shopper.cookie,
    );
    expect(add.statusCode, add.body).toBe(200);
    await suite.ctx.db.execute(
      sql`UPDATE cart_items SET gift_card = jsonb_set(gift_card, '{send_on}', '"2020-01-01"') WHERE user_id = ${shopper.id}`,
    );
    const res = await post('/api/checkout/sessions', { customer_info: SHIPPING_INFO }, shopper.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'gift_card_send_date',
      message: 'Gift Card: The send date cannot be in the past',
    });
  });

  it('keeps two gift cards to two people as two lines of a signed-in cart, each with its recipient', async () => {
    const card = await giftCardProduct();
    const shopper = await signUp(suite.ctx.app);
    const first = recipient();
    const second = recipient({ recipient_name: 'Alan', recipient_email: 'alan@example.com', message: null });
    const one = await post(
      '/api/cart/items',
      { product_id: card.id, quantity: 1, gift_card: first },
      shopper.cookie,
    );
    expect(one.statusCode, one.body).toBe(200);
    const res = await post(
      '/api/cart/items',
      { product_id: card.id, quantity: 1, gift_card: second },
      shopper.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().cart.items;
    expect(items).toHaveLength(2);
    expect(
      items.map((i: { gift_card: { recipient_email: string } }) => i.gift_card.recipient_email).sort(),
    ).toEqual(['alan@example.com', 'grace@example.com']);
    expect(items[0]).toMatchObject({ is_gift_card: true });
  });
});

describe('gift cards need no shipping', () => {
  it('prices a cart of gift cards only with no shipping, no method and no tax', async () => {
    const card = await giftCardProduct();
    const res = await post('/api/checkout/quote', {
      country: 'US',
      lines: [{ product_id: card.id, quantity: 2, gift_card: recipient() }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote.shipping_methods).toEqual([]);
    expect(quote.priced).toMatchObject({ shipping: 0, tax: 0, total: 10000 });
    // The checkout asks for no method either, and charges no shipping.
    const orderId = await buy([{ product_id: card.id, quantity: 1, gift_card: recipient() }]);
    const [order] = await queryRows<{ shipping_amount: number; total_amount: number }>(
      suite.ctx.db,
      sql`SELECT shipping_amount, total_amount FROM orders WHERE id = ${orderId}`,
    );
    expect(order).toMatchObject({ shipping_amount: 0, total_amount: 5000 });
  });

  it('charges shipping for the goods of a mixed cart, by their weight and subtotal only', async () => {
    const card = await giftCardProduct(200_000);
    const lamp = await createProduct(suite.ctx.db, { price: 2000, inventoryLevel: 5 });
    const res = await post('/api/checkout/quote', {
      country: 'US',
      lines: [
        { product_id: card.id, quantity: 1, gift_card: recipient() },
        { product_id: lamp.id, quantity: 1 },
      ],
    });
    // $2,000 of gift card would pass the $1,000 free-shipping threshold: it does not count.
    expect(res.json().shipping_methods).toEqual([expect.objectContaining({ amount: 500 })]);
    expect(res.json().priced.tax).toBe(200);
  });
});

describe('gift cards bought are issued on payment and sent on their date', () => {
  it('issues one card per unit, at the unit price, sends today’s at once, exactly once, and fulfils the line', async () => {
    const card = await giftCardProduct();
    const orderId = await buy([
      { product_id: card.id, quantity: 2, gift_card: recipient({ recipient_email: 'twice@example.com' }) },
    ]);
    const cards = await cardsOfOrder(orderId);
    expect(cards).toHaveLength(2);
    for (const c of cards) {
      expect(c).toMatchObject({ initial_amount: 5000, balance: 5000, currency: 'USD', pending_code: null });
      expect(c.sent_at).not.toBeNull();
      expect(c.order_item_id).not.toBeNull();
    }
    const emails = await receivedEmails('twice@example.com');
    expect(emails).toHaveLength(2);
    expect(emails[0]!.subject).toBe('Ada Lovelace sent you a $50.00 gift card for Cartwheel');
    // The buyer's message is text: its markup is escaped, never rendered.
    expect(emails[0]!.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    const codes = emails.map((e) => /GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(e.text)?.[0]);
    expect(new Set(codes).size).toBe(2);
    const balance = await post('/api/gift-cards/balance', { code: codes[0] });
    expect(balance.json()).toMatchObject({ balance: 5000, currency: 'USD' });

    // Retries of the payment and the job send nothing more, and issue nothing more.
    const [session] = await queryRows<{ payment_session_id: string }>(
      suite.ctx.db,
      sql`SELECT payment_session_id FROM orders WHERE id = ${orderId}`,
    );
    await completeCheckout(suite.ctx.app, '', session!.payment_session_id);
    await sendDueGiftCards(suite.ctx.app.checkout.ctx);
    expect(await cardsOfOrder(orderId)).toHaveLength(2);
    expect(await receivedEmails('twice@example.com')).toHaveLength(2);

    const [order] = await queryRows<{ fulfillment_status: string; fulfilled: number }>(
      suite.ctx.db,
      sql`SELECT o.fulfillment_status, (SELECT sum(fulfilled_quantity)::int FROM order_items WHERE order_id = o.id) AS fulfilled
        FROM orders o WHERE o.id = ${orderId}`,
    );
    expect(order).toMatchObject({ fulfillment_status: 'fulfilled', fulfilled: 2 });
    const [confirmation] = await queryRows<{ text: string }>(
      suite.ctx.db,
      sql`SELECT text FROM email_outbox WHERE kind = 'order_confirmation' AND "to" = 'buyer@example.com'
        ORDER BY created_at DESC LIMIT 1`,
    );
    expect(confirmation!.text).toContain('Gift card for Grace Hopper (twice@example.com)');
    const detail = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(detail.json().items[0].gift_card).toMatchObject({
      recipient_name: 'Grace Hopper',
      recipient_email: 'twice@example.com',
      send_on: today(),
    });
  });

  it('refunds a gift card line only for cards staff have disabled, so a refunded card cannot be spent', async () => {
    const card = await giftCardProduct(2500);
    const orderId = await buy([{ product_id: card.id, quantity: 2, gift_card: recipient() }]);
    const admin = { cookie: suite.admin.cookie };
    const refund = (quantity: number) =>
      post(
        `/api/admin/orders/${orderId}/refunds`,
        { items: [{ order_item_id: cards[0]!.order_item_id, quantity }], reason: 'Changed their mind' },
        admin.cookie,
      );
    const cards = await cardsOfOrder(orderId);
    const refused = await refund(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('gift_card_active');
    const refunds = () =>
      queryRows<{ n: number }>(
        suite.ctx.db,
        sql`SELECT count(*)::int AS n FROM refunds WHERE order_id = ${orderId}::uuid`,
      );
    expect((await refunds())[0]!.n).toBe(0);

    const disabled = await suite.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/gift-cards/${cards[0]!.id}`,
      headers: admin,
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await refund(2)).json().error.code).toBe('gift_card_active');
    const one = await refund(1);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().refunded_amount).toBe(2500);
    // The second card is still live: a second unit waits for it to be disabled too.
    expect((await refund(1)).json().error.code).toBe('gift_card_active');
  });

  it('waits for a later send date: nothing is sent until it comes, then the job sends it', async () => {
    const card = await giftCardProduct(2500);
    const later = isoDay(Date.now() + 10 * 86_400_000);
    const lamp = await createProduct(suite.ctx.db, { price: 2000, inventoryLevel: 5 });
    const orderId = await buy([
      {
        product_id: card.id,
        quantity: 1,
        gift_card: recipient({ recipient_email: 'later@example.com', send_on: later }),
      },
      { product_id: lamp.id, quantity: 1 },
    ]);
    const [issued] = await cardsOfOrder(orderId);
    expect(issued).toMatchObject({ sent_at: null, initial_amount: 2500 });
    expect(issued!.pending_code).toMatch(/^GIFT-/);
    await sendDueGiftCards(suite.ctx.app.checkout.ctx);
    expect(await receivedEmails('later@example.com')).toHaveLength(0);

    // Disabled by staff meanwhile, it is not sent; enabled again, it is.
    await suite.ctx.db.execute(
      sql`UPDATE gift_cards SET send_at = now() - interval '1 minute', disabled_at = now() WHERE id = ${issued!.id}::uuid`,
    );
    await sendDueGiftCards(suite.ctx.app.checkout.ctx);
    expect(await receivedEmails('later@example.com')).toHaveLength(0);
    await suite.ctx.db.execute(sql`UPDATE gift_cards SET disabled_at = NULL WHERE id = ${issued!.id}::uuid`);
    expect(await sendDueGiftCards(suite.ctx.app.checkout.ctx)).toBeGreaterThanOrEqual(1);
    expect(await receivedEmails('later@example.com')).toHaveLength(1);
    expect((await cardsOfOrder(orderId))[0]).toMatchObject({ pending_code: null });
    // The lamp still waits for shipping.
    const [order] = await queryRows<{ fulfillment_status: string }>(
      suite.ctx.db,
      sql`SELECT fulfillment_status FROM orders WHERE id = ${orderId}`,
    );
    expect(order!.fulfillment_status).toBe('partial');
  });

  it('refuses to pay for a gift card with a gift card', async () => {
    const product = await giftCardProduct();
    const { code, id } = await issueGiftCard(suite.ctx.db, { amount: 10_000, currency: 'USD' });
    const lines = [{ product_id: product.id, quantity: 1, gift_card: recipient() }];
    const res = await post('/api/checkout/sessions', guestBody(lines, { discount_code: code }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'gift_card_for_gift_card',
      message: "A gift card can't be used to buy a gift card. Pay for this order by card.",
    });
    const quote = await post('/api/checkout/quote', { lines, discount_code: code });
    expect(quote.json().code_error).toMatchObject({ code: 'gift_card_for_gift_card' });
    const [left] = await queryRows<{ balance: number }>(
      suite.ctx.db,
      sql`SELECT balance FROM gift_cards WHERE id = ${id}::uuid`,
    );
    expect(Number(left!.balance)).toBe(10_000);
  });
});

describe('gift cards are not added or changed by staff after the sale', () => {
  it('refuses a gift card in an order edit or a draft order, and an edit of an order with one', async () => {
    const card = await giftCardProduct(2500);
    const goods = await createProduct(suite.ctx.db, { name: 'Notebook', price: 1200, inventoryLevel: 50 });
    const orderId = await buy([
      { product_id: card.id, quantity: 1, gift_card: recipient() },
      { product_id: goods.id, quantity: 1 },
    ]);
    const edit = (id: string, lines: object[]) =>
      post(`/api/admin/orders/${id}/edits/preview`, { lines }, suite.admin.cookie);
    const withCard = await edit(orderId, [
      { product_id: card.id, quantity: 1 },
      { product_id: goods.id, quantity: 2 },
    ]);
    expect(withCard.statusCode, withCard.body).toBe(422);
    expect(withCard.json().error.code).toBe('gift_card_line');
    const goodsOrder = await buy([{ product_id: goods.id, quantity: 1 }]);
    const added = await edit(goodsOrder, [
      { product_id: goods.id, quantity: 1 },
      { product_id: card.id, quantity: 1 },
    ]);
    expect(added.statusCode, added.body).toBe(422);
    expect(added.json().error.code).toBe('gift_card_line');
    expect((await edit(goodsOrder, [{ product_id: goods.id, quantity: 2 }])).statusCode).toBe(200);

    const draft = await post(
      '/api/admin/draft-orders',
      {
        lines: [{ product_id: card.id, quantity: 1 }],
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
      },
      suite.admin.cookie,
    );
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().quote.problem).toBe(
      'A gift card cannot be added to a draft order: issue one on the Gift cards screen instead',
    );
  });
});

describe('a signed-in shopper buys a gift card from their cart', () => {
  it('issues the card and takes the line out of the cart once paid', async () => {
    const card = await giftCardProduct(2500);
    const shopper = await signUp(suite.ctx.app);
    const gift = recipient({ recipient_email: 'signed-in@example.com' });
    const add = await post(
      '/api/cart/items',
      { product_id: card.id, quantity: 1, gift_card: gift },
      shopper.cookie,
    );
    expect(add.statusCode, add.body).toBe(200);
    const res = await post('/api/checkout/sessions', { customer_info: SHIPPING_INFO }, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = sessionIdFromUrl(res.json().url);
    await payLocal(suite.ctx.app, sessionId);
    expect((await completeCheckout(suite.ctx.app, shopper.cookie, sessionId)).statusCode).toBe(200);
    const orderId = await orderIdOf(sessionId);
    expect(await cardsOfOrder(orderId)).toEqual([
      expect.objectContaining({ initial_amount: 2500, recipient_email: 'signed-in@example.com' }),
    ]);
    expect(await receivedEmails('signed-in@example.com')).toHaveLength(1);
    const left = await queryRows(suite.ctx.db, sql`SELECT 1 FROM cart_items WHERE user_id = ${shopper.id}`);
    expect(left).toHaveLength(0);
  });
});

describe('the back office marks a product a gift card', () => {
  it('reads and sets the flag, and the storefront product says so', async () => {
    const product = await createProduct(suite.ctx.db, { price: 2500, inventoryLevel: 10 });
    const url = `/api/admin/products/${product.id}/gift-card`;
    const headers = { cookie: suite.admin.cookie };
    expect((await suite.ctx.app.inject({ method: 'GET', url, headers })).json()).toEqual({
      is_gift_card: false,
    });
    const put = await suite.ctx.app.inject({ method: 'PUT', url, headers, payload: { is_gift_card: true } });
    expect(put.json()).toEqual({ is_gift_card: true });
    const shopper = await signUp(suite.ctx.app);
    const denied = await suite.ctx.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: shopper.cookie },
      payload: { is_gift_card: false },
    });
    expect(denied.statusCode).toBe(403);
    const page = await suite.ctx.app.inject({ method: 'GET', url: `/api/products/${product.slug}` });
    expect(page.json()).toMatchObject({ is_gift_card: true });
  });
});
