import type { Dashboard } from '@cartwheel/shared/contracts/dashboard';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs } from '../../../test/requests.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { emailOutbox, localPaymentRefunds, orders, products, refunds } from '../../db/schema.ts';
import { onPostgres } from '../checkout/test-helpers.ts';
import { createPaidOrder, ordersOutOfStep, salesDaysOutOfStep } from './test-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAs(ctx.app, ctx.db, 'staff');
  manager = await signUpAs(ctx.app, ctx.db, 'manager');
});
afterAll(async () => ctx?.close());

const post = (who: TestUser, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const refund = (orderId: string, body: object, who = manager) =>
  post(who, `/api/admin/orders/${orderId}/refunds`, body);
const emailsOf = (kind: string, to: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to)));
const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.inventoryLevel;
const refundsOf = (orderId: string) => ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));

const paidOrder = (overrides: Partial<typeof orders.$inferInsert> = {}) => createPaidOrder(ctx.db, overrides);

describe('POST /api/admin/orders/:orderId/refunds', () => {
  it('refunds one line with its tax share, restocks it, marks the payment partially refunded and emails the shopper', async () => {
    const { order, items, product } = await paidOrder({ paymentProvider: 'local' });
    const res = await refund(order.id, {
      items: [{ order_item_id: items[0]!.id, quantity: 1 }],
      reason: 'Damaged in transit',
      restock: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.payment_status).toBe('partially_refunded');
    // A third of the line's $90.00 and of its $2.40 tax.
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount: 3080,
        tax_amount: 80,
        shipping_amount: 0,
        restock: true,
      }),
    ]);
    expect([detail.refunded_amount, detail.refundable_amount]).toEqual([3080, 10_440 - 3080]);
    expect(detail.items.find((i) => i.id === items[0]!.id)!.refunded_quantity).toBe(1);
    expect(detail.timeline[0]).toMatchObject({ type: 'refunded', actor: { id: manager.id } });
    expect(detail.timeline[0]!.message).toContain('Refunded $30.80: Damaged in transit.');
    expect(await stockOf(product.id)).toBe(11);
    // The local provider keeps its own record of the refund, under the refund's idempotency key.
    const [recorded] = await ctx.db
      .select()
      .from(localPaymentRefunds)
      .where(eq(localPaymentRefunds.orderId, order.id));
    expect(recorded).toMatchObject({
      amount: 3080,
      idempotencyKey: `cartwheel-refund-${detail.refunds[0]!.id}`,
    });
    const [email] = await emailsOf('order_refunded', order.customerEmail!);
    expect(email!.text).toContain('We have refunded $30.80');
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
  });

  it("writes the refund email in the order's language and currency: a German order's in German", async () => {
    const { order, items } = await paidOrder({ paymentProvider: 'local', locale: 'de', currency: 'EUR' });
    const res = await refund(order.id, {
      items: [{ order_item_id: items[0]!.id, quantity: 1 }],
      include_shipping: true,
      reason: 'Beschädigt',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [email] = await emailsOf('order_refunded', order.customerEmail!);
    expect(email!.subject).toBe(`Erstattung zu Ihrer Bestellung #${order.orderNumber} bei Cartwheel`);
    expect(email!.text).toMatch(
      new RegExp(`wir haben Ihnen \\d+,\\d\\d\\s€ für Ihre Bestellung #${order.orderNumber}`),
    );
    expect(email!.text).toMatch(/Versand: 7,00\s€/);
    expect(email!.text).toContain('Bestellung ansehen');
    expect(email!.text).not.toContain('refunded');
  });

  it('refunds the rest with the shipping, then the order is refunded and nothing is left', async () => {
    const { order, items } = await paidOrder();
    const first = await refund(order.id, { amount: 1000, reason: 'Goodwill' });
    expect(first.json().payment_status).toBe('partially_refunded');
    const rest = await refund(order.id, {
      items: [
        { order_item_id: items[0]!.id, quantity: 3 },
        { order_item_id: items[1]!.id, quantity: 1 },
      ],
      include_shipping: true,
      reason: 'Returned',
    });
    // $92.40 + $5.00 + $7.00 = $104.40, but $10.00 went back already: too much.
    expect([rest.statusCode, rest.json().error.code]).toEqual([409, 'refund_exceeds_payment']);
    expect(rest.json().error.message).toBe('A refund of $104.40 is more than the $94.40 left to refund');
    const lines = await refund(order.id, {
      items: [{ order_item_id: items[0]!.id, quantity: 3 }],
      reason: 'Returned',
    });
    expect(lines.json()).toMatchObject({
      payment_status: 'partially_refunded',
      refundable_amount: 10_440 - 1000 - 9240,
    });
    const last = await refund(order.id, { amount: 200, reason: 'The rest' });
    expect(last.json()).toMatchObject({
      payment_status: 'refunded',
      refunded_amount: 10_440,
      refundable_amount: 0,
    });
    const after = await refund(order.id, { amount: 1, reason: 'More' });
    expect([after.statusCode, after.json().error.code]).toEqual([409, 'order_not_refundable']);
  });

  it('never refunds more units than were bought, and writes nothing when it refuses', async () => {
    const { order, items, product } = await paidOrder();
    await refund(order.id, { items: [{ order_item_id: items[0]!.id, quantity: 2 }], reason: 'Returned' });
    const res = await refund(order.id, {
      items: [{ order_item_id: items[0]!.id, quantity: 2 }],
      reason: 'Returned',
      restock: true,
    });
    expect([res.statusCode, res.json().error.message]).toEqual([
      409,
      `Only 1 of ${items[0]!.productName} left to refund, not 2`,
    ]);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(10);
  });

  it.each([
    [{ reason: 'x' }, 'items'],
    [{ amount: 100, reason: ' ' }, 'reason'],
    [{ amount: 0, reason: 'x' }, 'amount'],
    [{ amount: 10.5, reason: 'x' }, 'amount'],
    [{ amount: 100, restock: true, reason: 'x' }, 'restock'],
    [{ amount: 100, items: [], reason: 'x' }, 'items'],
  ])('rejects %j with a 400 on %s and writes nothing', async (body, field) => {
    const { order } = await paidOrder();
    const res = await refund(order.id, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain(field);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('refuses an unpaid order, and a staff member (managers and admins only)', async () => {
    const { order } = await paidOrder({ paymentStatus: 'unpaid', status: 'pending' });
    const unpaid = await refund(order.id, { amount: 100, reason: 'x' });
    expect([unpaid.statusCode, unpaid.json().error.code]).toEqual([409, 'order_not_refundable']);
    const { order: paid } = await paidOrder();
    const byStaff = await refund(paid.id, { amount: 100, reason: 'x' }, staff);
    expect(byStaff.statusCode).toBe(403);
    expect(await refundsOf(paid.id)).toEqual([]);
  });

  it('answers 502 when the provider refuses, records the refund as failed and leaves the payment as it was', async () => {
    const { order } = await paidOrder({ paymentProvider: 'local' });
    const provider = ctx.app.checkout.ctx.provider;
    const original = provider.refund;
    provider.refund = async () => {
      throw new Error('card account closed');
    };
    try {
      const res = await refund(order.id, { amount: 500, reason: 'x' });
      expect([res.statusCode, res.json().error.message]).toEqual([
        502,
        'The payment provider refused the refund: card account closed',
      ]);
    } finally {
      provider.refund = original;
    }
    const detail = (
      await getAs(ctx.app, manager.cookie, `/api/admin/orders/${order.id}`)
    ).json() as OrderDetail;
    expect(detail).toMatchObject({ payment_status: 'paid', refunded_amount: 0, refundable_amount: 10_440 });
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'failed', amount: 500 })]);
    expect(detail.timeline[0]).toMatchObject({ type: 'refund_failed' });
    expect(await emailsOf('order_refunded', order.customerEmail!)).toEqual([]);
  });
});

