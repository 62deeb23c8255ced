import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The analytics screen's top sellers: per UTC day, and again per UTC month, and per product (with the
 * name its lines carried), the lines, units (less refunded ones) and net sales (total less discounts
 * and refunded units) of the orders placed then that count as sold. Written only by the triggers on
 * orders and order_items (migration 0031, decision 0032), never by code.
 */
export const orderProductSales = pgTable(
  'order_product_sales',
  {
    grain: text('grain', { enum: ['day', 'month'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    lines: integer('lines').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    netSales: bigint('net_sales', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'order_product_sales_pk',
      columns: [t.grain, t.periodStart, t.productId, t.productName],
    }),
    check('order_product_sales_grain_check', sql`${t.grain} IN ('day', 'month')`),
  ],
);

/**
 * Each buyer's first order that counts as sold: the account's id, or a guest's lower-cased email.
 * Written only by the trigger on orders (migration 0031, decision 0032), never by code.
 */
export const buyerFirstOrders = pgTable(
  'buyer_first_orders',
  {
    buyer: text('buyer').primaryKey(),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('buyer_first_orders_first_idx').on(t.firstOrderAt)],
);

/**
 * The analytics screen's top categories: per UTC day and month and per category, the units and net
 * sales of its products' order_product_sales rows (the products in it now). Written only by the
 * triggers on order_product_sales and product_categories (migration 0039, decision 0032).
 */
export const orderCategorySales = pgTable(
  'order_category_sales',
  {
    grain: text('grain', { enum: ['day', 'month'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    categoryId: uuid('category_id').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    netSales: bigint('net_sales', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'order_category_sales_pk', columns: [t.grain, t.periodStart, t.categoryId] }),
    check('order_category_sales_grain_check', sql`${t.grain} IN ('day', 'month')`),
  ],
);

/**
 * Per product, the sum of its order_product_sales day rows' net sales where positive: at least its
 * net sales over any whole days. Top products walk products by it. Written only by the trigger on
 * order_product_sales (migration 0039, decision 0032).
 */
export const productSalesBounds = pgTable(
  'product_sales_bounds',
  {
    productId: uuid('product_id').primaryKey(),
    bound: bigint('bound', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('product_sales_bounds_bound_idx').on(t.bound.desc(), t.productId)],
);
