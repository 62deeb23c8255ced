import { guardCell } from '@cartwheel/shared/csv-cell';
import { toMajorString } from '@cartwheel/shared/money';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { filterConditions, LIST_COLUMNS, type ListRow, type OrderFilters, orderBy } from './order-sql.ts';

const CSV_HEADER = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'fulfillment_status',
  'customer_name',
  'customer_email',
  'item_count',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'refunded',
  'currency',
];

const EXPORT_BATCH = 1000;

/**
 * The filtered orders as CSV text chunks (header first), read from the database in batches so an
 * export of every order never holds them all in memory. Money as decimals of the order's currency ("12.50"), its code in the last column.
 */
export async function* exportOrdersCsv(db: Db, filters: OrderFilters): AsyncGenerator<string> {
  yield stringify([CSV_HEADER]);
  const where = filterConditions(filters);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await queryRows<
      ListRow & {
        subtotal_amount: number;
        discount_amount: number;
        shipping_amount: number;
        tax_amount: number;
        refunded_amount: number;
      }
    >(
      db,
      sql`SELECT ${LIST_COLUMNS}, o.discount_amount,
          (SELECT COALESCE(sum(r.amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded')
            AS refunded_amount
        FROM orders o WHERE ${where}
        ORDER BY ${orderBy(filters)} LIMIT ${EXPORT_BATCH} OFFSET ${offset}`,
    );
    if (!rows.length) return;
    yield stringify(
      rows.map((r) => [
        r.order_number,
        r.created_at,
        r.status,
        r.payment_status,
        r.fulfillment_status,
        guardCell(r.customer_name ?? ''),
        guardCell(r.customer_email ?? ''),
        r.item_count,
        toMajorString(Number(r.subtotal_amount), r.currency),
        toMajorString(Number(r.discount_amount), r.currency),
        toMajorString(Number(r.shipping_amount), r.currency),
        toMajorString(Number(r.tax_amount), r.currency),
        toMajorString(Number(r.total_amount), r.currency),
        toMajorString(Number(r.refunded_amount), r.currency),
        r.currency,
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
  }
}
