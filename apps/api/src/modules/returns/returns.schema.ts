import { RETURN_CONDITIONS, RETURN_REASONS, RETURN_STATUSES } from '@cartwheel/shared/contracts/returns';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { productVariants } from '../catalog/catalog.schema.ts';
import { refunds } from '../orders/after-sale.schema.ts';
import { orderEdits } from '../orders/order-edits.schema.ts';
import { orderItems, orders } from '../orders/orders.schema.ts';

/** The RMA numbers (R1001, R1002...): a sequence, never reused (migration 0076). */
export const returnNumberSeq = pgSequence('returns_return_number_seq', {
  startWith: 1001,
  increment: 1,
  minValue: 1,
  maxValue: 2147483647,
  cache: 1,
});

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A return the shopper asked for (docs/decisions/0086-returns.md): requested → approved or declined →
 * received → refunded, or closed. The label columns are what the carrier adapter answered; the
 * label link's token is kept only as its SHA-256.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnNumber: integer('return_number')
      .notNull()
      .default(sql`nextval('returns_return_number_seq'::regclass)`),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    note: text('note'),
    declineReason: text('decline_reason'),
    /** The account that asked; null for a guest with the order's signed link. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    labelCarrier: text('label_carrier'),
    labelTrackingNumber: text('label_tracking_number'),
    labelUrl: text('label_url'),
    labelTokenHash: text('label_token_hash'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    refundedTo: text('refunded_to', { enum: ['original_payment', 'store_credit'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    unique('returns_return_number_key').on(t.returnNumber),
    unique('returns_label_token_hash_key').on(t.labelTokenHash),
    check('returns_status_check', sql`${t.status} IN (${inList(RETURN_STATUSES)})`),
    check('returns_declined_check', sql`(${t.status} = 'declined') = (${t.declinedAt} IS NOT NULL)`),
    check(
      'returns_refunded_to_check',
      sql`${t.refundedTo} IS NULL OR ${t.refundedTo} IN ('original_payment', 'store_credit')`,
    ),
    index('returns_order_idx').on(t.orderId),
    index('returns_list_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** The units of one order line a return sends back, why, and on receipt their condition and restock. */
export const returnItems = pgTable(
  'return_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    condition: text('condition', { enum: RETURN_CONDITIONS }),
    restocked: boolean('restocked'),
    /** The variant of the same product asked for instead of money (an exchange), if any. */
    exchangeVariantId: uuid('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    /** Whether the exchange's units are taken from stock and held for it (from approval on). */
    exchangeReserved: boolean('exchange_reserved').notNull().default(false),
    /** On receipt: the order line the replacement ships as, and the edit settling the difference. */
    exchangeOrderItemId: uuid('exchange_order_item_id').references(() => orderItems.id, {
      onDelete: 'set null',
    }),
    exchangeEditId: uuid('exchange_edit_id').references(() => orderEdits.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('return_items_return_line_key').on(t.returnId, t.orderItemId),
    check('return_items_quantity_check', sql`${t.quantity} >= 1`),
    check('return_items_reason_check', sql`${t.reason} IN (${inList(RETURN_REASONS)})`),
    check(
      'return_items_condition_check',
      sql`${t.condition} IS NULL OR ${t.condition} IN (${inList(RETURN_CONDITIONS)})`,
    ),
    check('return_items_received_check', sql`(${t.condition} IS NULL) = (${t.restocked} IS NULL)`),
    index('return_items_order_item_idx').on(t.orderItemId),
  ],
);
