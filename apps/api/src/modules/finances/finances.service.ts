import type { AnalyticsInterval } from '@cartwheel/shared/contracts/analytics';
import {
  type Finances,
  type LedgerEntry,
  type LedgerPage,
  ledgerEntry,
} from '@cartwheel/shared/contracts/finances';
import { guardCell } from '@cartwheel/shared/csv-cell';
import { toMajorString } from '@cartwheel/shared/money';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { column, query, typedSql } from '../../db/typed-sql.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { defaultInterval } from '../analytics/analytics.service.ts';
import { type DashboardParams, resolveRanges } from '../dashboard/dashboard.service.ts';
import { inBaseCurrency, orderBaseAmount } from '../orders/order-sql.ts';

type Range = { from: Date; to: Date };
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Money in and out of the shop: a payment is an order paid in the range (at paid_at, what it took
 * then: the total before its first edit, if it was edited) or an edit's amount due paid in the range
 * (at its paid_at); a refund one that succeeded in the range (at succeeded_at, its amount, which
 * includes the shipping and tax it gave back, an edit's lower total among them). Both read through their partial indexes on those times. The reference is the
 * provider's: the payment's (orders.payment_reference; the session id for orders paid before it was
 * kept) and the refund's own id (refunds.provider_refund_id). `amount` and `tax` are in the base
 * currency (decision 0070: the order's base amounts, a refund its share of them); `own_amount` is what
 * moved, in `currency`.
 */
function movementsSql(range: Range): SQL {
  // Only paid orders are edited (decision 0087), so the first edit's total before is what was paid.
  const paid = sql`COALESCE(first_edit.total_before, o.total_amount)`;
  return sql`SELECT 'payment' AS kind, o.id::text AS id, o.paid_at AS at, o.id AS order_id, o.order_number,
        o.payment_method AS method, o.payment_provider AS provider, ${inBaseCurrency(paid, 'total')} AS amount,
        COALESCE(o.payment_reference, o.payment_session_id) AS reference, ${orderBaseAmount('tax')} AS tax,
        o.shipping_address, o.currency, ${paid} AS own_amount,
        ${orderBaseAmount('discount')} AS discount,
        (SELECT COALESCE(sum(${inBaseCurrency(sql`rf.amount`, 'total')}), 0) FROM refunds rf
          WHERE rf.order_id = o.id AND rf.status = 'succeeded') AS refunded
      FROM orders o
        LEFT JOIN LATERAL (SELECT e.total_before FROM order_edits e WHERE e.order_id = o.id
          ORDER BY e.created_at, e.id LIMIT 1) first_edit ON true
      WHERE o.paid_at IS NOT NULL AND o.paid_at >= ${iso(range.from)} AND o.paid_at < ${iso(range.to)}
        AND o.order_number IS NOT NULL
    UNION ALL
    SELECT 'payment', e.id::text, e.paid_at, o.id, o.order_number, o.payment_method, e.payment_provider,
        ${inBaseCurrency(sql`e.amount_due`, 'total')}, e.payment_reference, 0,
        o.shipping_address, e.currency, e.amount_due, 0, 0
      FROM order_edits e JOIN orders o ON o.id = e.order_id
      WHERE e.status = 'paid' AND e.paid_at >= ${iso(range.from)} AND e.paid_at < ${iso(range.to)}
    UNION ALL
    SELECT 'refund', r.id::text, r.succeeded_at, o.id, o.order_number, o.payment_method, r.provider,
        ${inBaseCurrency(sql`r.amount`, 'total')}, r.provider_refund_id, ${inBaseCurrency(sql`r.tax_amount`, 'tax')},
        o.shipping_address, r.currency, r.amount, NULL, NULL
      FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE r.status = 'succeeded' AND r.succeeded_at >= ${iso(range.from)} AND r.succeeded_at < ${iso(range.to)}`;
}

const period = (interval: AnalyticsInterval) =>
  sql`to_char(date_trunc(${interval}, m.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/**
 * A ledger row: the contract's entry, its figures as the driver gives them, and the range's count;
 * for the export, a payment's order discount and what was refunded of it so far (base currency).
 */
const ledgerRow = ledgerEntry.extend({
  order_number: column.number.nullable(),
  amount: column.number,
  amount_in_currency: column.number,
  discount: column.number.nullable(),
  refunded: column.number.nullable(),
  total: column.number,
});

const toEntry = ({
  total: _total,
  discount: _discount,
  refunded: _refunded,
  ...entry
}: z.output<typeof ledgerRow>): LedgerEntry => entry;

function ledgerRows(db: Db, range: Range, limit: number, offset: number) {
  return query(
    db,
    typedSql(
      ledgerRow,
    )`SELECT m.kind, m.id, to_json(m.at) #>> '{}' AS date, m.order_id, m.order_number, m.method,
        m.provider, m.amount, m.currency, m.own_amount AS amount_in_currency, m.reference,
        m.discount, m.refunded, count(*) OVER () AS total
      FROM (${movementsSql(range)}) m
      ORDER BY m.at DESC, m.id LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** One page of the ledger, newest first, with the count of every entry in the range. */
export async function getLedger(
  db: Db,
  params: DashboardParams & { page: number; limit: number },
  now = new Date(),
): Promise<LedgerPage> {
  const { range } = resolveRanges(params, now);
  const rows = await ledgerRows(db, range, params.limit, (params.page - 1) * params.limit);
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the count.
  if (!rows.length && params.page > 1) {
    const [row] = await query(
      db,
      typedSql(z.object({ n: column.number }))`SELECT count(*) AS n FROM (${movementsSql(range)}) m`,
    );
    total = row?.n ?? 0;
  }
  return { items: rows.map(toEntry), total, page: params.page, limit: params.limit };
}

const EXPORT_BATCH = 1000;

/**
 * The whole ledger of the range as CSV chunks, in batches: money as decimals of the base currency
 * (named in base_currency), and again in the currency that moved; a payment also gives its order's
 * discount and what has been refunded of it; text guarded.
 */
export async function* exportLedgerCsv(db: Db, params: DashboardParams, now = new Date()) {
  const { range } = resolveRanges(params, now);
  const currency = await loadBaseCurrency(db);
  yield stringify([
    [
      'date',
      'type',
      'order_number',
      'method',
      'provider',
      'base_currency',
      'discount',
      'refunded',
      'amount',
      'currency',
      'amount_in_currency',
      'reference',
    ],
  ]);
  const money = (amount: number | null) => (amount === null ? '' : toMajorString(amount, currency));
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await ledgerRows(db, range, EXPORT_BATCH, offset);
    if (!rows.length) return;
    yield stringify(
      rows.map((r) => [
        r.date,
        r.kind,
        r.order_number ?? '',
        guardCell(r.method ?? ''),
        guardCell(r.provider ?? ''),
        currency,
        money(r.discount),
        money(r.refunded),
        toMajorString(r.kind === 'refund' ? -r.amount : r.amount, currency),
        r.currency,
        toMajorString(r.kind === 'refund' ? -r.amount_in_currency : r.amount_in_currency, r.currency),
        guardCell(r.reference ?? ''),
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Payments, gross and refunds of a group of movements (`sums` below); `withNet` adds their net. */
const moneySums = { payments: column.number, gross: column.number, refunds: column.number };
const withNet = <Row extends { gross: number; refunds: number }>(r: Row) => ({
  ...r,
  net: r.gross - r.refunds,
});

const payoutRow = z.object({ period: z.string(), ...moneySums }).transform(withNet);
const methodRow = z.object({ method: z.string(), ...moneySums }).transform(withNet);

/** Tax collected and given back per region and period, and the net. */
const taxRow = z
  .object({
    period: z.string(),
    country: z.string(),
    state: z.string().nullable(),
    orders: column.number,
    collected: column.number,
    refunded: column.number,
  })
  .transform((r) => ({ ...r, net: r.collected - r.refunded }));

/** Per currency sold in: the payments, and the gross and refunds in it and in the base currency. */
const currencyRow = z.object({
  currency: z.string(),
  orders: column.number,
  gross: column.number,
  refunds: column.number,
  base_gross: column.number,
  base_refunds: column.number,
});

const discountRow = z.object({
  code: z.string().nullable(),
  title: z.string(),
  kind: z.string(),
  orders: column.number,
  amount: column.number,
});

/**
 * The finances of a range, each table one SQL aggregate over the payments and refunds: payouts per
 * period, per method and per currency (gross, refunds, net), tax by region and period (collected on
 * payments, less the tax refunds gave back), and the discounts the range's paid orders were given.
 * Every figure in the base currency; the currency rows also in the currency sold in.
 */
export async function getFinances(
  db: Db,
  params: DashboardParams & { interval?: AnalyticsInterval | undefined },
  now = new Date(),
): Promise<Finances> {
  const { range } = resolveRanges(params, now);
  const interval = params.interval ?? defaultInterval(range);
  const m = movementsSql(range);
  const sums = sql`count(*) FILTER (WHERE m.kind = 'payment') AS payments,
      COALESCE(sum(m.amount) FILTER (WHERE m.kind = 'payment'), 0) AS gross,
      COALESCE(sum(m.amount) FILTER (WHERE m.kind = 'refund'), 0) AS refunds`;
  const [payouts, byMethod, byCurrency, tax, discounts] = await Promise.all([
    query(
      db,
      typedSql(payoutRow)`SELECT ${period(interval)} AS period, ${sums}
        FROM (${m}) m GROUP BY 1 ORDER BY 1`,
    ),
    query(
      db,
      typedSql(methodRow)`SELECT COALESCE(m.method, 'unknown') AS method, ${sums}
        FROM (${m}) m GROUP BY 1 ORDER BY gross DESC, 1`,
    ),
    query(
      db,
      typedSql(
        currencyRow,
      )`SELECT m.currency, count(DISTINCT m.order_id) FILTER (WHERE m.kind = 'payment') AS orders,
          COALESCE(sum(m.own_amount) FILTER (WHERE m.kind = 'payment'), 0) AS gross,
          COALESCE(sum(m.own_amount) FILTER (WHERE m.kind = 'refund'), 0) AS refunds,
          COALESCE(sum(m.amount) FILTER (WHERE m.kind = 'payment'), 0) AS base_gross,
          COALESCE(sum(m.amount) FILTER (WHERE m.kind = 'refund'), 0) AS base_refunds
        FROM (${m}) m GROUP BY 1 ORDER BY base_gross DESC, 1`,
    ),
    query(
      db,
      typedSql(taxRow)`SELECT ${period(interval)} AS period,
          COALESCE(m.shipping_address->>'country', '') AS country,
          NULLIF(m.shipping_address->>'state_province', '') AS state,
          count(DISTINCT m.order_id) FILTER (WHERE m.kind = 'payment') AS orders,
          COALESCE(sum(m.tax) FILTER (WHERE m.kind = 'payment'), 0) AS collected,
          COALESCE(sum(m.tax) FILTER (WHERE m.kind = 'refund'), 0) AS refunded
        FROM (${m}) m GROUP BY 1, 2, 3 HAVING sum(m.tax) > 0 ORDER BY 1, 2, 3`,
    ),
    query(
      db,
      typedSql(discountRow)`SELECT d.code, d.title, d.kind,
          count(DISTINCT o.id) AS orders,
          sum(${inBaseCurrency(sql`d.amount`, 'subtotal')}) AS amount
        FROM orders o JOIN order_discounts d ON d.order_id = o.id
        WHERE o.paid_at IS NOT NULL AND o.paid_at >= ${iso(range.from)} AND o.paid_at < ${iso(range.to)}
          AND o.order_number IS NOT NULL
        GROUP BY d.code, d.title, d.kind ORDER BY amount DESC, d.title`,
    ),
  ]);
  const sum = <Row>(rows: Row[], figure: (row: Row) => number) => rows.reduce((s, r) => s + figure(r), 0);
  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    interval,
    totals: {
      payments: sum(payouts, (r) => r.payments),
      gross: sum(payouts, (r) => r.gross),
      refunds: sum(payouts, (r) => r.refunds),
      net: sum(payouts, (r) => r.net),
      tax: sum(tax, (r) => r.net),
      discounts: sum(discounts, (r) => r.amount),
    },
    payouts,
    by_method: byMethod,
    by_currency: byCurrency,
    tax,
    discounts,
  };
}
