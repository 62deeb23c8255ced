import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A guest who bought: one record per lower-cased email, without a password or a user row (migration
 * 0069, decision 0081). The orders trigger makes and names it; their orders are found by email.
 */
export const guestCustomers = pgTable(
  'guest_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('guest_customers_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** A customer's tags, by lower-cased email, so a guest's tags stay with them when they make an account (decision 0092). */
export const customerTags = pgTable(
  'customer_tags',
  {
    email: text('email').notNull(),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.tag] }),
    index('customer_tags_tag_idx').on(t.tag),
    check('customer_tags_email_lower', sql`${t.email} = lower(${t.email})`),
    check('customer_tags_tag_check', sql`length(${t.tag}) BETWEEN 1 AND 40`),
  ],
);
