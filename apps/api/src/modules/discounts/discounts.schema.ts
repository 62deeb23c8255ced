import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

/**
 * A discount: with a code the shopper enters, or automatic (no code) for every cart it qualifies for.
 * `times_used` counts paid orders, `times_held` checkouts not paid yet; a use is taken only while
 * their sum is under `usage_limit` (redemptions.ts). Decision 0020.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    code: text('code'),
    kind: text('kind', { enum: ['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y'] }).notNull(),
    target: text('target', { enum: ['order', 'products'] })
      .notNull()
      .default('order'),
    percentBps: integer('percent_bps'),
    amountCents: integer('amount_cents'),
    /** The currency of amount_cents and min_subtotal_cents: the base currency when it was written. */
    currency: text('currency').notNull().default('USD'),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    getPercentBps: integer('get_percent_bps'),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    minSubtotalCents: integer('min_subtotal_cents'),
    minQuantity: integer('min_quantity'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    combinable: boolean('combinable').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    timesUsed: integer('times_used').notNull().default(0),
    timesHeld: integer('times_held').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_code_key').on(sql`upper(${t.code})`).where(sql`${t.code} IS NOT NULL`),
    index('discounts_automatic_idx').on(t.createdAt).where(sql`${t.code} IS NULL AND ${t.isActive}`),
    check(
      'discounts_kind_check',
      sql`${t.kind} IN ('percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y')`,
    ),
    check('discounts_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('discounts_target_check', sql`${t.target} IN ('order', 'products')`),
    check(
      'discounts_values_check',
      sql`(${t.percentBps} IS NULL OR ${t.percentBps} BETWEEN 1 AND 10000) AND (${t.getPercentBps} IS NULL OR ${t.getPercentBps} BETWEEN 1 AND 10000) AND (${t.amountCents} IS NULL OR ${t.amountCents} >= 0) AND (${t.minSubtotalCents} IS NULL OR ${t.minSubtotalCents} >= 0) AND (${t.buyQuantity} IS NULL OR ${t.buyQuantity} >= 1) AND (${t.getQuantity} IS NULL OR ${t.getQuantity} >= 1) AND (${t.minQuantity} IS NULL OR ${t.minQuantity} >= 1) AND (${t.usageLimit} IS NULL OR ${t.usageLimit} >= 1)`,
    ),
    check(
      'discounts_kind_fields_check',
      sql`(${t.kind} <> 'percentage' OR ${t.percentBps} IS NOT NULL) AND (${t.kind} <> 'fixed_amount' OR ${t.amountCents} > 0) AND (${t.kind} <> 'buy_x_get_y' OR (${t.buyQuantity} IS NOT NULL AND ${t.getQuantity} IS NOT NULL))`,
    ),
    check(
      'discounts_dates_check',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
    check('discounts_uses_check', sql`${t.timesUsed} >= 0 AND ${t.timesHeld} >= 0`),
  ],
);

/**
 * One use of a discount by one checkout: `held` while it waits for payment (deleted when the checkout
 * is cancelled or expires, giving the use back), `confirmed` once paid. `once_per_customer` copies the
 * discount's rule so the unique indexes refuse a second use by the same account or email.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id'),
    email: text('email'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    status: text('status', { enum: ['held', 'confirmed'] })
      .notNull()
      .default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discount_redemptions_status_check', sql`${t.status} IN ('held', 'confirmed')`),
    uniqueIndex('discount_redemptions_order_key').on(t.discountId, t.orderId),
    index('discount_redemptions_order_idx').on(t.orderId),
    uniqueIndex('discount_redemptions_once_email_key')
      .on(t.discountId, t.email)
      .where(sql`${t.oncePerCustomer} AND ${t.email} IS NOT NULL`),
    uniqueIndex('discount_redemptions_once_customer_key')
      .on(t.discountId, t.customerId)
      .where(sql`${t.oncePerCustomer} AND ${t.customerId} IS NOT NULL`),
  ],
);
