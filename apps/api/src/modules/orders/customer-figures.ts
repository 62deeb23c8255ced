// A customer's figures have one definition, read by the shopper's account page and by the back
// office's customer list and page alike (docs/product.md, "Customer figures"; decision 0023).
import type { CustomerFigures } from '@cartwheel/shared/contracts/customer-orders';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { IS_ORDER, inBaseCurrency, orderBaseAmount } from './order-sql.ts';

/**
 * An order the customer placed, of the orders `o`: numbered (decision 0019), and not one that was
 * never paid and went nowhere. The shopper's history, their "Total Orders" and the back office's
 * order count of a customer all count these.
 */
export const IS_PLACED = sql`${IS_ORDER} AND NOT (o.payment_status IN ('unpaid', 'failed') AND o.status IN ('pending', 'cancelled'))`;

/**
 * An order whose payment counts towards what the customer spent: paid, partially refunded or
 * refunded, and not cancelled (as the dashboard's sales).
 */
export const COUNTS_AS_SPENT = sql`o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'`;

/**
 * What the customer spent on the order `o`: its total less its succeeded refunds, in the shop's base
 * currency (decision 0070: an order in euros counts its base total, a refund its share of it). A
 * `refunded` order is nothing, also one refunded before refunds were records of their own (it has
 * none); a `paid` one has no succeeded refund (the first one makes it partially refunded), so only
 * partially refunded orders read their refunds. An order edit's refund already came off the total.
 */
const SPENT_ON_ORDER = sql`CASE o.payment_status
    WHEN 'refunded' THEN 0
    WHEN 'partially_refunded' THEN GREATEST(0, ${orderBaseAmount('total')} - (SELECT COALESCE(sum(${inBaseCurrency(sql`r.amount`, 'total')}), 0)
      FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded' AND r.order_edit_id IS NULL))
    ELSE ${orderBaseAmount('total')} END`;

/**
 * Figures per customer over their placed orders that match `where`, as a subquery keyed by
 * buyer_key (the account's id as text, or a guest's lower-cased email): order_count, total_spent (minor units of the base currency: paid less refunded), paid_orders (the orders that
 * total_spent still holds money of: paid or partially refunded, for the average) and last_order_at.
 */
export const customerFiguresSql = (where: SQL) => sql`(SELECT o.buyer_key, count(*)::int AS order_count,
    COALESCE(sum(${SPENT_ON_ORDER}) FILTER (WHERE ${COUNTS_AS_SPENT}), 0)::bigint AS total_spent,
    count(*) FILTER (WHERE ${COUNTS_AS_SPENT} AND o.payment_status <> 'refunded')::int AS paid_orders,
    max(o.created_at) AS last_order_at
  FROM orders o WHERE ${where} AND ${IS_PLACED} GROUP BY o.buyer_key)`;

/** One customer's order count and total spent (zero for a customer without orders). */
export async function getCustomerFigures(db: Db, customerId: string): Promise<CustomerFigures> {
  const [row] = await queryRows<{ order_count: number | string; total_spent: number | string }>(
    db,
    sql`SELECT s.order_count, s.total_spent FROM ${customerFiguresSql(sql`o.customer_id = ${customerId}`)} s`,
  );
  return { order_count: Number(row?.order_count ?? 0), total_spent: Number(row?.total_spent ?? 0) };
}
