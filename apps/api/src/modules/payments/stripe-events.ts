import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { Checkout } from '../checkout/checkout.ts';

/**
 * What a Stripe Checkout Session event does to its order. Idempotent (Stripe retries and may deliver
 * twice): paid sessions go through the same finalizeCheckout as the success page (an edit's amount
 * due through the same settlement as the buyer's return), expired and failed
 * ones cancel the order once; other events are ignored.
 */
export async function handleStripeEvent(
  checkout: Pick<Checkout, 'complete' | 'completeEditPayment' | 'cancelBySession'>,
  event: Stripe.Event,
  log: { debug(obj: object, msg?: string): void },
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session with a bank debit still pending is paid later (async_payment_succeeded).
      if (session.payment_status === 'unpaid') break;
      await checkout.complete(session.id).catch(async (error: unknown) => {
        // No checkout has it: an edit's amount due, or another shop's on the same account
        // (acknowledged, not retried).
        if (error instanceof AppError && error.code === 'checkout_session_not_found') {
          await checkout.completeEditPayment(session.id);
          return;
        }
        throw error;
      });
      break;
    }
    case 'checkout.session.expired':
      await checkout.cancelBySession(event.data.object.id, {
        type: 'checkout_expired',
        message: 'The Stripe checkout session expired; the order was cancelled and its stock returned.',
      });
      break;
    case 'checkout.session.async_payment_failed':
      await checkout.cancelBySession(event.data.object.id, {
        type: 'payment_failed',
        message: 'The payment failed; the order was cancelled and its stock returned.',
        paymentStatus: 'failed',
      });
      break;
    default:
      log.debug({ type: event.type }, 'ignored Stripe event');
  }
}
