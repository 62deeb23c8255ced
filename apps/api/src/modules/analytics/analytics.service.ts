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
  splitAtDays,
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

// A line's figures on this screen: its units less the refunded ones, its total less discounts and
// refunded units. The same expressions as the trigger that keeps order_product_sales (migration 0031).
const LINE_UNITS = sql`i.quantity - i.refunded_quantity`;
const LINE_NET_SALES = sql`i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item`;

type Seller = { id: string; name: string; units: number; net_sales: number };

/**
 * Whole UTC days [from, to) as the rollup's periods: the whole months in between, and the days
 * before the first and after the last of them.
 */
export function splitAtMonths(days: DateRange): { grain: 'day' | 'month'; from: Date; to: Date }[] {
  const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const last = monthStart(days.to);
  let first = monthStart(days.from);
  if (first < days.from) first = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
  if (first >= last) return [{ grain: 'day', ...days }];
  return [
    { grain: 'day' as const, from: days.from, to: first },
    { grain: 'month' as const, from: first, to: last },
    { grain: 'day' as const, from: last, to: days.to },
  ].filter((part) => part.from < part.to);
}

/**
 * Products and categories by net sales of their sold lines in the range (refunded units left out), the
 * top ones of each, in one statement. Whole UTC months and days come from order_product_sales, kept by
 * triggers (decision 0032), so a year reads a row per product and month (and day at its ends) instead
 * of every order line; the parts of a day at either end from the lines of the orders placed then. A
 * category adds up its products.
 */
async function topSellers(db: Db, range: DateRange): Promise<{ products: Seller[]; categories: Seller[] }> {
  const split = splitAtDays(range);
  const day = (date: Date) => sql`${date.toISOString().slice(0, 10)}::date`;
  const parts = [
    ...(split.days ? splitAtMonths(split.days) : []).map(
      (part) => sql`SELECT s.product_id, s.product_name, s.units, s.net_sales FROM order_product_sales s
        WHERE s.grain = ${part.grain} AND s.period_start >= ${day(part.from)} AND s.period_start < ${day(part.to)}
          AND s.lines <> 0`,
    ),
    ...split.orders.map(
      (part) => sql`SELECT i.product_id, i.product_name, ${LINE_UNITS}, ${LINE_NET_SALES}
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE ${inRange(part)} AND ${SOLD} AND i.product_id IS NOT NULL`,
    ),
  ];
  const rows = await queryRows<{
    kind: 'product' | 'category';
    id: string;
    name: string;
    units: string | number;
    net_sales: string | number;
  }>(
    db,
    sql`WITH lines (product_id, product_name, units, net_sales) AS (${sql.join(parts, sql` UNION ALL `)}),
        products AS (SELECT product_id AS id, max(product_name) AS name, sum(units) AS units,
          sum(net_sales) AS net_sales FROM lines GROUP BY product_id)
      (SELECT 'product' AS kind, id, name, units::bigint AS units, net_sales::bigint AS net_sales FROM products
        WHERE units > 0 ORDER BY net_sales DESC, units DESC, name LIMIT ${TOP})
      UNION ALL
      (SELECT 'category', c.id, c.name, sum(p.units)::bigint, sum(p.net_sales)::bigint
        FROM products p JOIN product_categories pc ON pc.product_id = p.id JOIN categories c ON c.id = pc.category_id
        GROUP BY c.id, c.name HAVING sum(p.units) > 0
        ORDER BY 5 DESC, 4 DESC, 3 LIMIT ${TOP})`,
  );
  const of = (kind: 'product' | 'category') =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, name: r.name, units: Number(r.units), net_sales: Number(r.net_sales) }));
  return { products: of('product'), categories: of('category') };
}

/** A buyer: the account, or a guest by the email they gave. */
const BUYER = sql`COALESCE(o.customer_id::text, lower(o.customer_email))`;

/**
 * Buyers with a sold order in the range: new are those whose first sold order is in it, read from
 * buyer_first_orders (kept by a trigger, decision 0032); the others return. The range's buyers come
 * from orders_sold_buyers_idx alone. Orders with neither account nor email count as one new buyer.
 */
async function newAndReturning(db: Db, range: DateRange) {
  const [row] = await queryRows<{ new: number | string; returning: number | string }>(
    db,
    sql`WITH active AS (SELECT count(DISTINCT ${BUYER}) AS buyers, bool_or(${BUYER} IS NULL) AS anonymous
          FROM orders o WHERE ${inRange(range)} AND ${SOLD}),
        firsts AS (SELECT count(*) AS buyers FROM buyer_first_orders f
          WHERE ${inRange(range, sql`f.first_order_at`)})
      SELECT firsts.buyers + CASE WHEN active.anonymous THEN 1 ELSE 0 END AS new,
        active.buyers - firsts.buyers AS returning
      FROM active, firsts`,
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

/**
 * Live products without variants, and live variants, at or under their warning level: lowest stock
 * first, then by product name, a product's variants by their title. Each side walks its partial
 * low-stock index (migration 0038) in that order and stops after the first 50 and their ties, so
 * only those rows get a variant title, however many of the catalog's rows are low.
 */
function lowStock(db: Db) {
  return queryRows<Analytics['low_stock'][number]>(
    db,
    sql`WITH low AS (
        (SELECT p.id AS product_id, NULL::uuid AS variant_id, p.name AS product_name, p.sku, p.inventory_level,
          p.inventory_warning_level AS warning_level
        FROM products p WHERE p.deleted_at IS NULL AND p.inventory_level <= p.inventory_warning_level
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
        ORDER BY p.inventory_level, p.name FETCH FIRST ${LOW_STOCK} ROWS WITH TIES)
        UNION ALL
        (SELECT p.id, v.id, p.name, v.sku, v.inventory_level, v.inventory_warning_level
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE p.deleted_at IS NULL AND v.inventory_level <= v.inventory_warning_level
        ORDER BY v.inventory_level, p.name FETCH FIRST ${LOW_STOCK} ROWS WITH TIES))
      SELECT l.product_id, l.variant_id, l.product_name || COALESCE(' · ' || t.title, '') AS name, l.sku,
        l.inventory_level, l.warning_level
      FROM low l LEFT JOIN product_variants v ON v.id = l.variant_id
        LEFT JOIN LATERAL (SELECT ${variantTitleSql('v')} AS title) t ON true
      ORDER BY l.inventory_level, l.product_name, t.title NULLS FIRST, l.sku LIMIT ${LOW_STOCK}`,
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
  const [[current, previous], series, previousSeries, sellers, customers, funnel, low] = await Promise.all([
    salesFigures(db, [range, compare]),
    salesSeries(db, range, interval),
    salesSeries(db, compare, interval),
    topSellers(db, range),
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
    top_products: sellers.products,
    top_categories: sellers.categories,
    customers,
    conversion: funnel,
    low_stock: low.map((r) => ({
      ...r,
      inventory_level: Number(r.inventory_level),
      warning_level: Number(r.warning_level),
    })),
  };
}
