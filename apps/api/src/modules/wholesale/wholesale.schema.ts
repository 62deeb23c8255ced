import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, products, productVariants } from '../catalog/catalog.schema.ts';

/**
 * A group of wholesale customers: what its members pay (its price lists), the least they may order
 * (in the base currency's minor units, converted in other markets) and how long they have to pay
 * an invoice (null: they pay at checkout like anyone).
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    minOrderAmount: integer('min_order_amount'),
    paymentTermsDays: integer('payment_terms_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_groups_name_idx').on(sql`lower(${t.name})`),
    check('customer_groups_min_order_check', sql`${t.minOrderAmount} IS NULL OR ${t.minOrderAmount} > 0`),
    check(
      'customer_groups_terms_check',
      sql`${t.paymentTermsDays} IS NULL OR ${t.paymentTermsDays} BETWEEN 1 AND 365`,
    ),
  ],
);

/** A named set of prices for one group; every list of a group is in force, the lowest price wins. */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_lists_group_idx').on(t.groupId)],
);

/**
 * One price of a list: a fixed unit price in a currency for a variant (or a product without
 * variants), or a percentage off a product, a category or everything (no scope), from min_quantity
 * units of a line on.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull().default(1),
    price: integer('price'),
    currency: text('currency'),
    percentOffBps: integer('percent_off_bps'),
  },
  (t) => [
    index('price_list_entries_list_idx').on(t.priceListId),
    check('price_list_entries_quantity_check', sql`${t.minQuantity} >= 1`),
    check(
      'price_list_entries_kind_check',
      sql`(${t.price} IS NOT NULL AND ${t.price} >= 0 AND ${t.currency} ~ '^[A-Z]{3}$' AND ${t.percentOffBps} IS NULL AND ${t.productId} IS NOT NULL)
        OR (${t.price} IS NULL AND ${t.currency} IS NULL AND ${t.percentOffBps} BETWEEN 1 AND 10000)`,
    ),
    check(
      'price_list_entries_scope_check',
      sql`(${t.variantId} IS NULL OR ${t.productId} IS NOT NULL) AND (${t.categoryId} IS NULL OR ${t.productId} IS NULL)`,
    ),
  ],
);
