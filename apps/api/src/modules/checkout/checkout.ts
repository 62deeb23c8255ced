import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutContext } from './checkout-context.ts';
import {
  type Buyer,
  type CheckoutRequest,
  createCheckoutSession,
  guestStockRows,
  insufficientInventory,
} from './create-checkout-session.ts';
import { cancelPendingOrder, expireCheckouts, type SweepResult } from './expire-checkouts.ts';
import { finalizeCheckout } from './finalize-checkout.ts';

// An opportunistic sweep before a checkout runs at most this often per process (the scheduled
// checkout-expire job is the real mechanism; this only returns expired stock sooner when the shop is busy).
const OPPORTUNISTIC_SWEEP_EVERY_MS = 10_000;

export type Checkout = ReturnType<typeof createCheckout>;

/** The checkout flows bound to one app's database, settings, payment provider and mailer. */
export function createCheckout(ctx: CheckoutContext) {
  let lastSweepAt = 0;
  let running: Promise<SweepResult> | null = null;

  function sweep(): Promise<SweepResult> {
    // One sweep at a time per process; other processes coordinate through row locks.
    if (!running) {
      lastSweepAt = Date.now();
      running = expireCheckouts(ctx).finally(() => {
        running = null;
      });
    }
    return running;
  }

  async function sweepIfDue(): Promise<void> {
    if (running || Date.now() - lastSweepAt < OPPORTUNISTIC_SWEEP_EVERY_MS) return;
    await sweep().catch((error: unknown) => ctx.log.warn({ err: error }, 'checkout expiry sweep failed'));
  }

  return {
    ctx,
    provider: ctx.provider,

    async createSession(buyer: Buyer, request: CheckoutRequest) {
      await sweepIfDue();
      try {
        const created = await createCheckoutSession(ctx, buyer, request);
        ctx.countOutcome?.('session_created');
        return created;
      } catch (error) {
        ctx.countOutcome?.(error instanceof AppError ? error.code : 'error');
        throw error;
      }
    },

    /**
     * A guest's checkout of a row this process knows is sold out (a flash sale): the same 409 as the
     * reservation's, at once, before anything is read or written (the per-address limit included).
     */
    refuseKnownSoldOut(request: CheckoutRequest): void {
      const known = ctx.soldOut?.check(guestStockRows(request));
      if (!known) return;
      ctx.countOutcome?.('insufficient_inventory');
      throw insufficientInventory(known);
    },

    /** `callerId`: the success page's signed-in user, or null for a guest (the session id is the secret). */
    complete: (sessionId: string, callerId?: string | null) =>
      finalizeCheckout(ctx, sessionId, callerId === undefined ? {} : { callerId }),

    /** The shopper left the payment page (local Cancel, Stripe expired or failed): stock returns now. */
    async cancelBySession(
      sessionId: string,
      reason: { type: string; message: string; paymentStatus?: 'unpaid' | 'failed' },
    ): Promise<boolean> {
      return ctx.db.transaction(async (tx) => {
        const [order] = await queryRows<{ id: string }>(
          tx,
          sql`SELECT id FROM orders WHERE payment_session_id = ${sessionId}`,
        );
        return order ? cancelPendingOrder(tx, order.id, reason) : false;
      });
    },

    /** Expires due checkouts (the scheduled checkout-expire job, tests); one sweep at a time per process. */
    sweep,

    /** Waits for a sweep in progress (server shutdown). */
    async settled(): Promise<void> {
      await running?.catch(() => {});
    },
  };
}
