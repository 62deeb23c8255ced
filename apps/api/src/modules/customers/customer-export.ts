import { guardCell } from '@cartwheel/shared/csv-cell';
import { toMajorString } from '@cartwheel/shared/money';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { getShopSettings } from '../accounts/accounts.service.ts';
import { type CustomerListParams, listCustomers } from './customers.service.ts';

const CSV_HEADER = [
  'email',
  'first_name',
  'last_name',
  'created_at',
  'order_count',
  'total_spent',
  'currency',
  'last_order_at',
];

const EXPORT_BATCH = 500;

/**
 * The searched customers as CSV text chunks (header first), in the list's order, read in batches.
 * Total spent in the shop's base currency, its code beside it; names guarded against formulas.
 */
export async function* exportCustomersCsv(
  db: Db,
  params: Omit<CustomerListParams, 'page' | 'limit'>,
): AsyncGenerator<string> {
  const { base_currency: currency } = await getShopSettings(db);
  yield stringify([CSV_HEADER]);
  for (let page = 1; ; page++) {
    const { items } = await listCustomers(db, { ...params, page, limit: EXPORT_BATCH });
    if (items.length === 0) return;
    yield stringify(
      items.map((c) => [
        guardCell(c.email),
        guardCell(c.first_name),
        guardCell(c.last_name),
        c.created_at,
        c.order_count,
        toMajorString(c.total_spent, currency),
        currency,
        c.last_order_at ?? '',
      ]),
    );
    if (items.length < EXPORT_BATCH) return;
  }
}
