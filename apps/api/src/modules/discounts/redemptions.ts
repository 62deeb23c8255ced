import { DISCOUNT_CODE_ERRORS, type DiscountCodeError } from '@cartwheel/shared/contracts/discounts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import type { PricingDiscount } from '../pricing/types.ts';

/**
 * What checkout asks of the discounts: which are in force for this cart (the automatic ones and the
 * entered code's), and the uses a checkout holds, gives back or confirms. Decision 0020.
 */

/** A discounts row as read by the checkout (snake_case, straight from SQL). */
export interface DiscountRow {
  id: string;
  title: string;
  code: string | null;
  kind: PricingDiscount['kind'];
  target: PricingDiscount['target'];
  percent_bps: number | null;
  amount_cents: number | null;
  currency: string;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_percent_bps: number | null;
  product_ids: string[];
  category_ids: string[];
  min_subtotal_cents: number | null;
  min_quantity: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  usage_limit: number | null;
  once_per_customer: boolean;
  combinable: boolean;
  is_active: boolean;
  times_used: number;
  times_held: number;
  /** created_at as sortable text (UTC, microseconds): with the id, the table's order. */
  created_key?: string;
}

export type CodeProblem = { code: DiscountCodeError; message: string };

const problem = (code: DiscountCodeError): CodeProblem => ({ code, message: DISCOUNT_CODE_ERRORS[code] });

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** Why the discount cannot be used at all at `now` (before any cart or customer is looked at). */
export function unusable(row: DiscountRow, now: Date): CodeProblem | null {
  if (!row.is_active) return problem('disabled');
  const starts = time(row.starts_at);
  const ends = time(row.ends_at);
  if (starts !== null && starts > now.getTime()) return problem('not_started');
  if (ends !== null && ends <= now.getTime()) return problem('expired');
  if (row.usage_limit !== null && row.times_used + row.times_held >= row.usage_limit) {
    return problem('used_up');
  }
  return null;
}

export function toPricingDiscount(row: DiscountRow): PricingDiscount {
  return {
    id: row.id,
    title: row.title,
    code: row.code,
    kind: row.kind,
    target: row.target,
    percentBps: row.percent_bps,
    amountCents: row.amount_cents,
    currency: row.currency,
    productIds: row.product_ids,
    categoryIds: row.category_ids,
    minSubtotalCents: row.min_subtotal_cents,
    minQuantity: row.min_quantity,
    combinable: row.combinable,
    buyQuantity: row.buy_quantity,
    getQuantity: row.get_quantity,
    getPercentBps: row.get_percent_bps ?? (row.kind === 'buy_x_get_y' ? 10_000 : null),
  };
}

const normalizeEmail = (email: string | null) => (email ? email.trim().toLowerCase() : null);

/**
 * The discounts among `ids` this account or email has already used on a paid order. A use another
 * open checkout holds is left to holdRedemptions' unique index: it may be this shopper's own earlier
 * checkout, which the new one replaces (and releases) before it takes its use.
 */
async function usedBy(
  db: Db | Tx,
  ids: string[],
  customerId: string | null,
  email: string | null,
): Promise<Set<string>> {
  if (ids.length === 0 || (!customerId && !email)) return new Set();
  const rows = await queryPrepared<{ discount_id: string }>(
    db,
    sql`SELECT DISTINCT discount_id FROM discount_redemptions
      WHERE discount_id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND status = 'confirmed'
        AND (customer_id = ${customerId}::uuid OR email = ${email}::text)`,
  );
  return new Set(rows.map((r) => r.discount_id));
}

export const normalizeCode = (code: string | null) => code?.trim().toUpperCase() || null;

/** The discounts rows `where` picks (alias d), oldest first, as one JSON value (a scalar subquery). */
function discountRowsSql(where: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('id', d.id, 'title', d.title, 'code', d.code,
        'kind', d.kind, 'target', d.target, 'percent_bps', d.percent_bps, 'amount_cents', d.amount_cents,
        'currency', d.currency,
        'buy_quantity', d.buy_quantity, 'get_quantity', d.get_quantity, 'get_percent_bps', d.get_percent_bps,
        'product_ids', d.product_ids, 'category_ids', d.category_ids,
        'min_subtotal_cents', d.min_subtotal_cents, 'min_quantity', d.min_quantity,
        'starts_at', d.starts_at, 'ends_at', d.ends_at, 'usage_limit', d.usage_limit,
        'once_per_customer', d.once_per_customer, 'combinable', d.combinable, 'is_active', d.is_active,
        'times_used', d.times_used, 'times_held', d.times_held,
        'created_key', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'))
      ORDER BY d.created_at, d.id), '[]'::json)
    FROM discounts d WHERE ${where})`;
}

/** The automatic discounts that are on, as one JSON value (through discounts_automatic_idx). */
export const automaticDiscountsSql = (): SQL => discountRowsSql(sql`d.code IS NULL AND d.is_active`);

/** The entered code's row, as a JSON array of at most one (through discounts_code_key). */
export const codeDiscountSql = (code: string): SQL =>
  discountRowsSql(sql`upper(d.code) = ${normalizeCode(code)}::text`);

/** The uses of the automatic discounts with a limit, as JSON [[id, used + held], ...] or null. */
export const automaticUsesSql = (): SQL =>
  sql`(SELECT json_agg(json_build_array(d.id, d.times_used + d.times_held)) FROM discounts d
    WHERE d.code IS NULL AND d.is_active AND d.usage_limit IS NOT NULL)`;

/** In the order the price calculation takes them: oldest first (then by id), as read from the table. */
export function inTableOrder(rows: DiscountRow[]): DiscountRow[] {
  const key = (r: DiscountRow) => `${r.created_key ?? ''} ${r.id}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * From the automatic discounts and the entered code's row (both as read, in table order): the
 * discounts in force for the one price calculation; `codeError` says why the code cannot be used at
 * all (unknown, not started, expired, used up, already used by this customer, switched off). A query
 * only for once-per-customer rules.
 */
