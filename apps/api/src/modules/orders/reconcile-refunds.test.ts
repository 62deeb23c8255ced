import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { emailOutbox, localPaymentRefunds, orderEvents, orders, products, refunds } from '../../db/schema.ts';
import { reconcilePendingRefunds } from './reconcile-refunds.ts';
import { completeRefund } from './refund-order.ts';
import { createPaidOrder, salesDaysOutOfStep } from './test-helpers.ts';

let ctx: TestContext;
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signUpAs(ctx.app, ctx.db, 'manager');
});
afterAll(async () => ctx?.close());

/**
 * Refunds one unit of the order's first line with restock, and lets the process "die" once the
 * provider has paid it: the final save's transaction never happens, the refund stays pending.
 */
async function refundThenCrash(orderId: string, orderItemId: string) {
  const after = ctx.app.checkout.ctx;
  const provider = after.provider;
  const original = provider.refund;
  const db = after.db as unknown as { transaction: unknown };
  provider.refund = async (input) => {
    const answer = await original(input);
    db.transaction = () => {
      delete db.transaction;
      throw new Error('the process was killed');
    };
    return answer;
  };
  try {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { cookie: manager.cookie },
      payload: { items: [{ order_item_id: orderItemId, quantity: 1 }], reason: 'Damaged', restock: true },
    });
    expect(res.statusCode).toBe(500);
  } finally {
    provider.refund = original;
    delete db.transaction;
  }
  // As if it happened ten minutes ago.
  await ctx.db.execute(
    sql`UPDATE refunds SET created_at = now() - interval '10 minutes' WHERE order_id = ${orderId}`,
  );
}

/** Everything the final save of a refund touches, to compare before and after. */
async function stateOf(orderId: string, productId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const [product] = await ctx.db.select().from(products).where(eq(products.id, productId));
  const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const paid = await ctx.db
    .select()
    .from(localPaymentRefunds)
    .where(eq(localPaymentRefunds.orderId, orderId));
  const events = await ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refunded')));
  const emails = await ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'order_refunded'), eq(emailOutbox.to, order!.customerEmail!)));
  return {
    paymentStatus: order!.paymentStatus,
    stock: product!.inventoryLevel,
    refunds: rows.map((r) => ({ status: r.status, amount: r.amount, providerRefundId: r.providerRefundId })),
    paidByProvider: paid.map((p) => ({ id: p.id, amount: p.amount })),
    events: events.length,
    emails: emails.length,
  };
}

describe('reconciling refunds left pending', () => {
  it('completes a refund a crash left pending once, with the same provider refund; a second run changes nothing', async () => {
    const { order, items, product } = await createPaidOrder(ctx.db, {
      paymentProvider: 'local',
      paymentSessionId: `cs_${crypto.randomUUID()}`,
    });
    await refundThenCrash(order.id, items[0]!.id);
    const crashed = await stateOf(order.id, product.id);
    expect(crashed).toMatchObject({
      paymentStatus: 'paid',
      stock: 10,
      refunds: [{ status: 'pending', amount: 3080, providerRefundId: null }],
      events: 0,
      emails: 0,
    });
    expect(crashed.paidByProvider).toEqual([{ id: expect.any(String), amount: 3080 }]);

    expect(await reconcilePendingRefunds(ctx.app.checkout.ctx)).toEqual({ completed: 1, failed: 0 });
    const done = await stateOf(order.id, product.id);
    expect(done).toEqual({
      paymentStatus: 'partially_refunded',
      stock: 11,
      refunds: [{ status: 'succeeded', amount: 3080, providerRefundId: crashed.paidByProvider[0]!.id }],
      // The provider answered the refund it had made: nothing was paid twice.
      paidByProvider: crashed.paidByProvider,
      events: 1,
      emails: 1,
    });
    expect(await salesDaysOutOfStep(ctx.db)).toEqual([]);

    expect(await reconcilePendingRefunds(ctx.app.checkout.ctx)).toEqual({ completed: 0, failed: 0 });
    expect(await stateOf(order.id, product.id)).toEqual(done);
    // A live request that finishes late (or any second final save) finds the refund done.
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(await completeRefund(ctx.app.checkout.ctx, row!.id, 'late', manager.id)).toBe(false);
    expect(await stateOf(order.id, product.id)).toEqual(done);
  });

  it('leaves a refund pending for less than five minutes alone: its request may still be running', async () => {
    const { order, items, product } = await createPaidOrder(ctx.db, { paymentProvider: 'local' });
    await refundThenCrash(order.id, items[0]!.id);
    await ctx.db.execute(sql`UPDATE refunds SET created_at = now() WHERE order_id = ${order.id}`);
    const before = await stateOf(order.id, product.id);
    expect(await reconcilePendingRefunds(ctx.app.checkout.ctx)).toEqual({ completed: 0, failed: 0 });
    expect(await stateOf(order.id, product.id)).toEqual(before);
  });

  it('marks a refund the provider now refuses as failed, and leaves the payment as it was', async () => {
    const { order, items, product } = await createPaidOrder(ctx.db, { paymentProvider: 'local' });
    await refundThenCrash(order.id, items[0]!.id);
    const provider = ctx.app.checkout.ctx.provider;
    const original = provider.refund;
    provider.refund = async () => {
      throw new Error('card account closed');
    };
    try {
      expect(await reconcilePendingRefunds(ctx.app.checkout.ctx)).toEqual({ completed: 0, failed: 1 });
    } finally {
      provider.refund = original;
    }
    expect(await stateOf(order.id, product.id)).toMatchObject({
      paymentStatus: 'paid',
      stock: 10,
      refunds: [{ status: 'failed' }],
      emails: 0,
    });
  });

  it('runs on the job queue as a scheduled job', async () => {
    const { order, items, product } = await createPaidOrder(ctx.db, { paymentProvider: 'local' });
    await refundThenCrash(order.id, items[0]!.id);
    expect(ctx.app.jobs.schedules()).toContainEqual({ name: 'refund-reconcile', periodSeconds: 300 });
    await ctx.app.jobs.start();
    try {
      await expect
        .poll(async () => (await stateOf(order.id, product.id)).refunds[0]!.status, { timeout: 20_000 })
        .toBe('succeeded');
    } finally {
      await ctx.app.jobs.stop();
    }
    expect(await stateOf(order.id, product.id)).toMatchObject({ stock: 11, events: 1, emails: 1 });
  });
});
