import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { restoreStock, type StockLine } from '../checkout/stock.ts';
import { setStockContext } from '../checkout/stock-context.ts';
import { moveAtLocation } from '../locations/location-stock.ts';
import { orderEvents, orders } from './orders.schema.ts';

// The steps the order actions (cancel, status, fulfil, deliver, refund) share, each inside the
// caller's transaction.

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  // A checkout not paid yet is not an order: staff cannot act on it.
  if (!order || order.orderNumber === null) throw notFound('order_not_found', 'Order not found');
  return order;
}

/** Adds an entry to the order's timeline. */
export async function addEvent(
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
 * Returns units of the order's lines to stock (`units`: order item id → units) and answers how many
 * went back. Same rule as checkout's stock moves (checkout/stock.ts): a variant line's stock is the
 * variant's, a product line's the product's; a line whose variant was deleted since is not given to
 * its product.
 */
export async function restockUnits(
  tx: Tx,
  orderId: string,
  units: Map<string, number>,
  move: { reason: 'cancellation' | 'return'; staffId: string | null; locationId?: string | null | undefined },
): Promise<number> {
  if (!units.size) return 0;
  const lines = await queryRows<{
    id: string;
    product_id: string | null;
    variant_id: string | null;
    product_name: string;
  }>(
    tx,
    sql`SELECT i.id, i.product_id, i.variant_id, i.product_name
      FROM order_items i LEFT JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ${orderId}
        AND (i.variant_id IS NOT NULL OR (i.product_id IS NOT NULL AND p.sku = i.product_sku))`,
  );
  const stock: StockLine[] = lines
    .filter((line) => (units.get(line.id) ?? 0) > 0)
    .map((line) => ({
      productId: line.product_id ?? '',
      variantId: line.variant_id,
      quantity: units.get(line.id) ?? 0,
      label: line.product_name,
    }));
  const context = { reason: move.reason, ref: orderId, staffId: move.staffId };
  // To the location staff chose, or back to where the order took them from (the stock triggers).
  if (move.locationId) await moveAtLocation(tx, move.locationId, stock, 1, context);
  else {
    await setStockContext(tx, context);
    await restoreStock(tx, stock);
  }
  return stock.reduce((sum, line) => sum + line.quantity, 0);
}
