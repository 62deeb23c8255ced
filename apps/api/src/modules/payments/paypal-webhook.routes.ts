import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Checkout } from '../checkout/checkout.ts';
import { handlePayPalEvent, type PayPalEvent } from './paypal-events.ts';
import type { PayPalPaymentProvider } from './paypal-provider.ts';

const refused = () =>
  new AppError('invalid', 'invalid_signature', 'PayPal could not verify this webhook delivery');

/**
 * POST /api/webhooks/paypal: PayPal tells us about orders and captures. Each delivery is verified by
 * PayPal's verify-webhook-signature call over the exact raw body before anything is done (an
 * unverified one is a 400); what each event does is in paypal-events.ts.
 */
export const paypalWebhookRoutes: FastifyPluginAsync<{
  provider: PayPalPaymentProvider;
  checkout: Checkout;
}> = async (app, { provider, checkout }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/webhooks/paypal', { schema: { hide: true } }, async (request, reply) => {
    const raw = request.body;
    if (typeof raw !== 'string') throw new AppError('invalid', 'invalid_request', 'Expected a JSON body');
    let event: PayPalEvent;
    try {
      event = JSON.parse(raw) as PayPalEvent;
    } catch {
      throw refused();
    }
    if (typeof event?.event_type !== 'string' || typeof event.resource !== 'object' || !event.resource) {
      throw refused();
    }
    if (!(await provider.verifyWebhook(raw, request.headers))) throw refused();
    await handlePayPalEvent(app.db, checkout, event, request.log);
    return reply.send({ received: true });
  });
};
