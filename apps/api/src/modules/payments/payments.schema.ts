import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

export const paymentSessionStatusEnum = pgEnum('payment_session_status', [
  'open',
  'paid',
  'expired',
  'cancelled',
]);

/**
 * Sessions of the built-in `local` payment provider (the offline hosted card page at /pay/:id).
 * The id is an unguessable token: whoever holds the link can see the page, as with a hosted checkout.
 * Status moves only from `open`, by conditional updates, so paying and expiring cannot both win.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: paymentSessionStatusEnum('status').notNull().default('open'),
    paymentMethod: text('payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Where the page returns after paying; null: the order's receipt. */
    successUrl: text('success_url'),
  },
  (t) => [
    check('payment_sessions_amount_check', sql`${t.amount} >= 0`),
    check('payment_sessions_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('payment_sessions_order_idx').on(t.orderId),
  ],
);

/**
 * Refunds the built-in `local` provider made: its own record, as a real provider keeps one. The
 * idempotency key makes a retried refund answer the first one instead of paying twice.
 */
export const localPaymentRefunds = pgTable(
  'local_payment_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    id: text('id').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('local_payment_refunds_amount_check', sql`${t.amount} > 0`),
    check('local_payment_refunds_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
