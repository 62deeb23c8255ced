import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { type DateRange, SOLD, splitAtDays } from '../dashboard/dashboard.service.ts';
import { inBaseCurrency } from '../orders/order-sql.ts';

const TOP = 10;
/** Candidates of top products read per statement, and how many statements before adding up all. */
const BATCH = 100;
const MAX_BATCHES = 5;

export type Seller = { id: string; name: string; units: number; net_sales: number };
type Period = { grain: 'day' | 'month'; from: Date; to: Date };

// A line's figures on this screen: its units less the refunded ones, its total less discounts and
// refunded units. The same expressions as the trigger that keeps order_product_sales (migration 0031).
const LINE_UNITS = sql`i.quantity - i.refunded_quantity`;
// Net sales in the base currency, line by line at the order's rate (decision 0070).
const LINE_NET_SALES = inBaseCurrency(
  sql`i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item`,
  'subtotal',
);

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const day = (date: Date) => sql`${date.toISOString().slice(0, 10)}::date`;

/**
 * Whole UTC days [from, to) as the rollup's periods: the whole months in between, and the days
 * before the first and after the last of them.
 */
export function splitAtMonths(days: DateRange): Period[] {
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

/** A range as rollup periods (whole months, whole days) and the parts of a day at either end. */
function rangeParts(range: DateRange): { periods: Period[]; partial: DateRange[] } {
  const split = splitAtDays(range);
  return { periods: split.days ? splitAtMonths(split.days) : [], partial: split.orders };
}

const periodIs = (alias: string, period: Period) => {
  const t = sql.identifier(alias);
  return sql`${t}.grain = ${period.grain} AND ${t}.period_start >= ${day(period.from)} AND ${t}.period_start < ${day(period.to)}`;
};

/** Sold lines with a product, of orders placed in [from, to) (at most a day), and `join`ed tables. */
const soldLines = (part: DateRange, join: SQL = sql``) =>
  sql`FROM orders o JOIN order_items i ON i.order_id = o.id ${join}
    WHERE o.created_at >= ${iso(part.from)} AND o.created_at < ${iso(part.to)} AND ${SOLD} AND i.product_id IS NOT NULL`;

/**
 * Per product of the range (or of `only`, a query of product ids), its greatest line name, units and
 * net sales: whole months and days from order_product_sales, the partial days from the lines.
 */
function productFigures(range: DateRange, only?: SQL): SQL {
  const { periods, partial } = rangeParts(range);
  const within = only ? sql` AND s.product_id IN (SELECT product_id FROM ${only})` : sql``;
  const withinLines = only ? sql` AND i.product_id IN (SELECT product_id FROM ${only})` : sql``;
  const parts = [
    ...periods.map(
      (period) => sql`SELECT s.product_id, s.product_name, s.units, s.net_sales FROM order_product_sales s
        WHERE ${periodIs('s', period)} AND s.lines <> 0${within}`,
    ),
    ...partial.map(
      (part) =>
        sql`SELECT i.product_id, i.product_name, ${LINE_UNITS}, ${LINE_NET_SALES} ${soldLines(part)}${withinLines}`,
    ),
  ];
  if (parts.length === 0)
    return sql`SELECT NULL::uuid AS id, NULL AS name, 0 AS units, 0 AS net_sales WHERE false`;
  return sql`SELECT l.product_id AS id, max(l.product_name) AS name, sum(l.units) AS units, sum(l.net_sales) AS net_sales
    FROM (${sql.join(parts, sql` UNION ALL `)}) l (product_id, product_name, units, net_sales) GROUP BY l.product_id`;
}

type Row = { id: string; name: string; units: string | number; net_sales: string | number };
const toSeller = (r: Row): Seller => ({
  id: r.id,
  name: r.name,
  units: Number(r.units),
  net_sales: Number(r.net_sales),
});

/** The first ten by net sales, then units, then name (in the database's collation). */
async function firstTen(db: Db, figures: SQL): Promise<Seller[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT p.id, p.name, p.units::bigint AS units, p.net_sales::bigint AS net_sales FROM (${figures}) p
      WHERE p.units > 0 ORDER BY p.net_sales DESC, p.units DESC, p.name LIMIT ${TOP}`,
  );
  return rows.map(toSeller);
}

/**
 * The top products of the range by net sales of their sold lines (refunded units left out). A range
 * holding a whole month walks products by product_sales_bounds (an upper bound of a product's net
 * sales over any whole days, kept by triggers, decision 0032), highest first, adding up each batch of
 * candidates exactly (and, with the first, every product sold in the partial days at either end),
 * until the next bound is under the tenth best: a year of a shop whose products each sold a few times
 * reads a few hundred rows, not a row per product and month. When the bounds do not settle it within
 * a few batches (a short range late in a long history), or for ranges within a month, every product
 * of the range is added up.
 */
export async function topProducts(
  db: Db,
  range: DateRange,
  { batchSize = BATCH, maxBatches = MAX_BATCHES } = {},
): Promise<Seller[]> {
  const { periods, partial } = rangeParts(range);
  if (periods.some((p) => p.grain === 'month')) {
    const found = new Map<string, Seller>();
    for (let batch = 0; batch < maxBatches; batch++) {
      const offset = batch * batchSize;
      const byBound = sql`(SELECT b.product_id FROM product_sales_bounds b
        ORDER BY b.bound DESC, b.product_id OFFSET ${offset} LIMIT ${batchSize})`;
      const soldInPartialDays =
        batch === 0 ? partial.map((part) => sql`(SELECT i.product_id ${soldLines(part)})`) : [];
      const candidates = sql`(${sql.join([byBound, ...soldInPartialDays], sql` UNION `)}) AS candidates`;
      const rows = await queryRows<Row & { next_bound: string | number | null }>(
        db,
        sql`SELECT f.*, (SELECT b.bound FROM product_sales_bounds b ORDER BY b.bound DESC, b.product_id
            OFFSET ${offset + batchSize} LIMIT 1) AS next_bound
          FROM (SELECT 1) one LEFT JOIN (${productFigures(range, candidates)}) f ON true`,
      );
      for (const row of rows) if (row.id) found.set(row.id, toSeller(row));
      const nextBound = rows[0]?.next_bound == null ? null : Number(rows[0].next_bound);
      const ranked = [...found.values()].filter((s) => s.units > 0).sort((a, b) => b.net_sales - a.net_sales);
      const tenth = ranked[TOP - 1];
      // Every product not read yet has at most nextBound of net sales in the range, or none at all
      // (no bound): settled once the tenth best has more.
      if (tenth && tenth.net_sales > 0 && (nextBound === null || nextBound < tenth.net_sales)) {
        // The last ordering (ties broken by name) in the database, as the other reads do.
        const values = ranked
          .filter((s) => s.net_sales >= tenth.net_sales)
          .map((s) => sql`(${s.id}::uuid, ${s.name}::text, ${s.units}::bigint, ${s.net_sales}::bigint)`);
        return firstTen(
          db,
          sql`SELECT * FROM (VALUES ${sql.join(values, sql`, `)}) v (id, name, units, net_sales)`,
        );
      }
      // Fewer than ten sellers with net sales above nothing: the others are added up below.
      if (nextBound === null) break;
    }
  }
  return firstTen(db, productFigures(range));
}

/**
 * The top categories of the range: a category adds up the products in it now. Whole months and days
 * from order_category_sales (kept by triggers from order_product_sales and the category links,
 * decision 0032), a dozen rows a category for a year; the partial days at either end from the lines.
 */
export async function topCategories(db: Db, range: DateRange): Promise<Seller[]> {
  const { periods, partial } = rangeParts(range);
  const parts = [
    ...periods.map(
      (period) =>
        sql`SELECT s.category_id, s.units, s.net_sales FROM order_category_sales s WHERE ${periodIs('s', period)}`,
    ),
    ...partial.map(
      (part) =>
        sql`SELECT pc.category_id, ${LINE_UNITS}, ${LINE_NET_SALES}
          ${soldLines(part, sql`JOIN product_categories pc ON pc.product_id = i.product_id`)}`,
    ),
  ];
  if (parts.length === 0) return [];
  return firstTen(
    db,
    sql`SELECT c.id, c.name, sum(l.units) AS units, sum(l.net_sales) AS net_sales
      FROM (${sql.join(parts, sql` UNION ALL `)}) l (category_id, units, net_sales)
      JOIN categories c ON c.id = l.category_id GROUP BY c.id, c.name`,
  );
}
