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

const DAY = 86_400_000;
const TOP = 10;
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

/** Products or categories by net sales of their sold lines in the range (refunded units left out). */
function topSellers(db: Db, range: DateRange, by: 'product' | 'category') {
  const units = sql`sum(i.quantity - i.refunded_quantity)`;
  const sales = sql`sum(i.total_amount - i.discount_amount - i.refunded_quantity * i.price_per_item)`;
  const source =
    by === 'product'
      ? sql`SELECT i.product_id AS id, max(i.product_name) AS name, ${units} AS units, ${sales} AS net_sales
          FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE ${inRange(range)} AND ${SOLD} AND i.product_id IS NOT NULL GROUP BY i.product_id`
      : sql`SELECT c.id, c.name, ${units} AS units, ${sales} AS net_sales
          FROM order_items i JOIN orders o ON o.id = i.order_id
          JOIN product_categories pc ON pc.product_id = i.product_id JOIN categories c ON c.id = pc.category_id
          WHERE ${inRange(range)} AND ${SOLD} GROUP BY c.id, c.name`;
  return queryRows<{ id: string; name: string; units: number | string; net_sales: number | string }>(
    db,
    sql`SELECT id, name, units::bigint AS units, net_sales::bigint AS net_sales FROM (${source}) t
      WHERE units > 0 ORDER BY net_sales DESC, units DESC, name LIMIT ${TOP}`,
  ).then((rows) => rows.map((r) => ({ ...r, units: Number(r.units), net_sales: Number(r.net_sales) })));
}

/** A buyer: the account, or a guest by the email they gave. */
const BUYER = sql`COALESCE(o.customer_id::text, lower(o.customer_email))`;

/**
 * Buyers with a sold order in the range: those whose first sold order is in it, and the others. The
 * earlier buyers are read in one pass and joined (a lookup per buyer has no index to use: the buyer is
 * an expression, and it scanned every order once per buyer).
 */
async function newAndReturning(db: Db, range: DateRange) {
  const [row] = await queryRows<{ new: number | string; returning: number | string }>(
    db,
    sql`WITH buyers AS (SELECT DISTINCT ${BUYER} AS buyer FROM orders o WHERE ${inRange(range)} AND ${SOLD}),
        earlier AS (SELECT DISTINCT ${BUYER} AS buyer FROM orders o
          WHERE o.created_at < ${iso(range.from)} AND ${SOLD})
      SELECT count(*) FILTER (WHERE e.buyer IS NULL) AS new, count(*) FILTER (WHERE e.buyer IS NOT NULL) AS returning
      FROM buyers b LEFT JOIN earlier e ON e.buyer = b.buyer`,
  );
  return { new: Number(row?.new ?? 0), returning: Number(row?.returning ?? 0) };
}

/**
 * Carts, checkouts and paid checkouts of the range, by shopper: a cart is a signed-in cart filled in the
 * range or any checkout started in it (a guest's cart lives in their browser until they check out).
 */
async function conversion(db: Db, range: DateRange) {
  const [row] = await queryRows<{
    carts: number | string;
    checkouts: number | string;
    paid: number | string;
  }>(
    db,
    sql`WITH started AS (SELECT ${BUYER} AS buyer, bool_or(o.paid_at IS NOT NULL) AS paid
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

/** Live products without variants, and live variants, at or under their warning level. */
function lowStock(db: Db) {
  return queryRows<Analytics['low_stock'][number]>(
    db,
    sql`SELECT * FROM (
        SELECT p.id AS product_id, NULL::uuid AS variant_id, p.name, p.sku, p.inventory_level,
          p.inventory_warning_level AS warning_level
        FROM products p WHERE p.deleted_at IS NULL AND p.inventory_level <= p.inventory_warning_level
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
        UNION ALL
        SELECT p.id, v.id, p.name || COALESCE(' · ' || ${variantTitleSql('v')}, ''), v.sku, v.inventory_level,
          v.inventory_warning_level
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE p.deleted_at IS NULL AND v.inventory_level <= v.inventory_warning_level
      ) s ORDER BY inventory_level, name LIMIT ${LOW_STOCK}`,
  );
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
      topSellers(db, range, 'product'),
      topSellers(db, range, 'category'),
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
    low_stock: low.map((r) => ({
      ...r,
      inventory_level: Number(r.inventory_level),
      warning_level: Number(r.warning_level),
    })),
  };
}
