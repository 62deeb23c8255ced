import type { OrderEditPreview, OrderEditResult } from '@cartwheel/shared/contracts/order-edits';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import {
  auditLog,
  emailOutbox,
  localPaymentRefunds,
  orderEdits,
  orderEvents,
  orderItems,
  orders,
  paymentSessions,
  products,
  refunds,
} from '../../db/schema.ts';
import { payLocal, sessionIdFromUrl } from '../checkout/test-helpers.ts';
import { editShop } from './test-helpers.ts';

// Editing a placed order through the real app and database: orders placed and paid through the
// checkout, edited by staff, the amount due paid through the local provider's page.
const { suite, ids, users, paidOrder, call, preview, commit } = editShop();
let staff: TestUser;
let manager: TestUser;
beforeAll(() => {
  ({ staff, manager } = users);
});
const stockOf = async (id: string) =>
  (await suite.ctx.db.select().from(products).where(eq(products.id, id)))[0]!.inventoryLevel;
const detail = async (orderId: string) =>
  (await call(manager, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;

/** A fresh quote of the same lines, method and code through the checkout's own endpoint. */
async function freshQuote(
  lines: Array<[string, number]>,
  methodId: string,
  market?: string,
): Promise<QuoteResponse> {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: {
      country: 'US',
      state: 'OR',
      lines: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
      shipping_method_id: methodId,
      discount_code: 'TEN',
      ...(market ? { market } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the order and stock look like, to show a refused edit wrote nothing. */
async function snapshot(orderId: string) {
  const { db } = suite.ctx;
  return {
    order: (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.totalAmount,
    items: (await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))
      .map((i) => `${i.productName}×${i.quantity}`)
      .sort(),
    edits: (await db.select().from(orderEdits).where(eq(orderEdits.orderId, orderId))).length,
    stock: [await stockOf(ids.mug), await stockOf(ids.lamp), await stockOf(ids.scarce)],
  };
}

describe('POST /api/admin/orders/:orderId/edits/preview', () => {
  it('prices the edited order as a fresh checkout of the same lines would, discount and tax worked out again, writing nothing', async () => {
    const { order } = await paidOrder([[ids.mug, 2]]);
    const before = await snapshot(order.id);
    const res = await preview(order.id, {
      lines: [
        { product_id: ids.mug, quantity: 2 },
        { product_id: ids.lamp, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OrderEditPreview;
    const fresh = await freshQuote(
      [
        [ids.mug, 2],
        [ids.lamp, 1],
      ],
      ids.standard,
    );
    expect(body.after).toEqual({
      subtotal_amount: fresh.priced.subtotal,
      discount_amount: fresh.priced.lines.reduce((s, l) => s + l.discount, 0),
      shipping_amount: fresh.priced.shipping,
      tax_amount: fresh.priced.tax,
      total_amount: fresh.priced.total,
    });
    // $55.00 less 10% is $49.50: under the free-shipping threshold, so Standard costs $5.99.
    expect(body.after.discount_amount).toBe(550);
    expect(body.after.shipping_amount).toBe(599);
    expect(body.after.tax_amount).toBeGreaterThan(body.before.tax_amount);
    expect(body.difference).toBe(body.after.total_amount - order.totalAmount);
    expect(body.currency).toBe('USD');
    expect(body.lines.map((l) => [l.product_name, l.change])).toEqual([
      ['Mug', 'kept'],
      ['Desk Lamp', 'added'],
    ]);
    expect(await snapshot(order.id)).toEqual(before);
  });
});

describe('POST /api/admin/orders/:orderId/edits', () => {
  it('adds a line: takes its stock, rewrites the totals, records the edit and emails the buyer a payment link that pays once', async () => {
    const { db, app } = suite.ctx;
    const { order } = await paidOrder([[ids.mug, 2]]);
    const lampStock = await stockOf(ids.lamp);
    const res = await commit(order.id, {
      lines: [
        { product_id: ids.mug, quantity: 2 },
        { product_id: ids.lamp, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as OrderEditResult;
    expect(result.status).toBe('awaiting_payment');
    expect(result.difference).toBeGreaterThan(0);
    expect(await stockOf(ids.lamp)).toBe(lampStock - 1);

    const after = await detail(order.id);
    expect(after.total_amount).toBe(result.after.total_amount);
    expect(after.items.map((i) => [i.product_name, i.quantity])).toEqual([
      ['Mug', 2],
      ['Desk Lamp', 1],
    ]);
    expect(after.timeline[0]).toMatchObject({ type: 'edited', actor: { id: manager.id } });
    expect(after.timeline[0]!.message).toContain('added Desk Lamp × 1');
    // What is not paid yet cannot be refunded.
    expect(after.refundable_amount).toBe(order.totalAmount);
    const [logged] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.edited'), eq(auditLog.targetId, order.id)));
    expect(logged).toBeDefined();

    const [email] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_updated'), eq(emailOutbox.to, order.customerEmail!)));
    expect(email!.text).toContain('Added: Desk Lamp × 1');
    const link = /https?:\/\/\S+\/order-payments\/[\w.-]+/.exec(email!.text)?.[0];
    expect(link).toBe(result.payment_url);
    const path = new URL(link!).pathname;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Pay $${(result.difference / 100).toFixed(2)}`);
    const opened = await app.inject({ method: 'POST', url: path });
    expect(opened.statusCode).toBe(303);
    const sessionId = sessionIdFromUrl(opened.headers.location as string);
    // Opening the page again reuses the session: one session, one payment.
    // The provider's page charges the amount due alone, not the whole order again.
    const payPage = await app.inject({ method: 'GET', url: `/pay/${encodeURIComponent(sessionId)}` });
    expect(payPage.body).toContain('Amount due on order #');
    expect(payPage.body).not.toContain('Gift card or store credit');
    const again = await app.inject({ method: 'POST', url: path });
    expect(again.headers.location).toBe(opened.headers.location);
    const paid = await payLocal(app, sessionId);
    expect(paid.statusCode).toBe(303);
    expect(new URL(paid.headers.location as string).pathname).toBe(path);
    const done = await app.inject({ method: 'GET', url: path });
    expect(done.body).toContain('paid in full');
    await app.inject({ method: 'GET', url: path });
    await payLocal(app, sessionId);
    const after2 = await app.inject({ method: 'POST', url: path });
    expect(after2.headers.location).toBe(path);
    const [edit] = await db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id));
    expect(edit).toMatchObject({ status: 'paid', amountDue: result.difference, currency: 'USD' });
    const paidEvents = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'edit_paid')));
    expect(paidEvents).toHaveLength(1);
    expect((await detail(order.id)).refundable_amount).toBe(result.after.total_amount);
  });

  it('removes a line: puts its stock back and refunds the difference through the refund code', async () => {
    const { db } = suite.ctx;
    const { order } = await paidOrder([
      [ids.mug, 2],
      [ids.lamp, 2],
    ]);
    const lampStock = await stockOf(ids.lamp);
    const res = await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as OrderEditResult;
    expect(result.difference).toBeLessThan(0);
    expect(result.status).toBe('committed');
    expect(result.refunded_amount).toBe(-result.difference);
    expect(await stockOf(ids.lamp)).toBe(lampStock + 2);
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'succeeded', amount: -result.difference, currency: 'USD' });
    expect(refund!.orderEditId).toBe(result.edit_id);
    const [paidBack] = await db
      .select()
      .from(localPaymentRefunds)
      .where(eq(localPaymentRefunds.orderId, order.id));
    expect(paidBack!.amount).toBe(-result.difference);
    const after = await detail(order.id);
    expect(after.total_amount).toBe(result.after.total_amount);
    // The refund went with the edit: the new total is still all refundable.
    expect(after.refundable_amount).toBe(result.after.total_amount);
    const fresh = await freshQuote([[ids.mug, 2]], ids.standard);
    expect(after.total_amount).toBe(fresh.priced.total);
  });

  it('changes the quantity and the shipping method', async () => {
    const { order } = await paidOrder([[ids.mug, 1]]);
    const mugStock = await stockOf(ids.mug);
    const res = await commit(order.id, {
      lines: [{ product_id: ids.mug, quantity: 3 }],
      shipping_method_id: ids.express,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as OrderEditResult;
    const fresh = await freshQuote([[ids.mug, 3]], ids.express);
    expect(result.after.total_amount).toBe(fresh.priced.total);
    expect(result.after.shipping_amount).toBe(1499);
    expect(result.shipping_method).toBe('Express');
    expect(await stockOf(ids.mug)).toBe(mugStock - 2);
  });

  it("prices an order sold in euros in euros, at the order's rate, and charges the amount due in euros", async () => {
    const { db, app } = suite.ctx;
    const { order } = await paidOrder([[ids.mug, 2]], 'eu');
    expect(order.currency).toBe('EUR');
    const res = await commit(order.id, {
      lines: [
        { product_id: ids.mug, quantity: 2 },
        { product_id: ids.lamp, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as OrderEditResult;
    const fresh = await freshQuote(
      [
        [ids.mug, 2],
        [ids.lamp, 1],
      ],
      ids.standard,
      'eu',
    );
    expect(fresh.currency).toBe('EUR');
    expect([result.currency, result.after.total_amount]).toEqual(['EUR', fresh.priced.total]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ currency: 'EUR', totalAmount: fresh.priced.total, exchangeRate: '0.92' });
    // The base amounts follow at the order's rate: the total in dollars is more than in euros.
    expect(row!.baseTotalAmount).toBeGreaterThan(row!.totalAmount);
    const [email] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_updated'), eq(emailOutbox.to, order.customerEmail!)));
    expect(email!.text).toContain('€');
    const path = new URL(result.payment_url!).pathname;
    const opened = await app.inject({ method: 'POST', url: path });
    const sessionId = sessionIdFromUrl(opened.headers.location as string);
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    expect(session).toMatchObject({ currency: 'EUR', amount: result.difference });
  });

  it('refuses an edit that would oversell with a 409 and writes nothing', async () => {
    const { order } = await paidOrder([[ids.mug, 1]]);
    const before = await snapshot(order.id);
    const res = await commit(order.id, {
      lines: [
        { product_id: ids.mug, quantity: 1 },
        { product_id: ids.scarce, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('insufficient_inventory');
    expect(await snapshot(order.id)).toEqual(before);
  });

  it.each([
    [400, 'no lines', { lines: [] }],
    [
      400,
      'the same product twice',
      {
        lines: [
          { product_id: 'P', quantity: 1 },
          { product_id: 'P', quantity: 2 },
        ],
      },
    ],
    [400, 'a quantity of 0', { lines: [{ product_id: 'P', quantity: 0 }] }],
    [409, 'a product that does not exist', { lines: [{ product_id: crypto.randomUUID(), quantity: 1 }] }],
    [422, 'nothing changed', { lines: [{ product_id: 'P', quantity: 1 }] }],
    [
      422,
      'a shipping method of no zone',
      { lines: [{ product_id: 'P', quantity: 2 }], shipping_method_id: crypto.randomUUID() },
    ],
  ])('answers %i to %s and writes nothing', async (status, _name, body) => {
    const { order } = await paidOrder([[ids.mug, 1]]);
    const before = await snapshot(order.id);
    const payload = JSON.parse(JSON.stringify(body).replaceAll('"P"', JSON.stringify(ids.mug)));
    const res = await commit(order.id, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('refuses to edit a fulfilled order, or to take a line under what has shipped, with a 409', async () => {
    const { db } = suite.ctx;
    const { order } = await paidOrder([
      [ids.mug, 2],
      [ids.lamp, 1],
    ]);
    const [mugLine] = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, ids.mug)));
    const fulfil = await call(manager, 'POST', `/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: mugLine!.id, quantity: 2 }],
    });
    expect(fulfil.statusCode, fulfil.body).toBe(200);
    const before = await snapshot(order.id);
    const under = await commit(order.id, {
      lines: [
        { product_id: ids.mug, quantity: 1 },
        { product_id: ids.lamp, quantity: 1 },
      ],
    });
    expect(under.statusCode).toBe(409);
    expect(under.json().error.code).toBe('quantity_below_fulfilled');
    expect(await snapshot(order.id)).toEqual(before);

    await call(manager, 'POST', `/api/admin/orders/${order.id}/fulfil`, {});
    const res = await commit(order.id, {
      lines: [
        { product_id: ids.mug, quantity: 3 },
        { product_id: ids.lamp, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_fulfilled');
  });

  it('refuses a second edit while the amount due of the first is unpaid', async () => {
    const { order } = await paidOrder([[ids.mug, 1]]);
    expect((await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 2 }] })).statusCode).toBe(200);
    const res = await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 3 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('edit_awaiting_payment');
  });

  it('needs orders.edit, and orders.refund when the total goes down', async () => {
    const { order } = await paidOrder([[ids.mug, 2]]);
    const customer = await signUp(suite.ctx.app);
    const before = await snapshot(order.id);
    expect(
      (await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 3 }] }, customer)).statusCode,
    ).toBe(403);
    const lower = await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 1 }] }, staff);
    expect(lower.statusCode).toBe(403);
    expect(await snapshot(order.id)).toEqual(before);
    const higher = await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 3 }] }, staff);
    expect(higher.statusCode, higher.body).toBe(200);
  });

  it('refuses a forged or altered payment link with a 404', async () => {
    const { app } = suite.ctx;
    const { order } = await paidOrder([[ids.mug, 1]]);
    const result = (await commit(order.id, { lines: [{ product_id: ids.mug, quantity: 2 }] })).json();
    const path = new URL(result.payment_url).pathname;
    const forged = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
  });
});
