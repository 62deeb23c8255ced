import { type AdminSearchResults, SEARCH_LIMIT } from '@cartwheel/shared/contracts/search';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likeContains } from '../../lib/like.ts';
import { IS_ORDER, ORDER_CUSTOMER_NAME, ORDER_SEARCH_TEXT } from '../orders/order-sql.ts';

/**
 * The back office's top-bar search: up to five products (name, product or variant SKU), orders
 * (order number, customer name or email) and customers (name or email), best matches first.
 */
export async function adminSearch(db: Db, q: string): Promise<AdminSearchResults> {
  const text = q.trim();
  const pattern = likeContains(text);
  const number = /^#?\s*(\d{1,9})$/.exec(text)?.[1];

  const productRows = await queryRows<AdminSearchResults['products'][number]>(
    db,
    sql`SELECT p.id, p.name, p.sku, p.is_visible,
        (SELECT i.url FROM product_images i WHERE i.product_id = p.id
          ORDER BY i.is_thumbnail DESC, i.sort_order, i.id LIMIT 1) AS image_url
      FROM products p
      WHERE p.deleted_at IS NULL AND (p.name ILIKE ${pattern} OR p.sku ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.sku ILIKE ${pattern}))
      ORDER BY (lower(p.sku) = lower(${text})) DESC, (p.name ILIKE ${`${text}%`}) DESC, lower(p.name), p.id
      LIMIT ${SEARCH_LIMIT}`,
  );

  const byText = sql`${ORDER_SEARCH_TEXT} ILIKE ${pattern}`;
  const orderRows = await queryRows<AdminSearchResults['orders'][number]>(
    db,
    sql`SELECT o.id, o.order_number, o.status, o.total_amount, o.currency, ${ORDER_CUSTOMER_NAME} AS customer_name,
        o.customer_email
      FROM orders o
      WHERE ${IS_ORDER} AND ${number ? sql`(o.order_number = ${Number(number)} OR ${byText})` : byText}
      ORDER BY ${number ? sql`(o.order_number = ${Number(number)}) DESC,` : sql``} o.created_at DESC, o.id
      LIMIT ${SEARCH_LIMIT}`,
  );

  const customerRows = await queryRows<AdminSearchResults['customers'][number]>(
    db,
    sql`SELECT u.id, u.email,
        COALESCE(NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) AS name
      FROM users u JOIN profiles p ON p.id = u.id
      WHERE p.role = 'customer'
        AND (u.email ILIKE ${pattern} OR concat_ws(' ', p.first_name, p.last_name) ILIKE ${pattern})
      ORDER BY (lower(u.email) = lower(${text})) DESC, u.email, u.id
      LIMIT ${SEARCH_LIMIT}`,
  );

  return {
    products: productRows.map((p) => ({ ...p, is_visible: Boolean(p.is_visible) })),
    orders: orderRows.map((o) => ({
      ...o,
      order_number: Number(o.order_number),
      total_amount: Number(o.total_amount),
    })),
    customers: customerRows,
  };
}
