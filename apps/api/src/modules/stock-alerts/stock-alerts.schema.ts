import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

/**
 * "Email me when it's back": one row per address and item (the variant, or a product without
 * variants), waiting until a restock emails it once (notified) or an unsubscribe ends it (cancelled).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The storefront's locale when asked: the email's language and links. */
    locale: text('locale'),
    status: text('status').notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_alerts_status_check', sql`${t.status} IN ('waiting', 'notified', 'cancelled')`),
    // A variant's id and a product's are never equal, so coalesce(variant_id, product_id) names the item.
    uniqueIndex('stock_alerts_waiting_key')
      .on(sql`coalesce(${t.variantId}, ${t.productId})`, t.email)
      .where(sql`${t.status} = 'waiting'`),
    index('stock_alerts_queue_idx')
      .on(sql`coalesce(${t.variantId}, ${t.productId})`, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('stock_alerts_product_idx').on(t.productId),
    index('stock_alerts_variant_idx').on(t.variantId).where(sql`${t.variantId} IS NOT NULL`),
  ],
);

/**
 * The change of stock each transaction made to an item someone waits for (written by a trigger),
 * until the job takes it: a transaction's net rise is stock that came back.
 */
export const stockAlertRestocks = pgTable(
  'stock_alert_restocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The net change, which a transaction that only moved units between locations leaves at 0. */
    units: integer('units').notNull(),
    /** The writing transaction (txid_current()): its changes add up in one row. */
    tx: bigint('tx', { mode: 'number' }).default(sql`txid_current()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_alert_restocks_tx_key').on(t.tx, sql`coalesce(${t.variantId}, ${t.productId})`),
    index('stock_alert_restocks_item_idx').on(sql`coalesce(${t.variantId}, ${t.productId})`),
    index('stock_alert_restocks_variant_idx').on(t.variantId).where(sql`${t.variantId} IS NOT NULL`),
  ],
);
