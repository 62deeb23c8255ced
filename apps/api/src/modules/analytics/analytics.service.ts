import type { Analytics, AnalyticsInterval } from '@cartwheel/shared/contracts/analytics';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import {
  type DashboardParams,
  type DateRange,
  resolveRanges,
  SOLD,
  salesFigures,
} from '../dashboard/dashboard.service.ts';
import { topCategories, topProducts } from './top-sellers.ts';

const DAY = 86_400_000;
const LOW_STOCK = 50;

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const inRange = (range: DateRange, column: SQL = sql`o.created_at`) =>
  sql`${column} >= ${iso(range.from)} AND ${column} < ${iso(range.to)}`;

/** A day for ranges up to 31 days, a week up to 120, else a month. */
export function defaultInterval(range: DateRange): AnalyticsInterval {
  const days = (range.to.getTime() - range.from.getTime()) / DAY;
  return days <= 31 ? 'day' : days <= 120 ? 'week' : 'month';
}

/** The UTC start of the bucket holding `date` (weeks start on Mondays). */
export function bucketStart(date: Date, interval: AnalyticsInterval): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (interval === 'day') return day;
  if (interval === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

function nextBucket(start: Date, interval: AnalyticsInterval): Date {
  if (interval === 'day') return new Date(start.getTime() + DAY);
  if (interval === 'week') return new Date(start.getTime() + 7 * DAY);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * Net sales and orders per bucket, every bucket of the range present (empty ones as 0). Whole days come
 * from the daily rollup the triggers keep (decision 0015), so a year is as cheap as a week; a bucket
 * counts the days that start in it. Net sales here: subtotal less refunded lines less discounts.
 */
async function salesSeries(db: Db, range: DateRange, interval: AnalyticsInterval) {
  const first = bucketStart(range.from, interval);
  const rows = await queryRows<{ bucket: string; net_sales: string | number; orders: string | number }>(
    db,
    sql`SELECT to_char(date_trunc(${interval}, d.day::timestamp), 'YYYY-MM-DD') AS bucket,
        COALESCE(sum(d.subtotal_amount - d.refunded_amount - d.discount_amount), 0)::bigint AS net_sales,
        COALESCE(sum(d.orders), 0)::bigint AS orders
      FROM order_sales_daily d
      WHERE d.day >= ${first.toISOString().slice(0, 10)}::date AND d.day < ${range.to.toISOString().slice(0, 10)}::date + 1
      GROUP BY 1`,
  );
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const points: Analytics['series'] = [];
  for (let at = first; at < range.to; at = nextBucket(at, interval)) {
    const key = at.toISOString().slice(0, 10);
    const row = byBucket.get(key);
    points.push({ bucket: key, net_sales: Number(row?.net_sales ?? 0), orders: Number(row?.orders ?? 0) });
  }
  return points;
}

/**
 * A buyer: the account, or a guest by the email they gave. orders.buyer_key stores the same value
 * (migration 0044); this expression is kept where orders_sold_buyer_key_idx, an index on it, serves.
 */
const BUYER = sql`COALESCE(o.customer_id::text, lower(o.customer_email))`;

/** How many index entries of a range's orders one lookup of a buyer's orders costs, about. */
const LOOKUP_COST = 8;

/**
 * Buyers with a sold order in the range: new are those whose first sold order is in it, read from
 * buyer_first_orders (kept by a trigger, decision 0032); the others return. Returning buyers are the
 * ones who first bought before the range and bought in it again: when they are few against the
 * range's orders (a year of a young shop), each is looked up in orders_sold_buyer_key_idx; else the
 * range's distinct buyers are read from orders_sold_buyers_idx alone, less the new. The range's orders
 * are counted from order_sales_daily. Orders with neither account nor email count as one new buyer.
 */
async function newAndReturning(db: Db, range: DateRange) {
  const sold = sql`${inRange(range)} AND ${SOLD}`;
  const day = (date: Date) => sql`${date.toISOString().slice(0, 10)}::date`;
  const [row] = await queryRows<{ new: number | string; returning: number | string }>(
    db,
    sql`WITH firsts AS (SELECT count(*) AS buyers FROM buyer_first_orders f
          WHERE ${inRange(range, sql`f.first_order_at`)}),
        earlier AS (SELECT f.buyer FROM buyer_first_orders f WHERE f.first_order_at < ${iso(range.from)}),
        plan AS (SELECT (SELECT count(*) FROM earlier) * ${LOOKUP_COST} < (SELECT COALESCE(sum(d.orders), 0)
          FROM order_sales_daily d WHERE d.day >= ${day(range.from)} AND d.day <= ${day(range.to)}) AS look_up)
      SELECT firsts.buyers + CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE ${BUYER} IS NULL AND ${sold})
          THEN 1 ELSE 0 END AS new,
        CASE WHEN plan.look_up
          THEN (SELECT count(*) FROM earlier e WHERE EXISTS (SELECT 1 FROM orders o WHERE ${BUYER} = e.buyer AND ${sold}))
          ELSE (SELECT count(*) FROM (SELECT DISTINCT ${BUYER} FROM orders o WHERE ${sold} AND ${BUYER} IS NOT NULL) b)
            - firsts.buyers
        END AS returning
      FROM firsts, plan`,
  );
  return { new: Number(row?.new ?? 0), returning: Number(row?.returning ?? 0) };
}

/**
 * Carts, checkouts and paid checkouts of the range, by shopper: a cart is a signed-in cart filled in the
 * range or any checkout started in it (a guest's cart lives in their browser until they check out).
 * The range's orders are read from orders_created_idx alone (it carries buyer_key and paid_at).
 */
async function conversion(db: Db, range: DateRange) {
  const [row] = await queryRows<{
    carts: number | string;
    checkouts: number | string;
    paid: number | string;
  }>(
    db,
    sql`WITH started AS (SELECT o.buyer_key AS buyer, bool_or(o.paid_at IS NOT NULL) AS paid
          FROM orders o WHERE ${inRange(range)} GROUP BY 1),
        carts AS (SELECT buyer FROM started UNION
          SELECT ci.user_id::text FROM cart_items ci WHERE ${inRange(range, sql`ci.created_at`)})
      SELECT (SELECT count(*) FROM carts) AS carts, (SELECT count(*) FROM started) AS checkouts,
        (SELECT count(*) FILTER (WHERE paid) FROM started) AS paid`,
  );
  return {
    carts: Number(row?.carts ?? 0),
    checkouts: Number(row?.checkouts ?? 0),
    paid: Number(row?.paid ?? 0),
  };
}

type LowRow = {
  product_id: string;
  variant_id: string | null;
  product_name: string;
  sku: string;
  inventory_level: number;
  warning_level: number;
};

/**
 * Live products without variants, and live variants, at or under their warning level: lowest stock
 * first, then by product name, a product's variants by their title. Each side walks its partial
 * low-stock index (migration 0038) in that order and stops after the first 50 and their ties, so
 * only those rows get a variant title, however many of the catalog's rows are low. Variants first:
 * the products side then stops at the stock level of the 50th variant (none above it can be shown,
 * and each needs a look-up to tell it has no variants), given as a number so that the plan fits it.
 */
async function lowStock(db: Db): Promise<Analytics['low_stock']> {
  const variants = await queryRows<LowRow>(
    db,
    sql`SELECT p.id AS product_id, v.id AS variant_id, p.name AS product_name, v.sku, v.inventory_level,
        v.inventory_warning_level AS warning_level
      FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.deleted_at IS NULL AND v.inventory_level <= v.inventory_warning_level
      ORDER BY v.inventory_level, p.name FETCH FIRST ${LOW_STOCK} ROWS WITH TIES`,
  );
  const cutoff =
    variants.length >= LOW_STOCK ? Math.max(...variants.map((v) => Number(v.inventory_level))) : null;
  const variantRows = variants.map(
    (v) =>
      sql`(${v.product_id}::uuid, ${v.variant_id}::uuid, ${v.product_name}::text, ${v.sku}::text, ${v.inventory_level}::int, ${v.warning_level}::int)`,
  );
  const rows = await queryRows<LowRow & { name: string }>(
    db,
    sql`WITH low (product_id, variant_id, product_name, sku, inventory_level, warning_level) AS (
        ${variantRows.length ? sql`VALUES ${sql.join(variantRows, sql`, `)} UNION ALL ` : sql``}
        (SELECT p.id, NULL::uuid, p.name, p.sku, p.inventory_level, p.inventory_warning_level
        FROM products p WHERE p.deleted_at IS NULL AND p.inventory_level <= p.inventory_warning_level
          ${cutoff === null ? sql`` : sql`AND p.inventory_level <= ${sql.raw(String(cutoff))}`}
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
        ORDER BY p.inventory_level, p.name FETCH FIRST ${LOW_STOCK} ROWS WITH TIES))
      SELECT l.product_id, l.variant_id, l.product_name || COALESCE(' · ' || t.title, '') AS name, l.sku,
        l.inventory_level, l.warning_level
      FROM low l LEFT JOIN product_variants v ON v.id = l.variant_id
        LEFT JOIN LATERAL (SELECT ${variantTitleSql('v')} AS title) t ON true
      ORDER BY l.inventory_level, l.product_name, t.title NULLS FIRST, l.sku LIMIT ${LOW_STOCK}`,
  );
  return rows.map((r) => ({
    product_id: r.product_id,
    variant_id: r.variant_id,
    name: r.name,
    sku: r.sku,
    inventory_level: Number(r.inventory_level),
    warning_level: Number(r.warning_level),
  }));
}

const averageOrderValue = (figures: { net_sales: number; orders: number }) =>
  figures.orders > 0 ? Math.round(figures.net_sales / figures.orders) : 0;

/** Every figure of the analytics screen, each from one SQL aggregate. */
export async function getAnalytics(
  db: Db,
  params: DashboardParams & { interval?: AnalyticsInterval | undefined },
  now = new Date(),
): Promise<Analytics> {
  const { range, compare } = resolveRanges(params, now);
  const interval = params.interval ?? defaultInterval(range);
  // Independent reads: on PostgreSQL each takes a connection of the pool, so they run side by side.
  const [[current, previous], series, previousSeries, products, categories, customers, funnel, low] =
    await Promise.all([
      salesFigures(db, [range, compare]),
      salesSeries(db, range, interval),
      salesSeries(db, compare, interval),
      topProducts(db, range),
      topCategories(db, range),
      newAndReturning(db, range),
      conversion(db, range),
      lowStock(db),
    ]);
  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    compare: { from: compare.from.toISOString(), to: compare.to.toISOString() },
    interval,
    current,
    previous,
    average_order_value: { current: averageOrderValue(current), previous: averageOrderValue(previous) },
    series,
    previous_series: previousSeries,
    top_products: products,
    top_categories: categories,
    customers,
    conversion: funnel,
    low_stock: low,
  };
}
