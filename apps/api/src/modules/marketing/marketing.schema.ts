import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

/** Addresses (lower-cased) that asked for no more marketing email, and when. */
export const marketingUnsubscribes = pgTable('marketing_unsubscribes', {
  email: text('email').primaryKey(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one recovery email per unpaid checkout (the unique order_id is the claim that makes it one),
 * its link's token as a SHA-256, and the paid order it recovered, if any.
 */
export const abandonedCheckoutEmails = pgTable(
  'abandoned_checkout_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    discountCode: text('discount_code'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    recoveredOrderId: uuid('recovered_order_id').references(() => orders.id, { onDelete: 'set null' }),
    recoveredAmount: integer('recovered_amount'),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
  },
  (t) => [
    unique('abandoned_checkout_emails_order_unique').on(t.orderId),
    unique('abandoned_checkout_emails_token_unique').on(t.tokenHash),
    unique('abandoned_checkout_emails_recovered_order_unique').on(t.recoveredOrderId),
    index('abandoned_checkout_emails_email_idx').on(sql`lower(${t.email})`, t.sentAt),
    index('abandoned_checkout_emails_recovered_idx')
      .on(t.recoveredAt)
      .where(sql`${t.recoveredAt} IS NOT NULL`),
  ],
);
