import type {
  OrderDetail,
  OrderEvent,
  OrderList,
  OrderListItem,
  OrderSummary,
} from '@cartwheel/shared/contracts/orders';
import { GUEST_NAME } from '@cartwheel/shared/contracts/orders';
import { paymentReceivedText } from '@cartwheel/shared/payment-methods';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { profiles, users } from '../accounts/accounts.schema.ts';
import { orderTenders } from '../gift-cards/gift-cards.service.ts';
import {
  fulfillableUnits,
  loadFulfilments,
  loadRefunds,
  refundedUnitsByLine,
  refundTotals,
} from './after-sale.service.ts';
import { IS_PLACED } from './customer-figures.ts';
import {
  filterConditions,
  IS_ORDER,
  LIST_COLUMNS,
  type ListRow,
  type OrderFilters,
  orderBy,
  toListItem,
} from './order-sql.ts';
import { orderDiscounts, orderEvents, orderItems, orders, orderTaxLines } from './orders.schema.ts';

/** Shop-wide order counts for the summary cards, in one pass over the orders (not checkouts). */
export async function getOrderSummary(db: Db): Promise<OrderSummary> {
  const [row] = await queryRows<Record<keyof OrderSummary, number>>(
    db,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE status <> 'cancelled' AND fulfillment_status <> 'fulfilled')::int AS unfulfilled,
      count(*) FILTER (WHERE status <> 'cancelled' AND payment_status = 'unpaid')::int AS unpaid,
      count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
    FROM orders o WHERE ${IS_ORDER}`,
  );
  return {
    total: Number(row?.total ?? 0),
    unfulfilled: Number(row?.unfulfilled ?? 0),
    unpaid: Number(row?.unpaid ?? 0),
    delivered: Number(row?.delivered ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}

/** The back-office order list: filtered, sorted and paged in the database, with the summary counts. */
export async function listOrders(
  db: Db,
  params: OrderFilters & { page: number; limit: number },
): Promise<OrderList> {
  const where = filterConditions(params);
  const offset = (params.page - 1) * params.limit;
  const [countRow] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM orders o WHERE ${where}`,
  );
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${where}
      ORDER BY ${orderBy(params)} LIMIT ${params.limit} OFFSET ${offset}`,
  );
  return {
    items: rows.map(toListItem),
    total: Number(countRow?.total ?? 0),
    page: params.page,
    limit: params.limit,
    summary: await getOrderSummary(db),
  };
}

/**
 * The most recent placed orders of one customer (newest first), for the customer page: the orders
 * its figures count, as the shopper's own history lists them. A guest's are their orders by email
 * that no account holds.
 */
export async function listOrdersOfCustomer(
  db: Db,
  customer: { accountId: string } | { guestEmail: string },
  limit = 100,
): Promise<OrderListItem[]> {
  const who =
    'accountId' in customer
      ? sql`o.customer_id = ${customer.accountId}`
      : sql`o.customer_id IS NULL AND lower(o.customer_email) = ${customer.guestEmail}`;
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${who} AND ${IS_PLACED}
      ORDER BY o.created_at DESC, o.order_number DESC LIMIT ${limit}`,
  );
  return rows.map(toListItem);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Timeline events that record a payment: checkout's `payment_received`, the implied `paid`. */
const PAYMENT_EVENTS = new Set(['payment_received', 'paid']);

