import { type SQL, sql } from 'drizzle-orm';
import { queryPrepared, type Tx } from '../../db/client.ts';
import type { CheckoutContext } from './checkout-context.ts';
import type { Buyer } from './create-checkout-session.ts';
import { cancelPendingOrder } from './expire-checkouts.ts';
import { finalizeCheckout } from './finalize-checkout.ts';
import {
  lockStockRows,
  type OrderStockRow,
  orderStockLinesJson,
  type StockRow,
  stockRows,
  toStockLines,
} from './stock.ts';

// The buyer's earlier checkouts, which a new checkout replaces: one open checkout per buyer. Those with
// a payment session are settled before the new checkout's transaction (expired, or finalised when paid
// meanwhile); any left are cancelled inside it, under the buyer's lock.

/**
 * The buyer's own checkouts (orders `o`): by account, or by the guest's key. A draft order's payment
 * link is not one: staff sent it, and a checkout of the shopper's own leaves it open.
 */
const ownedBy = (buyer: Buyer) =>
  buyer.userId !== null
    ? sql`o.customer_id = ${buyer.userId}::uuid AND o.source = 'web'`
    : sql`o.customer_id IS NULL AND o.guest_checkout_key = ${buyer.guestKey}`;

/**
 * The buyer's open (pending, unpaid) checkouts, orders `o`. Found through orders_open_checkouts_idx (a
 * shopper's) or orders_guest_checkout_idx (a guest's), not by reading every order the buyer ever placed.
 */
export const openCheckoutsOf = (buyer: Buyer) =>
  sql`${ownedBy(buyer)} AND o.status = 'pending' AND o.payment_status = 'unpaid'`;

/** An earlier checkout of the shopper that a new one cancelled. */
export interface ReplacedCheckout {
  id: string;
  payment_session_id: string | null;
}

/** An earlier open checkout of the buyer that has a payment session, with its stock lines. */
export interface EarlierSession {
  id: string;
  payment_session_id: string;
  lines: OrderStockRow[];
}

/** The buyer's earlier pending checkouts with a payment session, as JSON (their stock lines come along). */
export function earlierSessionsSql(buyer: Buyer): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('id', o.id, 'payment_session_id', o.payment_session_id,
      'lines', ${orderStockLinesJson(sql`o.id`)})), '[]'::json)
    FROM orders o
    WHERE ${openCheckoutsOf(buyer)}
      AND o.payment_session_id IS NOT NULL)`;
}

/**
 * A shopper who starts a new checkout has left the previous one (closed the payment tab, came back to
 * change the cart): its session is expired at the provider and its stock released first, so their own
 * reservation never blocks them. A previous session that was paid meanwhile is finalised instead,
 * exactly as the sweeper would. Orders without a session id yet, and any this misses, are cancelled in
 * the reservation's transaction (cancelEarlierCheckouts). `earlier` was read with the cart's lines.
 */
export async function settleEarlierSessions(
  ctx: CheckoutContext,
  earlier: EarlierSession[],
): Promise<boolean> {
  let finalized = false;
  for (const order of earlier) {
    try {
      if (await expireAndCancel(ctx, order)) {
        await finalizeCheckout(ctx, order.payment_session_id);
        finalized = true;
      }
    } catch (error) {
      // The provider is unreachable: the order is cancelled in the reservation's transaction all the
      // same, and its session expired again after the commit.
      ctx.log.warn({ err: error, orderId: order.id }, 'could not release an earlier checkout');
    }
  }
  return finalized;
}

/**
 * Expires an earlier checkout's session and cancels the checkout unless the session was paid (true:
 * the caller finalises it instead).
 */
async function expireAndCancel(ctx: CheckoutContext, order: EarlierSession): Promise<boolean> {
  const state = await ctx.provider.expireSession(order.payment_session_id);
  if (state.status === 'paid') return true;
  await cancelPendingOrder(ctx.db, order.id, REPLACED, toStockLines(order.lines));
  return false;
}

const REPLACED = {
  type: 'checkout_replaced',
  message: 'The shopper started a new checkout; this one was cancelled and its stock returned.',
};

type LockedCheckout = ReplacedCheckout & { lines: OrderStockRow[] };

/** The buyer's open checkouts with their stock lines, locked (cancelEarlierCheckouts). */
export function lockEarlierCheckouts(tx: Tx, buyer: Buyer): Promise<LockedCheckout[]> {
  return queryPrepared<LockedCheckout>(
    tx,
    sql`SELECT o.id, o.payment_session_id, ${orderStockLinesJson(sql`o.id`)} AS lines FROM orders o
      WHERE ${openCheckoutsOf(buyer)}
      ORDER BY o.id FOR UPDATE OF o`,
  );
}

/**
 * One open checkout per shopper: cancels every pending, unpaid order of the shopper (`earlier`, as
 * lockEarlierCheckouts locked them) and returns its
 * stock, inside the new checkout's transaction (under the shopper's lock), whether or not its payment
 * session is open yet. The orders are locked first, then every stock row this transaction will move
 * (given back or taken) in the global order, so it never deadlocks with another checkout or a cancel.
 * A checkout still opening its session sees its order cancelled afterwards and gives up.
 */
export async function cancelEarlierCheckouts(
  tx: Tx,
  earlier: LockedCheckout[],
  taking: StockRow[],
): Promise<ReplacedCheckout[]> {
  if (earlier.length === 0) return [];
  const giving = earlier.map((order) => toStockLines(order.lines));
  await lockStockRows(tx, [...stockRows(giving.flat()), ...taking]);
  for (const [i, order] of earlier.entries()) {
    await cancelPendingOrder(tx, order.id, REPLACED, giving[i]);
  }
  return earlier.map(({ id, payment_session_id }) => ({ id, payment_session_id }));
}

/**
 * After the commit: the sessions of the replaced checkouts can no longer be paid. One paid in the
 * meantime is finalised (finalisation takes the stock again, or flags the order for staff).
 */
export async function expireReplacedSessions(
  ctx: CheckoutContext,
  replaced: ReplacedCheckout[],
): Promise<void> {
  for (const order of replaced) {
    if (!order.payment_session_id) continue;
    try {
      const state = await ctx.provider.expireSession(order.payment_session_id);
      if (state.status === 'paid') await finalizeCheckout(ctx, order.payment_session_id);
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'could not expire a replaced checkout');
    }
  }
}
