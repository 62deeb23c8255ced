import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { payLocal, sessionIdFromUrl, startCheckout, withShippingZones } from '../checkout/test-helpers.ts';
import { sendAbandonedCheckoutEmails } from '../marketing/abandoned-checkouts.ts';
import { POS_ADDRESS as ADDRESS } from './test-helpers.ts';

// Shipping $5.00 flat, tax 10% on top: the totals below are the server's, never the client's.
const suite = appPerFile({ SHIPPING_FLAT_CENTS: '500', TAX_RATE_BPS: '1000' });
let staff: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  await withShippingZones(suite.ctx.app);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  suite.ctx.app.inject({ method, url, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });

async function newDraft(productId: string, quantity: number, extra: object = {}) {
  const res = await call('POST', '/api/admin/draft-orders', {
    lines: [{ product_id: productId, quantity, price: 1 }],
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace-${Math.random().toString(36).slice(2)}@example.com`,
    shipping_address: ADDRESS,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const stockOf = async (productId: string) =>
  (
    await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT inventory_level AS n FROM products WHERE id = ${productId}::uuid`,
    )
  )[0]!.n;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(suite.ctx.db, query))[0]!.n);

describe('draft orders', () => {
  it('prices a draft on the server and ignores a price the client sends', async () => {
    const product = await createProduct(suite.ctx.db, { price: 2500, inventoryLevel: 5 });
    const draft = await newDraft(product.id, 2);
    const methodId = draft.quote.shipping_methods[0].id;
    expect(draft.quote.problem).toBe('Choose a shipping method');
    const put = await call('PUT', `/api/admin/draft-orders/${draft.id}`, {
      lines: [{ product_id: product.id, quantity: 2 }],
      email: draft.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      shipping_address: ADDRESS,
      shipping_method_id: methodId,
      version: draft.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    // 2 × $25.00 = $50.00, shipping $5.00, tax 10% of $50.00 = $5.00 (the zone taxes goods only).
    expect(put.json().quote).toMatchObject({ problem: null });
    expect(put.json().quote.priced).toMatchObject({ subtotal: 5000, shipping: 500 });
    const priced = put.json().quote.priced;
    expect(priced.total).toBe(priced.subtotal - priced.discount_total + priced.shipping + priced.tax);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('sells a picked-up order without an address or shipping: no shipping charged, none on the order', async () => {
    const product = await createProduct(suite.ctx.db, { price: 2500, inventoryLevel: 5 });
    const withoutAddress = await newDraft(product.id, 1, { shipping_address: null });
    expect(withoutAddress.quote.problem).toBe('Add a shipping address');

    const draft = await newDraft(product.id, 2, { shipping_address: null, pickup: true });
    expect(draft.pickup).toBe(true);
    expect(draft.quote.problem).toBeNull();
    expect(draft.quote.shipping_methods).toEqual([]);
    expect(draft.quote.priced).toMatchObject({ subtotal: 5000, shipping: 0 });

    const paid = await call('POST', `/api/admin/draft-orders/${draft.id}/mark-paid`, {
      payment_method: 'cash',
      version: draft.version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await call('GET', `/api/admin/orders/${paid.json().order_id}`);
    expect(order.json()).toMatchObject({
      source: 'pos',
      shipping_address: null,
      shipping_amount: 0,
      shipping_method: 'No shipping (picked up)',
      payment_status: 'paid',
    });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('rejects a quantity of 0 with a 400 and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db);
    const before = await count(sql`SELECT count(*) AS n FROM draft_orders`);
    const res = await call('POST', '/api/admin/draft-orders', {
      lines: [{ product_id: product.id, quantity: 0 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(await count(sql`SELECT count(*) AS n FROM draft_orders`)).toBe(before);
  });

  it('refuses an edit made from an older version with a 409 and keeps the newer one', async () => {
    const product = await createProduct(suite.ctx.db);
    const draft = await newDraft(product.id, 1);
    const body = { lines: [{ product_id: product.id, quantity: 3 }], version: draft.version };
    expect((await call('PUT', `/api/admin/draft-orders/${draft.id}`, body)).statusCode).toBe(200);
    const stale = await call('PUT', `/api/admin/draft-orders/${draft.id}`, {
      ...body,
      lines: [{ product_id: product.id, quantity: 7 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('draft_order_changed');
    const now = (await call('GET', `/api/admin/draft-orders/${draft.id}`)).json();
    expect(now.lines[0].quantity).toBe(3);
    expect(now.version).toBe(draft.version + 1);
  });

  it('marks a draft paid: one paid order from point of sale, stock taken once, who created it on the timeline', async () => {
    const product = await createProduct(suite.ctx.db, { price: 1200, inventoryLevel: 6 });
    const draft = await ready(product.id, 4);
    const res = await call('POST', `/api/admin/draft-orders/${draft.id}/mark-paid`, {
      payment_method: 'cash',
      version: draft.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_number).toBeGreaterThan(1000);
    expect(await stockOf(product.id)).toBe(2);
    const order = (await call('GET', `/api/admin/orders/${res.json().order_id}`)).json();
    expect(order).toMatchObject({ payment_status: 'paid', status: 'processing', payment_method: 'cash' });
    expect(order.source).toBe('pos');
    expect(order.total_amount).toBe(draft.quote.priced.total);
    const created = order.timeline.find((e: { type: string }) => e.type === 'created_from_draft');
    expect(created.message).toMatch(/created this order from draft order #D\d+/);
    // Again: the draft is completed; nothing moves.
    const again = await call('POST', `/api/admin/draft-orders/${draft.id}/mark-paid`, {
      payment_method: 'cash',
      version: draft.version + 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This draft order is already completed');
    expect(await stockOf(product.id)).toBe(2);
    const list = (await call('GET', '/api/admin/draft-orders')).json();
    expect(list.items.find((d: { id: string }) => d.id === draft.id)).toMatchObject({ state: 'completed' });
  });

  it('answers a sold-out line with a 409 saying so, and writes no order', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Rare Vase', inventoryLevel: 1 });
    const draft = await ready(product.id, 2);
    const orders = await count(sql`SELECT count(*) AS n FROM orders`);
    const res = await call('POST', `/api/admin/draft-orders/${draft.id}/mark-paid`, {
      payment_method: 'other',
      version: draft.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'insufficient_inventory',
      message: 'Only 1 left of Rare Vase',
    });
    expect(await count(sql`SELECT count(*) AS n FROM orders`)).toBe(orders);
    expect(await stockOf(product.id)).toBe(1);
    expect((await call('GET', `/api/admin/draft-orders/${draft.id}`)).json().state).toBe('open');
  });

  it('moves the stock exactly once when 10 staff mark the same draft paid at once', async () => {
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 50 });
    const draft = await ready(product.id, 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/admin/draft-orders/${draft.id}/mark-paid`, {
          payment_method: 'cash',
          version: draft.version,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, ...Array(9).fill(409)]);
    expect(await stockOf(product.id)).toBe(47);
    expect(
      await count(sql`SELECT count(*) AS n FROM order_items WHERE product_id = ${product.id}::uuid`),
    ).toBe(1);
  });

  it('sends a payment link: stock held, the link emailed, and paying it creates one order', async () => {
    const product = await createProduct(suite.ctx.db, { price: 3000, inventoryLevel: 4 });
    const draft = await ready(product.id, 1);
    const res = await call('POST', `/api/admin/draft-orders/${draft.id}/send-link`, {
      version: draft.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, order_id: orderId } = res.json();
    expect(await stockOf(product.id)).toBe(3);
    const [mail] = await queryRows<{ to: string; text: string }>(
      suite.ctx.db,
      sql`SELECT "to", text FROM email_outbox WHERE kind = 'draft_order_invoice' AND "to" = ${draft.email}`,
    );
    expect(mail?.text).toContain(url);
    expect((await call('GET', `/api/admin/draft-orders/${draft.id}`)).json().state).toBe('link_sent');
    // Not an order until paid.
    expect((await call('GET', `/api/admin/orders/${orderId}`)).statusCode).toBe(404);

    const sessionId = sessionIdFromUrl(url);
    expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
    // The customer pays signed out: the success page's call completes it.
    await completeSignedOut(sessionId);
    await suite.ctx.app.checkout.complete(sessionId);
    const order = (await call('GET', `/api/admin/orders/${orderId}`)).json();
    expect(order).toMatchObject({ payment_status: 'paid', source: 'draft' });
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE payment_session_id = ${sessionId}`)).toBe(
      1,
    );
    expect(await stockOf(product.id)).toBe(3);
    expect((await call('GET', `/api/admin/draft-orders/${draft.id}`)).json().state).toBe('completed');
  });

  it("keeps a customer's payment link open through their own checkout, and completes it for them signed out", async () => {
    const customer = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 10 });
    const draft = await ready(product.id, 2, { customer_id: customer.id });
    expect(draft.email).toBe(customer.email);
    const link = await call('POST', `/api/admin/draft-orders/${draft.id}/send-link`, {
      version: draft.version,
    });
    expect(link.statusCode, link.body).toBe(200);
    // The customer shops on their own meanwhile: their checkout does not cancel the one staff sent.
    await addCartItem(suite.ctx.db, customer.id, product.id, 1);
    expect((await startCheckout(suite.ctx.app, customer.cookie)).statusCode).toBe(200);
    const sessionId = sessionIdFromUrl(link.json().url);
    expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
    await completeSignedOut(sessionId);
    const order = (await call('GET', `/api/admin/orders/${link.json().order_id}`)).json();
    expect(order).toMatchObject({ payment_status: 'paid', source: 'draft' });
    expect(order.customer.id).toBe(customer.id);
    // Paying the link leaves the customer's own cart as it was.
    const [cart] = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM cart_items WHERE user_id = ${customer.id}::uuid`,
    );
    expect(cart!.n).toBe(1);
  });

  it('sends no abandoned-checkout email for a payment link staff sent', async () => {
    const admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    const enabled = await suite.ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/marketing/settings',
      headers: { cookie: admin.cookie },
      payload: { abandoned_enabled: true, abandoned_delay_minutes: 60 },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const customer = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
    await suite.ctx.db.execute(
      sql`UPDATE profiles SET marketing_opt_in = true WHERE id = ${customer.id}::uuid`,
    );
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 10 });
    const draft = await ready(product.id, 1, { customer_id: customer.id });
    const link = await call('POST', `/api/admin/draft-orders/${draft.id}/send-link`, {
      version: draft.version,
    });
    expect(link.statusCode, link.body).toBe(200);
    const later = new Date(Date.now() + 61 * 60_000);
    await sendAbandonedCheckoutEmails(suite.ctx.app.checkout.ctx, later);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM email_outbox WHERE "to" = ${customer.email} AND kind = 'abandoned_checkout'`,
      ),
    ).toBe(0);
  });

  it('deletes an open draft and refuses to delete a completed one', async () => {
    const product = await createProduct(suite.ctx.db);
    const open = await newDraft(product.id, 1);
    expect((await call('DELETE', `/api/admin/draft-orders/${open.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/draft-orders/${open.id}`)).statusCode).toBe(404);
    const done = await ready(product.id, 1);
    await call('POST', `/api/admin/draft-orders/${done.id}/mark-paid`, {
      payment_method: 'cash',
      version: done.version,
    });
    expect((await call('DELETE', `/api/admin/draft-orders/${done.id}`)).statusCode).toBe(409);
  });
});

/** The success page's call after paying, from a browser that is not signed in. */
async function completeSignedOut(sessionId: string) {
  const done = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    payload: { session_id: sessionId },
  });
  expect(done.statusCode, done.body).toBe(200);
}

/** A draft with a customer, an address and the zone's first shipping method: ready to place. */
async function ready(productId: string, quantity: number, extra: object = {}) {
  const draft = await newDraft(productId, quantity, extra);
  const res = await call('PUT', `/api/admin/draft-orders/${draft.id}`, {
    lines: [{ product_id: productId, quantity }],
    email: draft.email,
    first_name: 'Grace',
    last_name: 'Hopper',
    shipping_address: ADDRESS,
    shipping_method_id: draft.quote.shipping_methods[0].id,
    version: draft.version,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().quote.problem).toBeNull();
  return res.json();
}
