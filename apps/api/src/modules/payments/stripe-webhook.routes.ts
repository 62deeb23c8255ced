import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { Checkout } from '../checkout/checkout.ts';
import { handleStripeEvent } from './stripe-events.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';

/**
 * POST /api/webhooks/stripe: Stripe tells us about Checkout Sessions. The signature is verified over
 * the exact raw body, so this plugin parses JSON bodies as raw bytes (scoped to it); what each event
 * does is in stripe-events.ts.
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

    await handleStripeEvent(checkout, event, request.log);
    return reply.send({ received: true });
  });
};
