import { carrierName, OTHER_CARRIER, trackingUrl } from '@cartwheel/shared/carriers';
import type { FulfilOrderBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { fulfilRefusal } from '@cartwheel/shared/order-actions';
import { plural } from '@cartwheel/shared/text';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { allocationOf, locationShort, shipFrom } from '../locations/location-stock.ts';
import { getLocation } from '../locations/locations.service.ts';
import { getOrderDetail } from './admin-orders.service.ts';
import { fulfilmentLines, fulfilments } from './after-sale.schema.ts';
import { fulfillableUnits, loadRefunds, refundedUnitsByLine } from './after-sale.service.ts';
import { type AfterSaleContext, queueOrderEmail } from './order-emails.ts';
import { addEvent, lockOrder } from './order-steps.ts';
import { emitOrderEvent } from './order-webhooks.ts';
import { orderItems, orders } from './orders.schema.ts';

const lineName = (l: { productName: string; variantTitle: string | null }) =>
  `${l.productName}${l.variantTitle ? ` (${l.variantTitle})` : ''}`;

type OrderRow = typeof orders.$inferSelect;

/** The order's lines and the units of each still to ship (fulfillableUnits), by order item id. */
async function unitsToShip(tx: Tx, orderId: string) {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  // Refunds under way hold their units as well: they are being paid back, not shipped.
  const held = refundedUnitsByLine((await loadRefunds(tx, orderId)).filter((r) => r.status !== 'failed'));
  return { lines, remaining: new Map(lines.map((l) => [l.id, fulfillableUnits(l, held.get(l.id) ?? 0)])) };
}

/**
 * The location a shipment leaves: the one staff chose (the units allocated elsewhere move to it, a 409
 * when it has too few), else the one the order took most units from.
 */
async function shipsFrom(
  tx: Tx,
  orderId: string,
  chosen: string | undefined,
  lines: Array<typeof orderItems.$inferSelect>,
  plan: Map<string, number>,
  actorId: string | null,
): Promise<string | null> {
  if (!chosen) return (await allocationOf(tx, orderId))[0]?.location_id ?? null;
  const location = await getLocation(tx, chosen);
  const stock = lines
    .filter((l) => plan.has(l.id) && (l.variantId || l.productId))
    .map((l) => ({
      productId: l.productId ?? '',
      variantId: l.variantId,
      quantity: plan.get(l.id)!,
      label: l.productName,
    }));
  const short = await shipFrom(tx, orderId, location.id, stock, actorId);
  if (short) throw locationShort(short, location.name);
  return location.id;
}

/** A return's replacement whose price difference is still due ships once it is paid (decision 0086). */
async function refuseUnpaidExchange(tx: Tx, lineIds: string[]) {
  const [unpaid] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT i.product_name AS name FROM return_items ri
      JOIN order_edits e ON e.id = ri.exchange_edit_id JOIN order_items i ON i.id = ri.exchange_order_item_id
      WHERE ri.exchange_order_item_id = ANY(${`{${lineIds.join(',')}}`}::uuid[]) AND e.status = 'awaiting_payment'
      LIMIT 1`,
  );
  if (unpaid) {
    throw new AppError(
      'conflict',
      'exchange_unpaid',
      `The exchange for ${unpaid.name} ships once the buyer has paid the difference`,
    );
  }
}

/**
 * Sets the order's fulfilment status (fulfilled when nothing is left to ship, else partial); a
 * fulfilled pending or processing order becomes shipped, on the timeline too.
 */
export async function setFulfilment(tx: Tx, order: OrderRow, allDone: boolean, actorId: string | null) {
  const shipNow = allDone && (order.status === 'pending' || order.status === 'processing');
  await tx
    .update(orders)
    .set({
      fulfillmentStatus: allDone ? 'fulfilled' : 'partial',
      ...(shipNow ? { status: 'shipped' as const } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id));
  if (shipNow) {
    await addEvent(
      tx,
      order.id,
      actorId,
      'status_changed',
      `Status changed from ${order.status} to shipped`,
      {
        from: order.status,
        to: 'shipped',
      },
    );
  }
}

/**
 * After a refund (in its transaction): an order that shipped part of its units and has nothing left
 * to ship, the rest being refunded, is fulfilled (and shipped when it was pending or processing). An
 * order that shipped nothing stays unfulfilled: nothing left the warehouse.
 */
export async function fulfilRefundedRest(tx: Tx, order: OrderRow, actorId: string | null) {
  if (order.fulfillmentStatus !== 'partial' || order.status === 'cancelled') return;
  const { remaining } = await unitsToShip(tx, order.id);
  if ([...remaining.values()].some((units) => units > 0)) return;
  await addEvent(
    tx,
    order.id,
    actorId,
    'fulfilled',
    'Order is fulfilled: the units left to ship were refunded.',
    {
      fulfillment_status: 'fulfilled',
    },
  );
  await setFulfilment(tx, order, true, actorId);
}

/**
 * Fulfils units of an order's lines (all that remain when no lines are given) as one shipment, with
 * its carrier and tracking number when given: never more units than are left to ship (ordered, less
 * shipped, less refunded: fulfillableUnits), the fulfilment status becomes partial or fulfilled, and a
 * fully fulfilled pending or processing order is marked shipped. Each step is on the timeline, and the shopper gets the "shipped" email
 * with the tracking link, queued in the same transaction.
 */
export async function fulfilOrder(
  ctx: AfterSaleContext,
  orderId: string,
  body: FulfilOrderBody,
  actorId: string | null,
): Promise<OrderDetail> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const { lines, remaining } = await unitsToShip(tx, orderId);
    const refusal = fulfilRefusal(order.status, remaining.values());
    if (refusal) throw new AppError('conflict', refusal.code, refusal.message);
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
    await refuseUnpaidExchange(tx, [...plan.keys()]);

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
    const locationId = await shipsFrom(tx, orderId, body.location_id, lines, plan, actorId);
    const carrier = body.carrier ?? null;
    const tracking = body.tracking_number ?? null;
    const name = carrier ? carrierName(carrier, body.carrier_name) : null;
    const url = carrier && tracking ? trackingUrl(carrier, tracking, body.tracking_url) : null;
    const [shipment] = await tx
      .insert(fulfilments)
      .values({
        orderId,
        carrier,
        carrierName: name,
        trackingNumber: tracking,
        // Only another carrier's link is stored; a listed carrier's is built when read.
        trackingUrl: carrier === OTHER_CARRIER ? url : null,
        createdBy: actorId,
        locationId,
      })
      .returning({ id: fulfilments.id });
    await tx
      .insert(fulfilmentLines)
      .values(
        [...plan].map(([orderItemId, quantity]) => ({ fulfilmentId: shipment!.id, orderItemId, quantity })),
      );

    const allDone = lines.every((l) => (remaining.get(l.id) ?? 0) - (plan.get(l.id) ?? 0) === 0);
    const shipped = lines
      .filter((l) => plan.has(l.id))
      .map((l) => ({ name: lineName(l), quantity: plan.get(l.id)! }));
    const trackingText = tracking ? ` Shipped with ${name}, tracking number ${tracking}.` : '';
    await addEvent(
      tx,
      orderId,
      actorId,
      'fulfilled',
      `Fulfilled ${plural(units, 'item')}: ${shipped.map((s) => `${s.name} × ${s.quantity}`).join(', ')}. Order is ${allDone ? 'fulfilled' : 'partially fulfilled'}.${trackingText}`,
      {
        fulfilment_id: shipment!.id,
        items: [...plan].map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
        fulfillment_status: allDone ? 'fulfilled' : 'partial',
        carrier: name,
        tracking_number: tracking,
        tracking_url: url,
      },
    );
    await setFulfilment(tx, order, allDone, actorId);
    await emitOrderEvent(tx, ctx.webhooks, 'order.fulfilled', orderId, {
      fulfilment: {
        id: shipment!.id,
        items: shipped,
        carrier: name,
        tracking_number: tracking,
        tracking_url: url,
      },
    });
    await queueOrderEmail(tx, ctx, orderId, 'order_shipped', (recipient) => ({
      ...recipient,
      items: shipped,
      carrier_name: name,
      tracking_number: tracking,
      tracking_url: url,
      complete: allDone,
    }));
    return getOrderDetail(tx, orderId);
  });
}

/**
 * Staff mark the order delivered: its shipments are delivered, the status becomes delivered, the
 * timeline says so and the shopper gets the "delivered" email. Only an order that shipped something
 * can be delivered, and only once.
 */
export async function markDelivered(
  ctx: AfterSaleContext,
  orderId: string,
  actorId: string | null,
): Promise<OrderDetail> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_cancelled', "A cancelled order can't be delivered");
    }
    if (order.status === 'delivered') {
      throw new AppError('conflict', 'already_delivered', 'Order is already delivered');
    }
    if (order.fulfillmentStatus === 'unfulfilled') {
      throw new AppError('conflict', 'not_shipped', 'Fulfil the order before marking it as delivered');
    }
    await tx
      .update(fulfilments)
      .set({ deliveredAt: sql`now()` })
      .where(and(eq(fulfilments.orderId, orderId), isNull(fulfilments.deliveredAt)));
    await tx.update(orders).set({ status: 'delivered', updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    await addEvent(tx, orderId, actorId, 'delivered', `Marked as delivered (was ${order.status}).`, {
      from: order.status,
      to: 'delivered',
    });
    await queueOrderEmail(tx, ctx, orderId, 'order_delivered', (recipient) => recipient);
    return getOrderDetail(tx, orderId);
  });
}
