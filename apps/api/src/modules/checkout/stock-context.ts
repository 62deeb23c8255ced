import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';

// What the stock triggers read for the history and the allocation (docs/decisions/0095-stock-locations.md):
// transaction-local settings, so a move made by any statement of the transaction is recorded with
// why it moved, for what and by whom, and a take is allocated near the buyer.

export type StockReason =
  | 'sale'
  | 'cancellation'
  | 'return'
  | 'edit'
  | 'exchange'
  | 'fulfilment'
  | 'transfer_out'
  | 'transfer_in'
  | 'count'
  | 'adjustment';

export interface StockContext {
  reason: StockReason;
  /** The order, return or transfer: an id, or an SQL expression of the statement that moves. */
  ref?: string | SQL | null;
  staffId?: string | null;
  /** The shipping country: a take comes from a location there first. */
  near?: string | null;
  /** A location to take from or give back to first. */
  locationId?: string | null;
}

/**
 * The context as an expression, for a statement that moves stock itself (its AFTER triggers run once
 * the statement is done, so they read what it set).
 */
export function stockContextSql(c: StockContext): SQL {
  const ref =
    c.ref == null ? sql`''` : typeof c.ref === 'string' ? sql`${c.ref}::text` : sql`(${c.ref})::text`;
  return sql`concat(set_config('cartwheel.stock_reason', ${c.reason}::text, true),
    set_config('cartwheel.stock_ref', coalesce(${ref}, ''), true),
    set_config('cartwheel.stock_staff', ${c.staffId ?? ''}::text, true),
    set_config('cartwheel.stock_near', ${c.near ?? ''}::text, true),
    set_config('cartwheel.stock_location', ${c.locationId ?? ''}::text, true))`;
}

/** Sets the context for the rest of the transaction (until set again). */
export async function setStockContext(tx: Db | Tx, c: StockContext): Promise<void> {
  await queryPrepared(tx, sql`SELECT ${stockContextSql(c)}`);
}
