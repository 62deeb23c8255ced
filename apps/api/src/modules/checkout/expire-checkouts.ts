import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { releaseRedemptions } from '../discounts/redemptions.ts';
import { releaseTenders } from '../gift-cards/gift-cards.service.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { finalizeCheckout } from './finalize-checkout.ts';
import {
  lockStockRows,
  orderStockLines,
  type StockLine,
  type StockRow,
  stockMove,
  stockRows,
} from './stock.ts';
import { stockContextSql } from './stock-context.ts';

export interface CancelReason {
  /** order_events.type: `checkout_expired`, `checkout_cancelled`, `payment_failed`, `checkout_failed`. */
  type: string;
  message: string;
  paymentStatus?: 'unpaid' | 'failed';
  /** Only cancel when the reservation has run out (the sweeper); others cancel at once. */
  onlyIfExpired?: boolean;
}

/**
 * Cancels a pending, unpaid order and gives its stock back, exactly once: the row lock plus the state
 * check mean a concurrent payment or another sweeper sees the order changed and does nothing. Skips
 * (returns false) an order another transaction holds right now, e.g. a payment being recorded.
 * `lines` are the order's stock lines when the caller already read them (they never change).
 * An order holding one stock row is cancelled in one statement (lock, stock, status, event); with
 * more rows, the order and then its stock rows (in the global order) are locked first.
 */
export async function cancelPendingOrder(
  db: Db | Tx,
  orderId: string,
  reason: CancelReason,
  lines?: StockLine[],
): Promise<boolean> {
  const rows = stockRows(lines ?? (await orderStockLines(db, orderId)));
  const lock = lockPendingSql(orderId, reason);
  if (rows.length <= 1) return cancelInOneStatement(db, orderId, reason, rows);
  return db.transaction(async (tx) => {
    if ((await queryPrepared(tx, lock)).length === 0) return false;
    await lockStockRows(tx, rows);
    return cancelInOneStatement(tx, orderId, reason, rows);
  });
}

/** The order, locked when it is still a pending, unpaid checkout (and, for the sweeper, expired). */
const lockPendingSql = (orderId: string, reason: CancelReason) => sql`SELECT id FROM orders
    WHERE id = ${orderId}::uuid AND status = 'pending' AND payment_status = 'unpaid'
      ${reason.onlyIfExpired ? sql`AND expires_at <= now()` : sql``}
    FOR UPDATE SKIP LOCKED`;

/**
 * The cancellation's statement (lock, stock, status, event). Several stock rows must be locked
 * already, in the global order. True when it cancelled the order.
 */
async function cancelInOneStatement(
  conn: Db | Tx,
  orderId: string,
  reason: CancelReason,
  rows: StockRow[],
): Promise<boolean> {
  const move = stockMove(rows, 1, sql`EXISTS (SELECT 1 FROM locked)`);
  const [row] = await queryPrepared<{ cancelled: number; has_discounts: boolean; has_tenders: boolean }>(
    conn,
    sql`WITH locked AS (${lockPendingSql(orderId, reason)}),
      ${move ? sql`${move.ctes},` : sql``}
      cancelled AS (
        UPDATE orders SET status = 'cancelled', payment_status = ${reason.paymentStatus ?? 'unpaid'},
          cancelled_at = now(), expires_at = NULL, updated_at = now()
        WHERE id IN (SELECT id FROM locked) RETURNING id),
      events AS (
        INSERT INTO order_events (order_id, type, message, data)
        SELECT id, ${reason.type}, ${reason.message}, '{"stock_restored":true}'::jsonb FROM cancelled)
      SELECT count(*)::int AS cancelled,
        EXISTS (SELECT 1 FROM order_discounts d WHERE d.order_id IN (SELECT id FROM cancelled)) AS has_discounts,
        EXISTS (SELECT 1 FROM order_tenders t WHERE t.order_id IN (SELECT id FROM cancelled)) AS has_tenders,
        ${stockContextSql({ reason: 'cancellation', ref: orderId })} AS stock_context
      FROM cancelled`,
  );
  // The discounts' uses it held are given back (a code limited to N uses can be used again).
  if (row?.cancelled === 1 && row.has_discounts) await releaseRedemptions(conn, orderId);
  // Its gift cards and store credit get back what the checkout held.
  if (row?.cancelled === 1 && row.has_tenders) await releaseTenders(conn, orderId);
  return row?.cancelled === 1;
}

interface DueOrder {
  id: string;
  payment_session_id: string | null;
}

export interface SweepResult {
  /** Orders cancelled, their stock returned. */
  expired: number;
  /** Orders found paid at the provider and finalised instead. */
  finalized: number;
}

/**
 * Ends reservations that ran out: every pending, unpaid order past `expires_at` (up to `limit`).
 * The provider is asked first: a session paid meanwhile is finalised, never cancelled. Otherwise the
 * session is expired at the provider (so it can no longer be paid) and the order is cancelled with its
 * stock restored, one transaction per order. Safe with several processes: the cancel takes the row
 * with FOR UPDATE SKIP LOCKED and re-checks its state, and expiring a session twice is harmless.
 */
export async function expireCheckouts(
  ctx: CheckoutContext,
  { limit = 50, signal }: { limit?: number; signal?: AbortSignal | undefined } = {},
): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, finalized: 0 };
  // Uses the partial index orders_pending_expiry_idx.
  const due = await queryRows<DueOrder>(
    ctx.db,
    sql`SELECT id, payment_session_id FROM orders
      WHERE status = 'pending' AND payment_status = 'unpaid' AND expires_at <= now()
      ORDER BY expires_at LIMIT ${limit}`,
  );
  for (const order of due) {
    // The scheduled job's timeout: the orders left are the next sweep's.
    signal?.throwIfAborted();
    try {
      if (order.payment_session_id) {
        let state = await ctx.provider.getSession(order.payment_session_id);
        if (state.status !== 'paid') state = await ctx.provider.expireSession(order.payment_session_id);
        if (state.status === 'paid') {
          await finalizeCheckout(ctx, order.payment_session_id);
          result.finalized++;
          continue;
        }
      }
      const cancelled = await ctx.db.transaction((tx) =>
        cancelPendingOrder(tx, order.id, {
          type: 'checkout_expired',
          message: 'The checkout expired without payment; the order was cancelled and its stock returned.',
          onlyIfExpired: true,
        }),
      );
      if (cancelled) result.expired++;
    } catch (error) {
      // One order's trouble (the provider is down) must not stop the others; the next sweep retries.
      ctx.log.warn({ err: error, orderId: order.id }, 'could not expire checkout');
    }
  }
  return result;
}
