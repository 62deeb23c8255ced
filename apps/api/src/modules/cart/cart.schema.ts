import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

/**
 * A signed-in shopper's cart lines. One line per (user, product, variant), variant may be null; a gift
 * card's line with its recipient is one of its own (decision 0094).
 */
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
    giftCard: jsonb('gift_card').$type<GiftCardRecipient>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): a product without variant still gets a single line.
    uniqueIndex('cart_items_user_product_variant_key')
      .on(t.userId, t.productId, t.variantId)
      .where(sql`${t.giftCard} IS NULL`), // NULLS NOT DISTINCT in the migration
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
    index('cart_items_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
