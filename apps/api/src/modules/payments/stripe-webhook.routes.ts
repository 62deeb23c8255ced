import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { Checkout } from '../checkout/checkout.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';

/**
 * POST /api/webhooks/stripe: Stripe tells us about Checkout Sessions. The signature is verified over
 * the exact raw body, so this plugin parses JSON bodies as raw bytes (scoped to it). Handling is
 * idempotent (Stripe retries and may deliver twice): paid sessions go through the same
 * finalizeCheckout as the success page, expired and failed ones cancel the order once.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  provider: StripePaymentProvider;
  checkout: Checkout;
}> = async (app, { provider, checkout }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/webhooks/stripe', { schema: { hide: true } }, async (request, reply) => {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new AppError('invalid', 'invalid_request', 'Expected a JSON body');
    let event: Stripe.Event;
    try {
      event = provider.verifyWebhook(raw, request.headers['stripe-signature']);
    } catch {
      throw new AppError(
        'invalid',
        'invalid_signature',
        'The Stripe-Signature header does not match this body',
      );
    }

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A completed session with a bank debit still pending is paid later (async_payment_succeeded).
        if (session.payment_status === 'unpaid') break;
        await checkout.complete(session.id).catch((error: unknown) => {
          // An order we do not know (another shop on the same account) is acknowledged, not retried.
          if (error instanceof AppError && error.code === 'checkout_session_not_found') return;
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
        request.log.debug({ type: event.type }, 'ignored Stripe event');
    }
    return reply.send({ received: true });
  });
};
