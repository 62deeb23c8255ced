import type { CancelOrderBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { getOrderDetail } from './admin-orders.service.ts';
import { type AfterSaleContext, queueOrderEmail } from './order-emails.ts';
import { addEvent, lockOrder, restockUnits } from './order-steps.ts';
import { emitOrderEvent } from './order-webhooks.ts';
import { orders } from './orders.schema.ts';
import { refundOrder } from './refund-order.ts';

/**
 * Cancels an order. With `refund`, what is left of a paid order's payment is first refunded through
 * the payment provider (refund-order.ts; a refusal leaves the order as it was); without it the payment
 * stays as it is. Then, in one transaction: the order row is locked, the unfulfilled units of every
 * line go back to stock, the timeline gets an event and the shopper an email. Cancelling twice is a
 * 409, so stock returns exactly once.
 */
export async function cancelOrder(
  ctx: AfterSaleContext,
  orderId: string,
  body: CancelOrderBody,
  actorId: string | null,
  auditActor?: AuditActor,
): Promise<OrderDetail> {
  let refunded = 0;
  if (body.refund) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.orderNumber === null) throw notFound('order_not_found', 'Order not found');
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_already_cancelled', 'Order is already cancelled');
    }
    // An unpaid or already refunded order has nothing to give back: it is only cancelled.
    const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
    const result =
      paid &&
      (await refundOrder(ctx, orderId, { rest: true, reason: body.reason || 'Order cancelled' }, actorId, {
        notify: false,
        ...(auditActor ? { audit: auditActor } : {}),
      }));
    refunded = result ? result.amount : 0;
  }
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_already_cancelled', 'Order is already cancelled');
    }
    // The units still on the shelf's books: ordered, not shipped and not already returned by a refund.
    const lines = await queryRows<{ id: string; units: number }>(
      tx,
      sql`SELECT i.id, i.quantity - i.fulfilled_quantity - COALESCE((SELECT sum(rl.quantity) FROM refund_lines rl
          JOIN refunds r ON r.id = rl.refund_id WHERE rl.order_item_id = i.id AND r.restock AND r.status <> 'failed'), 0) AS units
        FROM order_items i WHERE i.order_id = ${orderId}`,
    );
    const restocked = await restockUnits(
      tx,
      orderId,
      new Map(lines.filter((l) => Number(l.units) > 0).map((l) => [l.id, Number(l.units)])),
      { reason: 'cancellation', staffId: actorId },
    );
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
    const message = [
      `Order cancelled (was ${order.status}).`,
      restocked ? `${plural(restocked, 'item')} returned to stock.` : 'No items returned to stock.',
      refunded
        ? `${formatMoney(refunded, order.currency)} refunded.`
        : paid
          ? 'The payment was not refunded.'
          : '',
    ]
      .filter(Boolean)
      .join(' ');
    await addEvent(tx, orderId, actorId, 'cancelled', message, { from: order.status, restocked, refunded });
    await emitOrderEvent(tx, ctx.webhooks, 'order.cancelled', orderId);
    await queueOrderEmail(tx, ctx, orderId, 'order_cancelled', (recipient) => ({
      ...recipient,
      refunded_amount: refunded,
      currency: order.currency,
    }));
    return getOrderDetail(tx, orderId);
  });
}

/**
 * Sets an order's status: staff may write any status. Cancelling goes through cancelOrder so
 * stock returns; a cancelled order cannot be reopened, since its stock is back on the shelf.
 */
export async function setOrderStatus(
  ctx: AfterSaleContext,
  orderId: string,
  status: OrderStatus,
  actorId: string | null,
): Promise<OrderDetail> {
  if (status === 'cancelled') return cancelOrder(ctx, orderId, { refund: false }, actorId);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError(
        'conflict',
        'order_cancelled',
        "A cancelled order can't be reopened: its stock has been returned",
      );
    }
    if (order.status !== status) {
      await tx.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
      await addEvent(
        tx,
        orderId,
        actorId,
        'status_changed',
        `Status changed from ${order.status} to ${status}`,
        {
          from: order.status,
          to: status,
        },
      );
    }
    return getOrderDetail(tx, orderId);
  });
}
