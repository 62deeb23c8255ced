import type { SegmentFilters } from '@cartwheel/shared/contracts/campaigns';
import { type SQL, sql } from 'drizzle-orm';
import { CUSTOMER_NAME, CUSTOMERS } from '../customers/customers.service.ts';
import { customerFiguresSql, IS_PLACED } from '../orders/customer-figures.ts';

// A segment's filters compiled to one query over every customer (accounts and guests, decision 0081).
// Every value the merchant gave is a bound parameter; only the fixed fragments below are SQL text.

/**
 * The customer `c` agreed to marketing email and has not taken it back: an account by its consent
 * (unsubscribing clears it), a guest by their newest order's box, unless they unsubscribed after it.
 */
export const CONSENTED = sql`CASE WHEN c.has_account THEN
    EXISTS (SELECT 1 FROM profiles p WHERE p.id = c.id AND p.marketing_opt_in)
    AND NOT EXISTS (SELECT 1 FROM marketing_unsubscribes u WHERE u.email = lower(c.email))
  ELSE COALESCE((SELECT o.marketing_opt_in AND NOT EXISTS (SELECT 1 FROM marketing_unsubscribes u
        WHERE u.email = lower(c.email) AND u.unsubscribed_at >= o.created_at)
      FROM orders o WHERE o.customer_id IS NULL AND lower(o.customer_email) = lower(c.email) AND ${IS_PLACED}
      ORDER BY o.created_at DESC LIMIT 1), false) END`;

/** The country (ISO code, upper case) the customer's newest placed order shipped to. */
const COUNTRY = sql`(SELECT upper(o.shipping_address->>'country') FROM orders o
  WHERE o.buyer_key = c.buyer_key AND ${IS_PLACED} ORDER BY o.created_at DESC LIMIT 1)`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The conditions of `filters` on the customer `c` with figures `s`; TRUE when there are none. */
export function segmentConditions(filters: SegmentFilters): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  const spent = sql`COALESCE(s.total_spent, 0)`;
  const orders = sql`COALESCE(s.order_count, 0)`;
  if (filters.total_spent_min !== undefined) conditions.push(sql`${spent} >= ${filters.total_spent_min}`);
  if (filters.total_spent_max !== undefined) conditions.push(sql`${spent} <= ${filters.total_spent_max}`);
  if (filters.order_count_min !== undefined) conditions.push(sql`${orders} >= ${filters.order_count_min}`);
  if (filters.order_count_max !== undefined) conditions.push(sql`${orders} <= ${filters.order_count_max}`);
  if (filters.last_order_from)
    conditions.push(sql`s.last_order_at >= (${filters.last_order_from}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filters.last_order_to)
    conditions.push(
      sql`s.last_order_at < ((${filters.last_order_to}::date) + 1)::timestamp AT TIME ZONE 'UTC'`,
    );
  if (filters.countries?.length)
    conditions.push(sql`${COUNTRY} IN (${list(filters.countries.map((c) => c.toUpperCase()))})`);
  if (filters.tags?.length) {
    const tags = list(filters.tags.map((tag) => tag.toLowerCase()));
    conditions.push(
      sql`EXISTS (SELECT 1 FROM customer_tags t WHERE t.email = lower(c.email) AND lower(t.tag) IN (${tags}))`,
    );
  }
  if (filters.marketing_consent !== undefined)
    conditions.push(sql`(${CONSENTED}) = ${filters.marketing_consent}`);
  if (filters.product_ids?.length) {
    conditions.push(sql`EXISTS (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.buyer_key = c.buyer_key AND ${IS_PLACED} AND i.product_id IN (${list(filters.product_ids)}))`);
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * The segment's customers as a subquery `seg`: id, email (lower-cased), first_name, name and
 * consented, in a stable order.
 */
export const segmentCustomers = (filters: SegmentFilters) => sql`(SELECT c.id, lower(c.email) AS email,
    COALESCE(c.first_name, '') AS first_name, ${CUSTOMER_NAME} AS name, ${CONSENTED} AS consented
  FROM ${CUSTOMERS} c LEFT JOIN ${customerFiguresSql(sql`TRUE`)} s ON s.buyer_key = c.buyer_key
  WHERE ${segmentConditions(filters)})`;
