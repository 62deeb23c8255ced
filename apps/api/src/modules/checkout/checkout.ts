import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { appErrorAnswer } from '../../lib/error-handler.ts';
import { AppError } from '../../lib/errors.ts';
import { settleEditBySession } from '../order-edits/order-edit-payments.ts';
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
import type { Short } from './sold-out.ts';

/** A guest's line as sent, with ids where the stock rows are keyed: a product's and maybe a variant's. */
const idsOnly = (line: unknown): line is { product_id: string; variant_id?: string | null } => {
  const l = line as { product_id?: unknown; variant_id?: unknown } | null;
  return (
    typeof l?.product_id === 'string' &&
    (l.variant_id === undefined || l.variant_id === null || typeof l.variant_id === 'string')
  );
};

// An opportunistic sweep before a checkout runs at most this often per process (the scheduled
// checkout-expire job is the real mechanism; this only returns expired stock sooner when the shop is busy).
const OPPORTUNISTIC_SWEEP_EVERY_MS = 10_000;

export type Checkout = ReturnType<typeof createCheckout>;

/** The checkout flows bound to one app's database, settings, payment provider and mailer. */
export function createCheckout(ctx: CheckoutContext) {
  let lastSweepAt = 0;
  // A mark's refusal, written once: the mark is the same object while it lives (a sale's thousands of
  // sold-out answers are one string).
  const answers = new WeakMap<Short, string>();
  let running: Promise<SweepResult> | null = null;

  function sweep(signal?: AbortSignal): Promise<SweepResult> {
    // One sweep at a time per process; other processes coordinate through row locks.
    if (!running) {
      lastSweepAt = Date.now();
      running = expireCheckouts(ctx, { signal }).finally(() => {
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
      const known = ctx.soldOut?.check(guestStockRows(request.guest?.lines ?? []));
      if (!known) return;
      ctx.countOutcome?.('insufficient_inventory');
      throw insufficientInventory(known);
    },

    /**
     * Waits for a guest's turn at their lines' stock rows (at most a few reservations of a row at once
     * per process, see SoldOutMarks.admit) before anything of the checkout is read or written: a flash
     * sale's crowd waits without a statement, and once the row is marked sold out the waiting get the
     * 409 (thrown, released). Returns the release, to pass on with the buyer (the reservation calls it);
     * a row nobody else is buying admits at once.
     */
    async admitGuest(request: CheckoutRequest): Promise<() => void> {
      const release = (await ctx.soldOut?.admit(guestStockRows(request.guest?.lines ?? []))) ?? (() => {});
      try {
        this.refuseKnownSoldOut(request);
      } catch (error) {
        release();
        throw error;
      }
      return release;
    },

    /**
     * The same refusal from a body as sent, before it is validated (the route's first step for a
     * request without a cookie): the 409's status and JSON text, or null. Only the lines' ids are
     * read; anything else in the body is left to the validation of a checkout that goes ahead.
     */
    soldOutAnswer(body: unknown): { status: number; json: string } | null {
      const lines = (body as { guest?: { lines?: unknown } } | null)?.guest?.lines;
      if (!ctx.soldOut || !Array.isArray(lines) || !lines.every(idsOnly)) return null;
      const known = ctx.soldOut.check(guestStockRows(lines));
      if (!known) return null;
      ctx.countOutcome?.('insufficient_inventory');
      let json = answers.get(known);
      if (json === undefined) {
        json = JSON.stringify(appErrorAnswer(insufficientInventory(known)).body);
        answers.set(known, json);
      }
      return { status: 409, json };
    },

    /** `callerId`: the success page's signed-in user, or null for a guest (the session id is the secret). */
    complete: (sessionId: string, callerId?: string | null) =>
      finalizeCheckout(ctx, sessionId, callerId === undefined ? {} : { callerId }),

    /** A provider's webhook for a session no checkout has: an edit's amount due, settled; false if not. */
    completeEditPayment: (sessionId: string) => settleEditBySession(ctx, sessionId),

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
