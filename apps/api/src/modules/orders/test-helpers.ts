// Helpers for the order tests (not a test file itself).
import { eq, sql } from 'drizzle-orm';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { orderItems, type orders } from '../../db/schema.ts';

/** A paid order of 3 × $30.00 (with $2.40 tax added) and a $5.00 line, $7.00 shipping: $104.40 in all. */
export async function createPaidOrder(db: Db, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const product = await createProduct(db, { inventoryLevel: 10, price: 3000 });
  const made = await createOrder(
    db,
    { status: 'processing', paymentStatus: 'paid', shippingAmount: 700, taxAmount: 240, ...overrides },
    [
      { product, quantity: 3 },
      { productName: 'Gift wrap', quantity: 1, pricePerItem: 500 },
    ],
  );
  await db.update(orderItems).set({ taxAmount: 240 }).where(eq(orderItems.id, made.items[0]!.id));
  return { ...made, product };
}

/**
 * The sums an order's lines add to it, over the order_items `i` the query groups: refunds, sales and
 * cost of the lines with a cost, units sold (0 when there are no lines). Added up the plain way, to
 * check what the triggers keep.
 */
export const LINE_SUMS = sql`COALESCE(sum(i.refunded_quantity * i.price_per_item), 0) AS refunded,
  COALESCE(sum((i.quantity - i.refunded_quantity) * i.price_per_item) FILTER (WHERE i.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
  COALESCE(sum((i.quantity - i.refunded_quantity) * i.cost_per_item), 0) AS cost_of_goods,
  COALESCE(sum(i.quantity - i.refunded_quantity), 0) AS items_sold,
  COALESCE(sum(i.quantity - i.refunded_quantity) FILTER (WHERE i.cost_per_item IS NOT NULL), 0) AS items_with_cost`;

/**
 * Orders whose lines_* columns differ from their lines added up the plain way. The trigger on
 * order_items keeps them equal, so this is always empty.
 */
export async function ordersOutOfStep(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM orders o
      LEFT JOIN LATERAL (
        SELECT ${LINE_SUMS} FROM order_items i WHERE i.order_id = o.id) t ON true
      WHERE (o.lines_refunded_amount, o.lines_sales_with_cost, o.lines_cost_of_goods, o.lines_items_sold,
          o.lines_items_with_cost)
        IS DISTINCT FROM (t.refunded, t.sales_with_cost, t.cost_of_goods, t.items_sold, t.items_with_cost)`,
  );
  return rows.map((r) => r.id);
}

/**
 * Days whose rows of order_sales_daily (summed over the day's slots) differ from the sums over the
 * sold orders placed that day and their lines, and the refunds of sold orders that succeeded that day,
 * added up the plain way (no row counts as zeros).
 * Always empty.
 */
export async function salesDaysOutOfStep(db: Db): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`WITH sold AS (
        SELECT id, (created_at AT TIME ZONE 'UTC')::date AS day, subtotal_amount, shipping_amount, tax_amount,
          discount_amount
        FROM orders WHERE payment_status IN ('paid', 'partially_refunded', 'refunded') AND status <> 'cancelled'
      ), by_order AS (
        SELECT day, count(*) AS orders, sum(subtotal_amount) AS subtotal, sum(shipping_amount) AS shipping,
          sum(tax_amount) AS taxes, sum(discount_amount) AS discounts
        FROM sold GROUP BY day
      ), by_line AS (
        SELECT s.day, ${LINE_SUMS}
        FROM sold s JOIN order_items i ON i.order_id = s.id GROUP BY s.day
      ), by_refund AS (
        SELECT (r.succeeded_at AT TIME ZONE 'UTC')::date AS day, sum(r.amount - r.shipping_amount - r.tax_amount) AS refunded
        FROM refunds r JOIN sold s ON s.id = r.order_id WHERE r.status = 'succeeded' GROUP BY 1
      ), expected AS (
        SELECT COALESCE(o.day, x.day) AS day, COALESCE(o.orders, 0) AS orders, COALESCE(o.subtotal, 0) AS subtotal,
          COALESCE(o.shipping, 0) AS shipping, COALESCE(o.taxes, 0) AS taxes, COALESCE(o.discounts, 0) AS discounts,
          COALESCE(l.refunded, 0) + COALESCE(x.refunded, 0) AS refunded,
          COALESCE(l.sales_with_cost, 0) AS sales_with_cost, COALESCE(l.cost_of_goods, 0) AS cost_of_goods,
          COALESCE(l.items_sold, 0) AS items_sold, COALESCE(l.items_with_cost, 0) AS items_with_cost
        FROM by_order o LEFT JOIN by_line l ON l.day = o.day FULL JOIN by_refund x ON x.day = o.day
      )
      , days AS (
        SELECT day, sum(orders) AS orders, sum(subtotal_amount) AS subtotal_amount,
          sum(shipping_amount) AS shipping_amount, sum(tax_amount) AS tax_amount,
          sum(discount_amount) AS discount_amount,
          sum(refunded_amount) AS refunded_amount, sum(sales_with_cost) AS sales_with_cost,
          sum(cost_of_goods) AS cost_of_goods, sum(items_sold) AS items_sold, sum(items_with_cost) AS items_with_cost
        FROM order_sales_daily GROUP BY day
      )
      SELECT COALESCE(d.day, e.day)::text AS day
      FROM days d FULL JOIN expected e ON e.day = d.day
      WHERE (COALESCE(d.orders, 0), COALESCE(d.subtotal_amount, 0), COALESCE(d.shipping_amount, 0),
          COALESCE(d.tax_amount, 0), COALESCE(d.discount_amount, 0), COALESCE(d.refunded_amount, 0), COALESCE(d.sales_with_cost, 0),
          COALESCE(d.cost_of_goods, 0), COALESCE(d.items_sold, 0), COALESCE(d.items_with_cost, 0))
        IS DISTINCT FROM (COALESCE(e.orders, 0), COALESCE(e.subtotal, 0), COALESCE(e.shipping, 0),
          COALESCE(e.taxes, 0), COALESCE(e.discounts, 0), COALESCE(e.refunded, 0), COALESCE(e.sales_with_cost, 0),
          COALESCE(e.cost_of_goods, 0), COALESCE(e.items_sold, 0), COALESCE(e.items_with_cost, 0))
      ORDER BY 1`,
  );
  return rows.map((r) => r.day);
}
