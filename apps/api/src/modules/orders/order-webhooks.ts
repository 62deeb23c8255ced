import type { WebhookEventType } from '@cartwheel/shared/contracts/apps';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { WebhookEmitter } from '../apps/webhook-events.ts';

/**
 * The order as webhook receivers get it (docs/webhooks.md): amounts in integer cents, the items
 * bought, no internal fields (guest keys, provider session ids).
 */
async function orderEventData(tx: Tx, orderId: string): Promise<object | null> {
  const [order] = await queryRows<object>(
    tx,
    sql`SELECT o.id, o.order_number, o.status, o.payment_status, o.fulfillment_status, o.payment_method,
          o.currency, o.customer_id, o.customer_email, o.subtotal_amount, o.discount_amount,
          o.shipping_amount, o.tax_amount, o.total_amount, o.shipping_address, o.created_at, o.paid_at,
          COALESCE((SELECT json_agg(json_build_object('id', i.id, 'product_id', i.product_id,
                      'variant_id', i.variant_id, 'product_name', i.product_name,
                      'variant_title', i.variant_title, 'sku', i.product_sku, 'quantity', i.quantity,
                      'price_per_item', i.price_per_item, 'total_amount', i.total_amount) ORDER BY i.id)
                    FROM order_items i WHERE i.order_id = o.id), '[]'::json) AS items
        FROM orders o WHERE o.id = ${orderId}`,
  );
  return order ?? null;
}

/** Tells the webhook endpoints about an order, in the transaction that changed it. `extra` adds to `data`. */
export async function emitOrderEvent(
  tx: Tx,
  webhooks: WebhookEmitter,
  type: Extract<WebhookEventType, `order.${string}`>,
  orderId: string,
  extra: object = {},
): Promise<void> {
  const order = await orderEventData(tx, orderId);
  if (order) await webhooks.emit(tx, type, { object: 'order', ...order, ...extra });
}
