import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products } from '../catalog/catalog.schema.ts';
import { orders } from '../orders/orders.schema.ts';

/**
 * Product reviews (migration 0076, decision 0090): one per reviewer's email per product. Only
 * published reviews are shown; a change to one notifies its product's catalog tag (trigger).
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order that made the reviewer a verified buyer, when one did. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Lower-cased: the key of "one review per reviewer". */
    email: text('email').notNull(),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    verified: boolean('verified').notNull().default(false),
    status: text('status', { enum: ['pending', 'published', 'hidden'] })
      .notNull()
      .default('pending'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('product_reviews_status_check', sql`${t.status} IN ('pending', 'published', 'hidden')`),
    check('product_reviews_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'product_reviews_text_length_check',
      sql`char_length(${t.authorName}) BETWEEN 1 AND 60 AND char_length(${t.title}) BETWEEN 1 AND 120
        AND char_length(${t.body}) BETWEEN 1 AND 5000 AND char_length(coalesce(${t.reply}, '')) <= 2000`,
    ),
    uniqueIndex('product_reviews_one_per_reviewer_key').on(t.productId, t.email),
    index('product_reviews_published_idx')
      .on(t.productId, t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    index('product_reviews_status_idx').on(t.status, t.createdAt.desc()),
    index('product_reviews_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** The review request sent for a delivered order; the row is the claim, so each order gets one email. */
export const reviewRequests = pgTable('review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reviewer's photo (migration 0083): a re-encoded WebP, shown only with a published review and unless staff hid it. */
export const productReviewPhotos = pgTable(
  'product_review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_review_photos_size_check', sql`${t.width} > 0 AND ${t.height} > 0`),
    index('product_review_photos_review_idx').on(t.reviewId, t.createdAt),
  ],
);