function customerOf(order: typeof orders.$inferSelect) {
  const name = [order.customerFirstName, order.customerLastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return {
    id: order.customerId,
    name: name || order.customerEmail || GUEST_NAME,
    first_name: order.customerFirstName,
    last_name: order.customerLastName,
    email: order.customerEmail,
  };
}

/** One order with its lines, customer, address, payment, fulfilment and timeline (newest first). */
export async function getOrderDetail(db: Db | Tx, orderId: string): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  // A checkout not paid yet is not an order: staff cannot open it.
  if (!order || order.orderNumber === null) throw notFound('order_not_found', 'Order not found');
  const discounts = await db
    .select()
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId))
    .orderBy(asc(orderDiscounts.position), asc(orderDiscounts.id));
  const taxLines = await db
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.position), asc(orderTaxLines.id));
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  const events = await db
    .select({
      event: orderEvents,
      actorEmail: users.email,
      actorFirstName: profiles.firstName,
      actorLastName: profiles.lastName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .leftJoin(profiles, eq(profiles.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.seq));

  const timeline: OrderEvent[] = events.map(({ event, actorEmail, actorFirstName, actorLastName }) => ({
    id: event.id,
    type: event.type,
    message: event.message,
    data: event.data ?? {},
    actor:
      event.actorId && actorEmail
        ? {
            id: event.actorId,
            name: `${actorFirstName ?? ''} ${actorLastName ?? ''}`.trim() || actorEmail,
            email: actorEmail,
          }
        : null,
    created_at: event.createdAt.toISOString(),
  }));
  // What the order's own dates say happened, for orders older than the timeline (e.g. the demo's):
  // only what the timeline does not already hold, so a payment shows once.
  const implied: OrderEvent[] = [
    {
      id: `placed:${order.id}`,
      type: 'placed',
      message: 'Order placed',
      data: {},
      actor: null,
      created_at: order.createdAt.toISOString(),
    },
  ];
  if (order.paidAt && !timeline.some((e) => PAYMENT_EVENTS.has(e.type))) {
    implied.push({
      id: `paid:${order.id}`,
      type: 'paid',
      message: paymentReceivedText(order.totalAmount, order.currency, order.paymentMethod),
      data: { amount: order.totalAmount, method: order.paymentMethod },
      actor: null,
      created_at: order.paidAt.toISOString(),
    });
  }
  if (order.cancelledAt && !timeline.some((e) => e.type === 'cancelled')) {
    implied.push({
      id: `cancelled:${order.id}`,
      type: 'cancelled',
      message: 'Order cancelled',
      data: {},
      actor: null,
      created_at: order.cancelledAt.toISOString(),
    });
  }
  const all = [...timeline, ...implied].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const refundList = await loadRefunds(db, orderId);
  const refundedUnits = refundedUnitsByLine(refundList.filter((r) => r.status === 'succeeded'));
  // Refunds under way hold their units too: they are not shipped while the provider pays them back.
  const heldUnits = refundedUnitsByLine(refundList.filter((r) => r.status !== 'failed'));
  // An edit's amount due the buyer has not paid yet is in the total but cannot be refunded.
  const [due] = await queryRows<{ amount: number }>(
    db,
    sql`SELECT COALESCE(sum(amount_due), 0)::int AS amount FROM order_edits
      WHERE order_id = ${orderId}::uuid AND status = 'awaiting_payment'`,
  );

  return {
    id: order.id,
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    payment_provider: order.paymentProvider,
    source: order.source,
    paid_at: iso(order.paidAt),
    cancelled_at: iso(order.cancelledAt),
    tax_exemption_number: order.taxExemptionNumber,
    payment_due_at: iso(order.paymentDueAt),
    fulfillment_status: order.fulfillmentStatus,
    shipping_method: order.shippingMethod,
    shipping_delivery_estimate: order.shippingDeliveryEstimate,
    subtotal_amount: order.subtotalAmount,
    discount_amount: order.discountAmount,
    shipping_amount: order.shippingAmount,
    tax_amount: order.taxAmount,
    tax_inclusive: order.taxInclusive,
    total_amount: order.totalAmount,
    currency: order.currency,
    discounts: discounts.map((d) => ({
      discount_id: d.discountId,
      code: d.code,
      title: d.title,
      kind: d.kind,
      amount: d.amount,
      shipping_amount: d.shippingAmount,
    })),
    tax_lines: taxLines.map((t) => ({
      name: t.name,
      rate_bps: t.rateBps,
      amount: t.amount,
      inclusive: t.inclusive,
    })),
    customer: customerOf(order),
    marketing_opt_in: order.marketingOptIn,
    shipping_address: order.shippingAddress ?? null,
    items: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      variant_id: l.variantId,
      product_name: l.productName,
      variant_title: l.variantTitle,
      product_sku: l.productSku,
      image_url: l.imageUrl,
      quantity: l.quantity,
      price_per_item: l.pricePerItem,
      cost_per_item: l.costPerItem,
      total_amount: l.totalAmount,
      discount_amount: l.discountAmount,
      tax_amount: l.taxAmount,
      fulfilled_quantity: l.fulfilledQuantity,
      refunded_quantity: l.refundedQuantity + (refundedUnits.get(l.id) ?? 0),
      fulfillable_quantity: fulfillableUnits(l, heldUnits.get(l.id) ?? 0),
      gift_card: l.giftCard ?? null,
    })),
    fulfilments: await loadFulfilments(db, orderId),
    refunds: refundList,
    ...refundTotals(refundList, order.totalAmount - Number(due?.amount ?? 0)),
    tenders: await orderTenders(db, orderId),
    timeline: all,
  };
}
