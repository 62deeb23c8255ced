// SQL pieces shared by the order list, the CSV export, the customer page, the dashboard and search.
// Each reads the orders table under the alias `o`.
import type { OrderListItem, OrderSort, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { GUEST_NAME } from '@cartwheel/shared/contracts/orders';
import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../lib/like.ts';

/** A timestamptz as an ISO-8601 UTC string, the same from PGlite and from postgres-js. */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The text the back office searches an order's customer by. Must stay the expression of the
 * orders_search_trgm_idx index (orders.schema.ts), or the index is not used.
 */
export const ORDER_SEARCH_TEXT = sql`(coalesce(o.customer_first_name, '') || ' ' || coalesce(o.customer_last_name, '') || ' ' || coalesce(o.customer_email, ''))`;

/**
 * The customer's name on the order `o`: the snapshot's full name; without one, the email the order
 * was placed with (a guest's too: "Guest" only when nobody is known).
 */
export const ORDER_CUSTOMER_NAME = sql`COALESCE(
  NULLIF(trim(concat_ws(' ', o.customer_first_name, o.customer_last_name)), ''),
  NULLIF(o.customer_email, ''),
  ${GUEST_NAME})`;

/**
 * What makes a row of `orders` an order: its number, given when the checkout was paid (decision 0019).
 * A checkout not paid yet has none and stays out of every list, count and sum.
 */
export const IS_ORDER = sql`o.order_number IS NOT NULL`;

/** The discounts of the order `o` as a JSON array (orderDiscount), in the order they were applied. */
export const ORDER_DISCOUNTS_JSON = sql`COALESCE((SELECT json_agg(json_build_object('discount_id', d.discount_id,
    'code', d.code, 'title', d.title, 'kind', d.kind, 'amount', d.amount, 'shipping_amount', d.shipping_amount)
    ORDER BY d.position, d.id) FROM order_discounts d WHERE d.order_id = o.id), '[]'::json)`;

/** The tax lines of the order `o` as a JSON array (orderTaxLine). */
export const ORDER_TAX_LINES_JSON = sql`COALESCE((SELECT json_agg(json_build_object('name', t.name,
    'rate_bps', t.rate_bps::float8, 'amount', t.amount, 'inclusive', t.inclusive) ORDER BY t.position, t.id)
    FROM order_tax_lines t WHERE t.order_id = o.id), '[]'::json)`;

/** Units on the order `o` (sum of line quantities). */
export const ORDER_ITEM_COUNT = sql`(SELECT COALESCE(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id)`;

// Each sort ends on a unique column so pages never overlap or skip rows that tie.
const SORT_SQL: Record<OrderSort, (dir: SQL) => SQL> = {
  order_number: (dir) => sql`o.order_number ${dir}`,
  created_at: (dir) => sql`o.created_at ${dir}, o.order_number ${dir}`,
  total_amount: (dir) => sql`o.total_amount ${dir}, o.order_number ${dir}`,
  // The enum sorts in its declared order: pending, processing, shipped, delivered, cancelled.
  status: (dir) => sql`o.status ${dir}, o.created_at DESC, o.order_number DESC`,
};

export interface OrderFilters {
  search?: string | undefined;
  status?: OrderStatus[] | undefined;
  sort: OrderSort;
  dir: 'asc' | 'desc';
}

/** WHERE conditions for the order `o`: search by number, customer name or email; statuses. */
export function filterConditions(filters: OrderFilters): SQL {
  const conditions: SQL[] = [IS_ORDER];
  const search = filters.search?.trim();
  if (search) {
    const number = /^#?\s*(\d{1,9})$/.exec(search)?.[1];
    const byText = sql`${ORDER_SEARCH_TEXT} ILIKE ${likeContains(search)}`;
    conditions.push(number ? sql`(o.order_number = ${Number(number)} OR ${byText})` : byText);
  }
  if (filters.status?.length) {
    conditions.push(
      sql`o.status IN (${sql.join(
        filters.status.map((s) => sql`${s}::order_status`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

/** ORDER BY for the order `o`: the chosen sort, ending on a unique column. */
export function orderBy(filters: OrderFilters): SQL {
  return SORT_SQL[filters.sort](filters.dir === 'asc' ? sql`ASC` : sql`DESC`);
}

/** One order `o` as LIST_COLUMNS selects it. */
export interface ListRow {
  id: string;
  order_number: number;
  created_at: string;
  status: OrderListItem['status'];
  payment_status: OrderListItem['payment_status'];
  fulfillment_status: OrderListItem['fulfillment_status'];
  total_amount: number;
  currency: string;
  item_count: number;
  customer_id: string | null;
  customer_name: string;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
}

/** The columns of the order `o` the list, the customer page and the CSV export read. */
export const LIST_COLUMNS = sql`o.id, o.order_number, ${isoTime(sql`o.created_at`)} AS created_at, o.status,
  o.payment_status, o.fulfillment_status, o.total_amount, o.currency, ${ORDER_ITEM_COUNT} AS item_count,
  o.customer_id, ${ORDER_CUSTOMER_NAME} AS customer_name, o.customer_first_name, o.customer_last_name,
  o.customer_email, o.subtotal_amount, o.shipping_amount, o.tax_amount`;

export function toListItem(row: ListRow): OrderListItem {
  return {
    id: row.id,
    order_number: Number(row.order_number),
    created_at: row.created_at,
    status: row.status,
    payment_status: row.payment_status,
    fulfillment_status: row.fulfillment_status,
    total_amount: Number(row.total_amount),
    currency: row.currency,
    item_count: Number(row.item_count),
    customer: {
      id: row.customer_id,
      name: row.customer_name,
      first_name: row.customer_first_name,
      last_name: row.customer_last_name,
      email: row.customer_email,
    },
  };
}

/** An order amount of `o` that has a base-currency column beside it. */
type BaseAmount = 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';

/**
 * The amount `name` of the order `o` in the shop's base currency (decision 0070): its base column, or
 * its own amount for an order written in the base currency without one.
 */
export const orderBaseAmount = (name: BaseAmount) =>
  sql.raw(`COALESCE(o.base_${name}_amount, o.${name}_amount)`);

/**
 * A part of the order `o`'s amount `name` (a line's, a refund's) in the base currency: its share of
 * the order's base amount, as the rollup triggers convert it (cartwheel_base_amount).
 */
export const inBaseCurrency = (part: SQL, name: BaseAmount) =>
  sql`cartwheel_base_amount(${part}, ${sql.raw(`o.base_${name}_amount, o.${name}_amount`)})`;