describe('cancelling a paid order', () => {
  it('refunds what is left through the provider when asked, and says so in the cancellation email', async () => {
    const { order, product } = await paidOrder({ paymentProvider: 'local' });
    await refund(order.id, { amount: 440, reason: 'Late' });
    const res = await post(manager, `/api/admin/orders/${order.id}/cancel`, { refund: true });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail).toMatchObject({ status: 'cancelled', payment_status: 'refunded', refundable_amount: 0 });
    expect(detail.refunds.map((r) => r.amount)).toEqual([440, 10_000]);
    expect(detail.items.every((i) => i.refunded_quantity === i.quantity)).toBe(true);
    expect(detail.timeline[0]!.message).toBe(
      'Order cancelled (was processing). 3 items returned to stock. $100.00 refunded.',
    );
    expect(await stockOf(product.id)).toBe(13);
    const [email] = await emailsOf('order_cancelled', order.customerEmail!);
    expect(email!.text).toContain('We have refunded $100.00');
    // One email for the cancellation: the refund inside it sends none of its own.
    expect(await emailsOf('order_refunded', order.customerEmail!)).toHaveLength(1);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
  });

  it('lets only managers and admins cancel with a refund', async () => {
    const { order } = await paidOrder();
    const res = await post(staff, `/api/admin/orders/${order.id}/cancel`, { refund: true });
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect([row!.status, row!.paymentStatus]).toEqual(['processing', 'paid']);
  });
});

describe('net sales on the dashboard', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const dayAfter = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
  const figures = async (from: string, to: string) =>
    ((await getAs(ctx.app, manager.cookie, `/api/admin/dashboard?from=${from}&to=${to}`)).json() as Dashboard)
      .current;

  it("takes a refund off the day it happened, not the order's day, and puts it back if the order is cancelled", async () => {
    const placed = '2026-03-10';
    const { order, items } = await paidOrder({ createdAt: new Date(`${placed}T12:00:00Z`) });
    const before = {
      placed: await figures(placed, dayAfter(placed)),
      today: await figures(today(), dayAfter(today())),
    };
    await refund(order.id, {
      items: [{ order_item_id: items[0]!.id, quantity: 1 }],
      include_shipping: true,
      reason: 'x',
    });
    const after = {
      placed: await figures(placed, dayAfter(placed)),
      today: await figures(today(), dayAfter(today())),
    };
    expect(after.placed).toEqual(before.placed);
    // The goods only: $30.80 less its $0.80 tax; shipping is not a sale.
    expect(after.today.net_sales - before.today.net_sales).toBe(-3000);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    await post(staff, `/api/admin/orders/${order.id}/cancel`);
    expect((await figures(today(), dayAfter(today()))).net_sales).toBe(before.today.net_sales);
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);
    expect(await ordersOutOfStep(ctx.db)).toEqual([]);
  });
});

describe(`concurrent refunds (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('10 refunds of 40% each at once: exactly 2 succeed, and never more than was paid goes back', async () => {
    const { order } = await paidOrder({ paymentProvider: 'local' });
    const share = Math.floor(order.totalAmount * 0.4);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(order.id, { amount: share, reason: 'Race' })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, ...Array(8).fill(409)]);
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const paidBack = await ctx.db
      .select()
      .from(localPaymentRefunds)
      .where(eq(localPaymentRefunds.orderId, order.id));
    expect(paidBack.reduce((s, r) => s + r.amount, 0)).toBe(2 * share);
  });
});
