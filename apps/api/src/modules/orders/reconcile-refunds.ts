import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { AfterSaleContext } from './order-emails.ts';
import { completeRefund, settleWithProvider } from './refund-order.ts';

/** How often the reconciliation job runs (one run per period across every worker). */
export const REFUND_RECONCILE_PERIOD_SECONDS = 5 * 60;

/**
 * A refund still pending after this long was left by a process that stopped between the provider's
 * answer and the final save (a live refund asks the provider for well under a minute).
 */
export const REFUND_STALE_AFTER_SECONDS = 5 * 60;

/**
 * Stripe keeps an idempotency key for 24 hours: after that a repeat could pay the refund a second
 * time, so older pending refunds are left for staff to check with the provider.
 */
const KEY_LIFETIME_HOURS = 23;

/**
 * Finishes the refunds that stayed `pending` (docs/decisions/0026-fulfilments-and-refunds.md): each is
 * asked of its provider again with the same idempotency key (the provider answers the refund it made,
 * or makes it now), then recorded by the same final save as a live refund, which runs once however
 * often this runs. A refusal marks it failed, as it would have been live. A refund of an order paid
 * through a provider the shop no longer uses stays pending.
 */
export async function reconcilePendingRefunds(
  ctx: AfterSaleContext,
  staleAfterSeconds = REFUND_STALE_AFTER_SECONDS,
  signal?: AbortSignal,
): Promise<{ completed: number; failed: number }> {
  const stale = await queryRows<{
    id: string;
    order_id: string;
    amount: number;
    provider_amount: number;
    provider: string;
    created_by: string | null;
    payment_session_id: string | null;
    currency: string;
  }>(
    ctx.db,
    sql`SELECT r.id, r.order_id, r.amount, COALESCE(r.provider_amount, r.amount) AS provider_amount, r.provider, r.created_by, o.payment_session_id, o.currency
      FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE r.status = 'pending' AND r.created_at < now() - make_interval(secs => ${staleAfterSeconds})
        AND r.created_at > now() - make_interval(hours => ${KEY_LIFETIME_HOURS})
      ORDER BY r.created_at LIMIT 100`,
  );
  const result = { completed: 0, failed: 0 };
  for (const row of stale) {
    // The scheduled job's timeout: the refunds left are the next run's.
    signal?.throwIfAborted();
    if (row.provider !== 'manual' && !ctx.provider.get(row.provider)) continue;
    const outcome = await settleWithProvider(
      ctx,
      {
        id: row.id,
        orderId: row.order_id,
        total: Number(row.amount),
        providerAmount: Number(row.provider_amount),
        provider: row.provider,
        sessionId: row.payment_session_id,
        currency: row.currency,
      },
      row.created_by,
    );
    if (!outcome.ok) result.failed++;
    else if (await completeRefund(ctx, row.id, outcome.providerRefundId, row.created_by)) result.completed++;
  }
  return result;
}
