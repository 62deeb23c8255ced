import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

/** One wishlist per shopper, made with its first item; the share token opens its read-only page. */
export const wishlists = pgTable('wishlists', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique('wishlists_user_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  shareToken: text('share_token').notNull().unique('wishlists_share_token_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a wishlist holds: one row per (product, variant), variant may be null. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wishlistId: uuid('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wishlist_items_item_key').on(t.wishlistId, t.productId, t.variantId).nullsNotDistinct(),
    index('wishlist_items_list_idx').on(t.wishlistId, t.createdAt),
    index('wishlist_items_product_idx').on(t.productId),
  ],
);
