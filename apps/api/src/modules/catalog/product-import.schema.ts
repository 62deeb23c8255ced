import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.schema.ts';

/** Another shop's address of an imported product (a Shopify handle): /products/:handle redirects here. */
export const productHandles = pgTable(
  'product_handles',
  {
    handle: text('handle').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_handles_product_idx').on(t.productId)],
);

/** An image an import named by URL: fetched by the product-image-import job, stored like an upload. */
export const productImageImports = pgTable(
  'product_image_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    altText: text('alt_text'),
    position: integer('position').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_image_imports_product_idx').on(t.productId, t.position),
    check('product_image_imports_status_check', sql`${t.status} IN ('pending', 'done', 'failed')`),
  ],
);
