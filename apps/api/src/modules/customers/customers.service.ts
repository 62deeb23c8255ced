import type {
  CustomerDetail,
  CustomerList,
  CustomerListItem,
  CustomerSort,
} from '@cartwheel/shared/contracts/customers';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { likeContains } from '../../lib/like.ts';
import { listOrdersOfCustomer } from '../orders/admin-orders.service.ts';
import { customerFiguresSql, IS_PLACED } from '../orders/customer-figures.ts';
import { isoTime } from '../orders/order-sql.ts';
import { tagsOfEmail } from './customer-tags.ts';

/**
 * Every customer, `c`: accounts with the customer role, and guests who bought (decision 0081) while
 * any of their orders is still a guest's (once those join an account, the account stands for them).
 * `buyer_key` is what the orders' figures are keyed by: the account's id, or the guest's email.
 */
export const CUSTOMERS = sql`(SELECT u.id, u.email, p.first_name, p.last_name, u.created_at, u.id::text AS buyer_key,
      true AS has_account
    FROM users u JOIN profiles p ON p.id = u.id WHERE p.role = 'customer'
  UNION ALL
  SELECT g.id, g.email, g.first_name, g.last_name, g.created_at, g.email, false
    FROM guest_customers g
    WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id IS NULL AND lower(o.customer_email) = g.email
      AND ${IS_PLACED}))`;

/** A customer's display name: first and last name, or the email when both are empty. */
export const CUSTOMER_NAME = sql`COALESCE(NULLIF(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email)`;

/** The user `u` can sign in with a password (Better Auth's credential account). */
export const HAS_PASSWORD = sql`EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id AND a.provider_id = 'credential')`;

// Ties end on the id so pages never overlap.
const SORT_SQL: Record<CustomerSort, (dir: SQL) => SQL> = {
  created_at: (dir) => sql`c.created_at ${dir}, c.id ${dir}`,
  name: (dir) => sql`lower(${CUSTOMER_NAME}) ${dir}, c.id ${dir}`,
  email: (dir) => sql`c.email ${dir}, c.id ${dir}`,
  order_count: (dir) => sql`order_count ${dir}, c.id ${dir}`,
  total_spent: (dir) => sql`total_spent ${dir}, c.id ${dir}`,
  last_order_at: (dir) => sql`s.last_order_at ${dir} NULLS LAST, c.id ${dir}`,
};

const COLUMNS = sql`c.id, c.email, c.first_name, c.last_name, ${CUSTOMER_NAME} AS name, c.has_account,
  ${isoTime(sql`c.created_at`)} AS created_at, COALESCE(s.order_count, 0) AS order_count,
  COALESCE(s.total_spent, 0) AS total_spent,
  CASE WHEN s.last_order_at IS NULL THEN NULL ELSE ${isoTime(sql`s.last_order_at`)} END AS last_order_at`;

type Row = Omit<CustomerListItem, 'order_count' | 'total_spent'> & {
  order_count: number | string;
  total_spent: number | string;
};

const toItem = (r: Row): CustomerListItem => ({
  id: r.id,
  email: r.email,
  first_name: r.first_name ?? '',
  last_name: r.last_name ?? '',
  name: r.name,
  has_account: Boolean(r.has_account),
  created_at: r.created_at,
  order_count: Number(r.order_count),
  total_spent: Number(r.total_spent),
  last_order_at: r.last_order_at,
});

export interface CustomerListParams {
  search?: string | undefined;
  /** Only customers with this tag (any case). */
  tag?: string | undefined;
  sort: CustomerSort;
  dir: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** Customers (accounts and guests who bought) with order count, total spent and last order; searched and paged. */
export async function listCustomers(db: Db, params: CustomerListParams): Promise<CustomerList> {
  const conditions: SQL[] = [sql`TRUE`];
  if (params.search) {
    const pattern = likeContains(params.search);
    conditions.push(
      sql`(c.email ILIKE ${pattern} OR concat_ws(' ', c.first_name, c.last_name) ILIKE ${pattern})`,
    );
  }
  if (params.tag) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM customer_tags t WHERE t.email = lower(c.email) AND lower(t.tag) = lower(${params.tag}))`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const order = SORT_SQL[params.sort](params.dir === 'asc' ? sql`ASC` : sql`DESC`);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${CUSTOMERS} c WHERE ${where}`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM ${CUSTOMERS} c LEFT JOIN ${customerFiguresSql(sql`TRUE`)} s ON s.buyer_key = c.buyer_key
      WHERE ${where} ORDER BY ${order} LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`,
  );
  return {
    items: rows.map(toItem),
    total: Number(count?.total ?? 0),
    page: params.page,
    limit: params.limit,
  };
}

/** One customer's profile and figures with all of their orders, newest first (an account or a guest). */
export async function getCustomer(db: Db, customerId: string): Promise<CustomerDetail> {
  const [row] = await queryRows<
    Row & {
      email_verified: boolean;
      has_password: boolean;
      avatar_url: string | null;
      paid_orders: number | null;
    }
  >(
    db,
    sql`SELECT ${COLUMNS}, COALESCE(u.email_verified, false) AS email_verified, p.avatar_url, s.paid_orders,
        ${HAS_PASSWORD} AS has_password
      FROM ${CUSTOMERS} c LEFT JOIN users u ON u.id = c.id AND c.has_account
      LEFT JOIN profiles p ON p.id = u.id
      LEFT JOIN ${customerFiguresSql(sql`o.buyer_key IN (${customerId}::text, (SELECT g.email FROM guest_customers g WHERE g.id = ${customerId}))`)} s
        ON s.buyer_key = c.buyer_key
      WHERE c.id = ${customerId}`,
  );
  if (!row) throw notFound('customer_not_found', 'Customer not found');
  const item = toItem(row);
  const paidOrders = Number(row.paid_orders ?? 0);
  return {
    ...item,
    email_verified: Boolean(row.email_verified),
    has_password: Boolean(row.has_password),
    avatar_url: row.avatar_url ?? null,
    average_order: paidOrders ? Math.round(item.total_spent / paidOrders) : 0,
    tags: await tagsOfEmail(db, item.email),
    orders: await listOrdersOfCustomer(
      db,
      item.has_account ? { accountId: item.id } : { guestEmail: item.email },
    ),
  };
}
