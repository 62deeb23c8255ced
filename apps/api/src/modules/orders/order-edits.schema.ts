import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { orders } from './orders.schema.ts';

/** One change of an edit, as the timeline and the email tell it. */
export interface OrderEditChange {
  kind: 'added' | 'removed' | 'quantity' | 'shipping';
  name: string;
  from: number | string | null;
  to: number | string | null;
}

/**
 * The committed edits of placed orders (decision 0087): the totals before and after in the order's
 * currency, and what the buyer owes for it. `committed` settled nothing or refunded the difference;
 * `awaiting_payment` waits for the signed payment link to be paid; `paid` it was.
 */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['committed', 'awaiting_payment', 'paid'] })
      .notNull()
      .default('committed'),
    currency: text('currency').notNull(),
    totalBefore: integer('total_before').notNull(),
    totalAfter: integer('total_after').notNull(),
    amountDue: integer('amount_due').notNull().default(0),
    changes: jsonb('changes').$type<OrderEditChange[]>().notNull().default([]),
    /** The amount due's payment session, its provider and its page (while it may be paid). */
    paymentProvider: text('payment_provider'),
    paymentSessionId: text('payment_session_id'),
    paymentUrl: text('payment_url'),
    paymentReference: text('payment_reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('order_edits_status_check', sql`${t.status} IN ('committed', 'awaiting_payment', 'paid')`),
    check(
      'order_edits_amounts_check',
      sql`${t.totalBefore} >= 0 AND ${t.totalAfter} >= 0 AND ${t.amountDue} >= 0`,
    ),
    check('order_edits_due_check', sql`(${t.status} = 'committed') = (${t.amountDue} = 0)`),
    check('order_edits_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
    check('order_edits_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('order_edits_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_edits_awaiting_idx').on(t.orderId).where(sql`${t.status} = 'awaiting_payment'`),
  ],
);
