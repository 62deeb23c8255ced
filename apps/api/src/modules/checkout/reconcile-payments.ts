import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { finalizeCheckout } from './finalize-checkout.ts';

/** Open checkouts asked about per statement. */
const BATCH = 500;

export interface ReconcileResult {
  /** Payments the provider had taken that are now recorded. */
  recorded: number;
}

/**
 * Records payments the provider took whose completion never arrived (the server stopped between the
 * payment and the success page's call, the shopper closed the tab): every pending checkout with a
 * session is asked about, a batch at a time, and the paid ones go through finalizeCheckout like the
 * success page. Only for a provider that answers `paidSessions` (the local one); Stripe's webhook
 * does this for its payments.
 */
export async function reconcilePayments(
  ctx: CheckoutContext,
  signal?: AbortSignal,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { recorded: 0 };
  const { provider } = ctx;
  if (!provider.paidSessions) return result;
  let after: { expires_at: string; id: string } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    // The partial index orders_pending_expiry_idx holds exactly the open checkouts.
    const open: Array<{ id: string; expires_at: string; payment_session_id: string }> = await queryRows(
      ctx.db,
      sql`SELECT id, expires_at::text AS expires_at, payment_session_id FROM orders
        WHERE status = 'pending' AND payment_status = 'unpaid' AND payment_session_id IS NOT NULL
          ${after ? sql`AND (expires_at, id) > (${after.expires_at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY expires_at, id LIMIT ${BATCH}`,
    );
    const paid = await provider.paidSessions(open.map((order) => order.payment_session_id));
    for (const sessionId of paid) {
      signal?.throwIfAborted();
      try {
        if ((await finalizeCheckout(ctx, sessionId)).recorded) result.recorded++;
      } catch (error) {
        // One order's trouble must not stop the others; the next run tries again.
        ctx.log.warn({ err: error, sessionId }, 'could not record a payment taken at the provider');
      }
    }
    if (open.length < BATCH) return result;
    const last = open[open.length - 1]!;
    after = { expires_at: last.expires_at, id: last.id };
  }
}
