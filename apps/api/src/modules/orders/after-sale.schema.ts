import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { stockLocations } from '../locations/locations.schema.ts';
import { orderEdits } from './order-edits.schema.ts';
import { orderItems, orders } from './orders.schema.ts';

/**
 * An order's shipments. `carrier` is a listed carrier's id or `other` (then `carrier_name` is what
 * staff typed); a carrier and a tracking number go together, or neither (no tracking). The tracking
 * link is built from them when read (carriers.ts), except `tracking_url` given for another carrier.
 */
export const fulfilments = pgTable(
  'fulfilments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier'),
    carrierName: text('carrier_name'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Where it ships from (decision 0095). */
    locationId: uuid('location_id').references(() => stockLocations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('fulfilments_tracking_check', sql`(${t.carrier} IS NULL) = (${t.trackingNumber} IS NULL)`),
    index('fulfilments_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** The units of each order line a shipment carried. */
export const fulfilmentLines = pgTable(
  'fulfilment_lines',
  {
    fulfilmentId: uuid('fulfilment_id')
      .notNull()
      .references(() => fulfilments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fulfilmentId, t.orderItemId] }),
    check('fulfilment_lines_quantity_check', sql`${t.quantity} >= 1`),
    index('fulfilment_lines_item_idx').on(t.orderItemId),
  ],
);

/**
 * Money given back to the shopper, a record of its own (docs/decisions/0026-fulfilments-and-refunds.md). A refund is
 * written `pending` under the order's row lock before the payment provider is asked, so it counts
 * against what is left to refund while the provider works; then it `succeeded` or `failed`.
 * `shipping_amount` and `tax_amount` are the parts of `amount` for shipping and added tax.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    amount: integer('amount').notNull(),
    /** The order's currency: a refund goes back in the currency the order was paid in. */
    currency: text('currency').notNull(),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    reason: text('reason').notNull(),
    restock: boolean('restock').notNull().default(false),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** What of `amount` the payment provider pays (null: all); the rest goes to gift cards or store credit. */
    providerAmount: integer('provider_amount'),
    /** All of it given as the customer's store credit instead of the order's tenders. */
    toStoreCredit: boolean('to_store_credit').notNull().default(false),
    /** The order edit whose lower total this refund paid back; null for any other refund. */
    orderEditId: uuid('order_edit_id').references(() => orderEdits.id, { onDelete: 'set null' }),
    failure: text('failure'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** Where the dashboard counted it (written only by the trigger, migration 0021), or null. */
    salesDay: date('sales_day', { mode: 'string' }),
    salesSlot: smallint('sales_slot'),
    /** The goods it took off that day, in the base currency (the same trigger, decision 0070). */
    salesAmount: bigint('sales_amount', { mode: 'number' }),
  },
  (t) => [
    check('refunds_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check(
      'refunds_amounts_check',
      sql`${t.amount} > 0 AND ${t.shippingAmount} >= 0 AND ${t.taxAmount} >= 0 AND ${t.shippingAmount} + ${t.taxAmount} <= ${t.amount}`,
    ),
    check('refunds_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('refunds_succeeded_check', sql`(${t.status} = 'succeeded') = (${t.succeededAt} IS NOT NULL)`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_succeeded_idx').on(t.succeededAt).where(sql`${t.status} = 'succeeded'`),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The units of each line a refund paid back, and what it paid for them (tax included). */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    check('refund_lines_amounts_check', sql`${t.quantity} >= 1 AND ${t.amount} >= 0`),
    index('refund_lines_item_idx').on(t.orderItemId),
  ],
);
