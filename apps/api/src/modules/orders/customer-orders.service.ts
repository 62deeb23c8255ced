import type {
  CustomerOrder,
  CustomerOrderDetail,
  CustomerShippingAddress,
} from '@cartwheel/shared/contracts/customer-orders';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { orderTenders } from '../gift-cards/gift-cards.service.ts';
import { LINE_REFUNDED_QUANTITY, loadFulfilments, loadRefunds, refundTotals } from './after-sale.service.ts';
import { IS_PLACED } from './customer-figures.ts';
import { ORDER_DISCOUNTS_JSON, ORDER_ITEM_COUNT, ORDER_TAX_LINES_JSON } from './order-sql.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrderRow {
  id: string;
  order_number: number;
  created_at: Date | string;
  updated_at: Date | string;
  paid_at: Date | string | null;
  status: CustomerOrder['status'];
  payment_status: CustomerOrder['payment_status'];
  payment_method: string | null;
  fulfillment_status: CustomerOrder['fulfillment_status'];
  shipping_method: string | null;
  shipping_delivery_estimate: string | null;
  subtotal_amount: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  tax_inclusive: boolean;
  total_amount: number;
  currency: string;
  item_count: number | string;
  shipping_address: CustomerShippingAddress | string | null;
  order_items: CustomerOrderDetail['order_items'] | string;
  discounts: CustomerOrderDetail['discounts'] | string;
  tax_lines: CustomerOrderDetail['tax_lines'] | string;
  tax_exemption_number?: string | null;
  payment_due_at?: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
// json columns come back parsed from both drivers; the guard keeps a driver that returns text working.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The shopper's view of the orders `o` matching `where` (also the guest's order page). */
export function orderSelect(where: SQL, detail: boolean) {
  const extra = detail
    ? sql`, 'fulfilled_quantity', i.fulfilled_quantity, 'refunded_quantity', ${LINE_REFUNDED_QUANTITY},
        'gift_card', i.gift_card`
    : sql``;
  const terms = detail ? sql`o.tax_exemption_number, o.payment_due_at,` : sql``;
  return sql`SELECT o.id, o.order_number, o.created_at, o.updated_at, o.paid_at, ${terms} o.status, o.payment_status,
      o.payment_method, o.fulfillment_status, o.shipping_method, o.shipping_delivery_estimate,
      o.subtotal_amount, o.discount_amount, o.shipping_amount, o.tax_amount, o.tax_inclusive, o.total_amount,
      o.currency, o.shipping_address, ${ORDER_ITEM_COUNT} AS item_count, ${ORDER_DISCOUNTS_JSON} AS discounts, ${ORDER_TAX_LINES_JSON} AS tax_lines,
      COALESCE((SELECT json_agg(json_build_object('id', i.id, 'product_id', i.product_id,
          'variant_id', i.variant_id, 'product_name', i.product_name, 'variant_title', i.variant_title,
          'product_sku', i.product_sku, 'image_url', i.image_url, 'quantity', i.quantity, 'price_per_item', i.price_per_item,
          'total_amount', i.total_amount, 'discount_amount', i.discount_amount, 'tax_amount', i.tax_amount
          ${extra}) ORDER BY i.created_at, i.product_name, i.id)
        FROM order_items i WHERE i.order_id = o.id), '[]'::json) AS order_items
    FROM orders o WHERE ${where}`;
}

export function toOrder(row: OrderRow) {
  const items = json(row.order_items);
  return {
    id: row.id,
    order_number: row.order_number,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    status: row.status,
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    fulfillment_status: row.fulfillment_status,
    shipping_method: row.shipping_method,
    shipping_delivery_estimate: row.shipping_delivery_estimate,
    subtotal_amount: row.subtotal_amount,
    discount_amount: row.discount_amount,
    shipping_amount: row.shipping_amount,
    tax_amount: row.tax_amount,
    tax_inclusive: row.tax_inclusive,
    total_amount: row.total_amount,
    currency: row.currency,
    shipping_address: row.shipping_address ? json(row.shipping_address) : null,
    discounts: json(row.discounts),
    tax_lines: json(row.tax_lines),
    item_count: Number(row.item_count),
    order_items: items,
  };
}

/** The signed-in shopper's placed orders, newest first, each with its lines. Scoped in SQL. */
export async function listCustomerOrders(db: Db, customerId: string): Promise<CustomerOrder[]> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`${orderSelect(sql`o.customer_id = ${customerId} AND ${IS_PLACED}`, false)}
      ORDER BY o.created_at DESC, o.id DESC`,
  );
  return rows.map((row) => {
    const order = toOrder(row);
    return {
      ...order,
      order_items: order.order_items.map(
        ({ fulfilled_quantity: _f, refunded_quantity: _r, ...item }) => item,
      ),
    };
  });
}

const orderNotFound = () => new AppError('not_found', 'order_not_found', 'Order not found');

/**
 * One of the shopper's orders with fulfilment and refunds per line. Another shopper's order, an
 * unknown id and a malformed id all answer the same 404: whether an order exists is not disclosed.
 */
export async function getCustomerOrder(
  db: Db,
  customerId: string,
  orderId: string,
): Promise<CustomerOrderDetail> {
  if (!UUID.test(orderId)) throw orderNotFound();
  const [row] = await queryRows<OrderRow>(
    db,
    orderSelect(sql`o.id = ${orderId} AND o.customer_id = ${customerId} AND ${IS_PLACED}`, true),
  );
  if (!row) throw orderNotFound();
  return toOrderDetail(db, row);
}

/** One order's page for the shopper (their account's or a guest link's): lines, shipments, refunds. */
export async function toOrderDetail(db: Db, row: OrderRow): Promise<CustomerOrderDetail> {
  const refunds = await loadRefunds(db, row.id);
  return {
    ...toOrder(row),
    paid_at: row.paid_at ? iso(row.paid_at) : null,
    tax_exemption_number: row.tax_exemption_number ?? null,
    payment_due_at: row.payment_due_at ? iso(row.payment_due_at) : null,
    fulfilments: await loadFulfilments(db, row.id),
    refunded_amount: refundTotals(refunds, row.total_amount).refunded_amount,
    tenders: await orderTenders(db, row.id),
  };
}
