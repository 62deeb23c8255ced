import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@cartwheel/shared/constants';
import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const fulfillmentStatusEnum = pgEnum('fulfillment_status', FULFILLMENT_STATUSES);

export type { ShippingAddress };

/**
 * Orders. Amounts in cents. `order_number` is the human number from an identity sequence;
 * `payment_session_id` is unique so a payment can create or complete at most one order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: integer('order_number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('unpaid'),
    paymentMethod: text('payment_method'),
    fulfillmentStatus: fulfillmentStatusEnum('fulfillment_status').notNull().default('unfulfilled'),
    shippingMethod: text('shipping_method'),
    subtotalAmount: integer('subtotal_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    // Orders outlive their customer's account: the snapshot below keeps name and email.
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    customerFirstName: text('customer_first_name'),
    customerLastName: text('customer_last_name'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    paymentProvider: text('payment_provider'),
    paymentSessionId: text('payment_session_id').unique(),
    // Unpaid orders hold reserved stock until this moment; then they are cancelled and stock returns.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The dashboard's per-line figures of this order, summed over its lines. Written only by the
    // trigger on order_items (decision 0015), never by code: always equal to the lines.
    /** Σ refunded_quantity × price_per_item. */
    linesRefundedAmount: bigint('lines_refunded_amount', { mode: 'number' }).notNull().default(0),
    /** Σ (quantity − refunded_quantity) × price_per_item over the lines that have a cost. */
    linesSalesWithCost: bigint('lines_sales_with_cost', { mode: 'number' }).notNull().default(0),
    /** Σ (quantity − refunded_quantity) × cost_per_item over the lines that have a cost. */
    linesCostOfGoods: bigint('lines_cost_of_goods', { mode: 'number' }).notNull().default(0),
    /** Σ (quantity − refunded_quantity). */
    linesItemsSold: integer('lines_items_sold').notNull().default(0),
    /** Σ (quantity − refunded_quantity) over the lines that have a cost. */
    linesItemsWithCost: integer('lines_items_with_cost').notNull().default(0),
  },
  (t) => [
    check(
      'orders_amounts_check',
      sql`${t.subtotalAmount} >= 0 AND ${t.shippingAmount} >= 0 AND ${t.taxAmount} >= 0 AND ${t.totalAmount} >= 0`,
    ),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    // Back-office order search (customer name or email, case-insensitive substring): one trigram
    // index over the same expression the search uses (order-sql.ts ORDER_SEARCH_TEXT).
    index('orders_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.customerFirstName}, '') || ' ' || coalesce(${t.customerLastName}, '') || ' ' || coalesce(${t.customerEmail}, '')) gin_trgm_ops`,
    ),
    index('orders_total_idx').on(t.totalAmount),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending' AND ${t.paymentStatus} = 'unpaid'`),
  ],
);

/** Order lines: a snapshot of what was bought and at what price, independent of later catalog edits. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variantTitle: text('variant_title'),
    productSku: text('product_sku').notNull(),
    quantity: integer('quantity').notNull(),
    pricePerItem: integer('price_per_item').notNull(),
    costPerItem: integer('cost_per_item'),
    totalAmount: integer('total_amount').notNull(),
    fulfilledQuantity: integer('fulfilled_quantity').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_amounts_check', sql`${t.pricePerItem} >= 0 AND ${t.totalAmount} >= 0`),
    check(
      'order_items_fulfilled_refunded_check',
      sql`${t.fulfilledQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.refundedQuantity} BETWEEN 0 AND ${t.quantity}`,
    ),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * An order's timeline: one row per change (status, fulfilment, cancellation...), newest last.
 * `type` is a short machine word (`status_changed`, `fulfilled`, `cancelled`); `message` the sentence
 * staff read; `data` the details (from/to status, quantities). The actor stays null for the system.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // clock_timestamp(), not now(): the time each event was written, even within one transaction.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    // The order events were written in: two events can share a timestamp (clock resolution), never a seq.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('order_events_order_created_idx').on(t.orderId, t.createdAt),
    index('order_events_order_seq_idx').on(t.orderId, t.seq),
  ],
);

/**
 * The dashboard's sales figures per UTC day: sums over the orders placed that day (`created_at` at
 * UTC) that count as sold, paid and not cancelled. A day is the sum of its rows: each order adds to
 * the row of its slot (order_number % 16), so concurrent payments rarely wait for one another's row
 * lock. Written only by the trigger on orders, in the transaction that changes an order (decision
 * 0015), never by code: always equal to those sums.
 */
export const orderSalesDaily = pgTable(
  'order_sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
    subtotalAmount: bigint('subtotal_amount', { mode: 'number' }).notNull().default(0),
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull().default(0),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    salesWithCost: bigint('sales_with_cost', { mode: 'number' }).notNull().default(0),
    costOfGoods: bigint('cost_of_goods', { mode: 'number' }).notNull().default(0),
    itemsSold: bigint('items_sold', { mode: 'number' }).notNull().default(0),
    itemsWithCost: bigint('items_with_cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);
