import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

/** A signed-in shopper's cart lines. One line per (user, product, variant), variant may be null. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): a product without variant still gets a single line.
    unique('cart_items_user_product_variant_key').on(t.userId, t.productId, t.variantId).nullsNotDistinct(),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
    index('cart_items_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