export async function discountsFrom(
  db: Db | Tx,
  rows: DiscountRow[],
  input: { code: string | null; now: Date; customerId: string | null; email: string | null },
): Promise<{ discounts: PricingDiscount[]; codeError: CodeProblem | null }> {
  const code = normalizeCode(input.code);
  const entered = code ? rows.find((r) => r.code !== null) : undefined;
  let codeError: CodeProblem | null = code && !entered ? problem('unknown_code') : null;
  if (entered) codeError = unusable(entered, input.now);
  const usable = rows.filter((r) => (r.code === null || r === entered) && !unusable(r, input.now));
  const once = usable.filter((r) => r.once_per_customer).map((r) => r.id);
  const used = await usedBy(db, once, input.customerId, normalizeEmail(input.email));
  if (entered && !codeError && used.has(entered.id)) codeError = problem('already_used');
  return {
    discounts: usable.filter((r) => !used.has(r.id)).map(toPricingDiscount),
    codeError,
  };
}

/**
 * Takes one use of each discount for the checkout `orderId`, inside its transaction: a conditional
 * UPDATE of the discount's row (the row lock makes parallel checkouts take turns, so a limit of N
 * gives exactly N), and a redemption row whose unique indexes refuse a second use by the same
 * account or email. On a refusal the caller rolls the transaction back.
 */
export async function holdRedemptions(
  tx: Tx,
  input: { orderId: string; customerId: string | null; email: string | null; discountIds: string[] },
): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  const email = normalizeEmail(input.email);
  // A fixed order of row locks: two checkouts holding the same discounts never wait on each other in a cycle.
  for (const discountId of [...new Set(input.discountIds)].sort()) {
    const [taken] = await queryPrepared<{ once_per_customer: boolean }>(
      tx,
      sql`UPDATE discounts SET times_held = times_held + 1
        WHERE id = ${discountId}::uuid AND is_active
          AND (usage_limit IS NULL OR times_used + times_held < usage_limit)
        RETURNING once_per_customer`,
    );
    if (!taken) return { ok: false, ...problem('used_up'), code: 'discount_used_up' };
    const [inserted] = await queryPrepared<{ id: string }>(
      tx,
      sql`INSERT INTO discount_redemptions (discount_id, order_id, customer_id, email, once_per_customer)
        VALUES (${discountId}::uuid, ${input.orderId}::uuid, ${input.customerId}::uuid, ${email}::text,
          ${taken.once_per_customer})
        ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!inserted) return { ok: false, ...problem('already_used'), code: 'discount_already_used' };
  }
  return { ok: true };
}

/** A cancelled or expired checkout gives its held uses back. Confirmed uses stay; safe to repeat. */
export async function releaseRedemptions(db: Db | Tx, orderId: string): Promise<void> {
  await queryPrepared(
    db,
    sql`WITH released AS (
        DELETE FROM discount_redemptions WHERE order_id = ${orderId}::uuid AND status = 'held'
        RETURNING discount_id)
      UPDATE discounts d SET times_held = d.times_held - r.n
      FROM (SELECT discount_id, count(*)::int AS n FROM released GROUP BY discount_id) r
      WHERE d.id = r.discount_id`,
  );
}

/**
 * The order is paid: its held uses become used. A use that was given back meanwhile (the checkout
 * expired, then its payment arrived) is counted again, beyond the limit if need be: a paid use is
 * never lost, and a late payment is not refused for it. Safe to repeat.
 */
export async function confirmRedemptions(db: Db | Tx, orderId: string): Promise<void> {
  await queryPrepared(
    db,
    sql`WITH confirmed AS (
        UPDATE discount_redemptions SET status = 'confirmed'
        WHERE order_id = ${orderId}::uuid AND status = 'held' RETURNING discount_id),
      late AS (
        INSERT INTO discount_redemptions (discount_id, order_id, customer_id, email, status)
        SELECT DISTINCT od.discount_id, o.id, o.customer_id, lower(o.customer_email), 'confirmed'
        FROM order_discounts od JOIN orders o ON o.id = od.order_id
        JOIN discounts d ON d.id = od.discount_id
        WHERE od.order_id = ${orderId}::uuid
          AND NOT EXISTS (SELECT 1 FROM discount_redemptions r
            WHERE r.order_id = od.order_id AND r.discount_id = od.discount_id)
        ON CONFLICT DO NOTHING RETURNING discount_id),
      moves AS (
        SELECT discount_id, count(*)::int AS held, 0 AS late FROM confirmed GROUP BY discount_id
        UNION ALL SELECT discount_id, 0, count(*)::int FROM late GROUP BY discount_id)
      UPDATE discounts d SET times_held = d.times_held - m.held, times_used = d.times_used + m.held + m.late
      FROM (SELECT discount_id, sum(held)::int AS held, sum(late)::int AS late FROM moves GROUP BY discount_id) m
      WHERE d.id = m.discount_id`,
  );
}
