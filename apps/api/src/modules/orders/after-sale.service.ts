import { trackingUrl } from '@cartwheel/shared/carriers';
import type { Fulfilment, Refund } from '@cartwheel/shared/contracts/after-sale';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { isoTime } from './order-sql.ts';

type Lines = Array<{ order_item_id: string; product_name: string; quantity: number }>;
// json columns come back parsed from both drivers; the guard keeps a driver that returns text working.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The lines `l` of a shipment or refund as a JSON array: line id, product name, units. */
const linesJson = (table: SQL, where: SQL) => sql`COALESCE((SELECT json_agg(json_build_object(
    'order_item_id', l.order_item_id, 'product_name', i.product_name, 'quantity', l.quantity)
    ORDER BY i.created_at, i.product_name, i.id)
  FROM ${table} JOIN order_items i ON i.id = l.order_item_id WHERE ${where}), '[]'::json)`;

/** The order's shipments, oldest first, with their lines and tracking links. */
export async function loadFulfilments(db: Db | Tx, orderId: string): Promise<Fulfilment[]> {
  const rows = await queryRows<{
    id: string;
    carrier: string | null;
    carrier_name: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
    created_at: string;
    delivered_at: string | null;
    items: Lines | string;
  }>(
    db,
    sql`SELECT f.id, f.carrier, f.carrier_name, f.tracking_number, f.tracking_url,
        ${isoTime(sql`f.created_at`)} AS created_at,
        CASE WHEN f.delivered_at IS NULL THEN NULL ELSE ${isoTime(sql`f.delivered_at`)} END AS delivered_at,
        ${linesJson(sql`fulfilment_lines l`, sql`l.fulfilment_id = f.id`)} AS items
      FROM fulfilments f WHERE f.order_id = ${orderId} ORDER BY f.created_at, f.id`,
  );
  return rows.map((r) => ({
    ...r,
    tracking_url:
      r.carrier && r.tracking_number
        ? (trackingUrl(r.carrier, r.tracking_number, r.tracking_url) ?? null)
        : null,
    items: json(r.items).map((i) => ({ ...i, quantity: Number(i.quantity) })),
  }));
}

/** The order's refunds, oldest first, with their lines. */
export async function loadRefunds(db: Db | Tx, orderId: string): Promise<Refund[]> {
  const rows = await queryRows<Omit<Refund, 'items'> & { items: Lines | string }>(
    db,
    sql`SELECT r.id, r.status, r.amount, r.currency, r.shipping_amount, r.tax_amount, r.reason, r.restock, r.provider,
        r.order_edit_id,
        ${isoTime(sql`r.created_at`)} AS created_at,
        ${linesJson(sql`refund_lines l`, sql`l.refund_id = r.id`)} AS items
      FROM refunds r WHERE r.order_id = ${orderId} ORDER BY r.created_at, r.id`,
  );
  return rows.map((r) => ({
    ...r,
    amount: Number(r.amount),
    shipping_amount: Number(r.shipping_amount),
    tax_amount: Number(r.tax_amount),
    items: json(r.items).map((i) => ({ ...i, quantity: Number(i.quantity) })),
  }));
}

/** Units of the order line `i` refunded: those marked on the line and those of its succeeded refunds. */
export const LINE_REFUNDED_QUANTITY = sql`(i.refunded_quantity + COALESCE((SELECT sum(rl.quantity) FROM refund_lines rl
  JOIN refunds r ON r.id = rl.refund_id WHERE rl.order_item_id = i.id AND r.status = 'succeeded'), 0))::int`;

/** Units of each order line the given refunds pay back, by order item id. */
export function refundedUnitsByLine(refunds: Refund[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of refunds) {
    for (const item of refund.items) {
      units.set(item.order_item_id, (units.get(item.order_item_id) ?? 0) + item.quantity);
    }
  }
  return units;
}

/**
 * Units of a line still to ship: ordered, less shipped, less refunded (the line's own refunded units
 * and `refundedUnits` of its refunds not failed). Refunded units come off the units not shipped yet
 * first: a refunded unit that never left is not sent (docs/product.md, "Orders: statuses and actions").
 */
export const fulfillableUnits = (
  line: { quantity: number; fulfilledQuantity: number; refundedQuantity: number },
  refundedUnits: number,
) => Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity - refundedUnits);

/** Σ of the order's succeeded refunds, and the refundable rest (the total less refunds not failed). */
export function refundTotals(refunds: Refund[], totalAmount: number) {
  const sum = (list: Refund[]) => list.reduce((s, r) => s + r.amount, 0);
  return {
    refunded_amount: sum(refunds.filter((r) => r.status === 'succeeded')),
    // An edit's refund already came off the total: it is not taken from what is left of it.
    refundable_amount: Math.max(
      0,
      totalAmount - sum(refunds.filter((r) => r.status !== 'failed' && r.order_edit_id === null)),
    ),
  };
}
