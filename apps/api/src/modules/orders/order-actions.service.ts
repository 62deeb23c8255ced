import type { FulfilOrderBody, OrderDetail, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { plural } from '@cartwheel/shared/text';
import { and, eq, gte, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { restoreStock, type StockLine } from '../checkout/stock.ts';
import { getOrderDetail } from './admin-orders.service.ts';
import { orderEvents, orderItems, orders } from './orders.schema.ts';

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  // A checkout not paid yet is not an order: staff cannot act on it.
  if (!order || order.orderNumber === null) throw notFound('order_not_found', 'Order not found');
  return order;
}

async function addEvent(
  tx: Tx,
  orderId: string,
  actorId: string | null,
  type: string,
  message: string,
  data: Record<string, unknown> = {},
) {
  await tx.insert(orderEvents).values({ orderId, actorId, type, message, data });
}

/**
 * Cancels an order in one transaction: the order row is locked, the unfulfilled units of every line
 * go back to stock (the variant's for a variant line, else the product's), a paid order is recorded
 * as refunded, and the timeline gets an event. Cancelling twice is a 409, so stock returns exactly once.
 */
export async function cancelOrder(db: Db, orderId: string, actorId: string | null): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_already_cancelled', 'Order is already cancelled');
    }
    // The units still on the shelf's books: ordered but not shipped. Same rule as checkout's stock
    // moves (checkout/stock.ts): a variant line's stock is the variant's, a product line's the
    // product's; a line whose variant was deleted since is not given to its product.
    const unshipped = await queryRows<{
      product_id: string | null;
      variant_id: string | null;
      units: number;
      product_name: string;
    }>(
      tx,
      sql`SELECT i.product_id, i.variant_id, i.quantity - i.fulfilled_quantity AS units, i.product_name
        FROM order_items i LEFT JOIN products p ON p.id = i.product_id
        WHERE i.order_id = ${orderId} AND i.quantity > i.fulfilled_quantity
          AND (i.variant_id IS NOT NULL OR (i.product_id IS NOT NULL AND p.sku = i.product_sku))`,
    );
    const stock: StockLine[] = unshipped.map((line) => ({
      productId: line.product_id ?? '',
      variantId: line.variant_id,
      quantity: Number(line.units),
      label: line.product_name,
    }));
    await restoreStock(tx, stock);
    const restocked = stock.reduce((sum, line) => sum + line.quantity, 0);
    const wasPaid = order.paymentStatus === 'paid';
    if (wasPaid) {
      await tx
        .update(orderItems)
        .set({ refundedQuantity: sql`${orderItems.quantity}` })
        .where(eq(orderItems.orderId, orderId));
    }
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        paymentStatus: wasPaid ? 'refunded' : order.paymentStatus,
        cancelledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));
    const message = [
      `Order cancelled (was ${order.status}).`,
      restocked ? `${plural(restocked, 'item')} returned to stock.` : 'No items returned to stock.',
      wasPaid ? 'Payment marked as refunded.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    await addEvent(tx, orderId, actorId, 'cancelled', message, {
      from: order.status,
      restocked,
      refunded: wasPaid ? order.totalAmount : 0,
    });
    return getOrderDetail(tx, orderId);
  });
}

/**
 * Sets an order's status: staff may write any status. Cancelling goes through cancelOrder so
 * stock returns; a cancelled order cannot be reopened, since its stock is back on the shelf.
 */
export async function setOrderStatus(
  db: Db,
  orderId: string,
  status: OrderStatus,
  actorId: string | null,
): Promise<OrderDetail> {
  if (status === 'cancelled') return cancelOrder(db, orderId, actorId);
  return db.transaction(async (tx) => {
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

/**
 * Fulfils units of an order's lines (all that remain when no lines are given): fulfilled quantities
 * never exceed the ordered quantity, the fulfilment status becomes partial or fulfilled, and a fully
 * fulfilled pending or processing order is marked shipped. Each step is on the timeline.
 */
export async function fulfilOrder(
  db: Db,
  orderId: string,
  body: FulfilOrderBody,
  actorId: string | null,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_cancelled', "A cancelled order can't be fulfilled");
    }
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const remaining = new Map(lines.map((l) => [l.id, l.quantity - l.fulfilledQuantity]));
    const plan = new Map<string, number>();
    if (body.items?.length) {
      for (const item of body.items) {
        if (!remaining.has(item.order_item_id)) {
          throw new AppError(
            'invalid',
            'unknown_order_item',
            `Line ${item.order_item_id} is not on this order`,
          );
        }
        plan.set(item.order_item_id, (plan.get(item.order_item_id) ?? 0) + item.quantity);
      }
      for (const [id, units] of plan) {
        const left = remaining.get(id) ?? 0;
        if (units > left) {
          const line = lines.find((l) => l.id === id)!;
          throw new AppError(
            'conflict',
            'over_fulfilment',
            `Only ${left} of ${line.productName} left to fulfil, not ${units}`,
          );
        }
      }
    } else {
      for (const [id, left] of remaining) if (left > 0) plan.set(id, left);
    }
    if (!plan.size) throw new AppError('conflict', 'already_fulfilled', 'Order is already fulfilled');

    let units = 0;
    for (const [id, n] of plan) {
      // The CHECK constraint (fulfilled_quantity BETWEEN 0 AND quantity) backs up the test above.
      await tx
        .update(orderItems)
        .set({ fulfilledQuantity: sql`${orderItems.fulfilledQuantity} + ${n}` })
        .where(
          and(eq(orderItems.id, id), gte(sql`${orderItems.quantity} - ${orderItems.fulfilledQuantity}`, n)),
        );
      units += n;
    }
    const allDone = lines.every((l) => (remaining.get(l.id) ?? 0) - (plan.get(l.id) ?? 0) === 0);
    const fulfillmentStatus = allDone ? 'fulfilled' : 'partial';
    const shipNow = allDone && (order.status === 'pending' || order.status === 'processing');
    await tx
      .update(orders)
      .set({ fulfillmentStatus, ...(shipNow ? { status: 'shipped' as const } : {}), updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    const names = lines
      .filter((l) => plan.has(l.id))
      .map((l) => `${l.productName}${l.variantTitle ? ` (${l.variantTitle})` : ''} × ${plan.get(l.id)}`);
    await addEvent(
      tx,
      orderId,
      actorId,
      'fulfilled',
      `Fulfilled ${plural(units, 'item')}: ${names.join(', ')}. Order is ${allDone ? 'fulfilled' : 'partially fulfilled'}.`,
      {
        items: [...plan].map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
        fulfillment_status: fulfillmentStatus,
      },
    );
    if (shipNow) {
      await addEvent(
        tx,
        orderId,
        actorId,
        'status_changed',
        `Status changed from ${order.status} to shipped`,
        {
          from: order.status,
          to: 'shipped',
        },
      );
    }
    return getOrderDetail(tx, orderId);
  });
}
