import type { FastifyPluginAsync } from 'fastify';
import type { Checkout } from '../checkout/checkout.ts';
import type { LocalPaymentProvider } from './local-provider.ts';
import { payPageRoutes } from './pay-page.routes.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/**
 * The routes the configured provider needs, registered at the root: the local provider's hosted page
 * at /pay/:sessionId, or Stripe's webhook at /api/webhooks/stripe. Each parses its own body format.
 */
export const paymentsRoutes: FastifyPluginAsync<{ checkout: Checkout }> = async (app, { checkout }) => {
  const provider = checkout.provider;
  if (provider.name === 'local') {
    await app.register(payPageRoutes, { provider: provider as LocalPaymentProvider, checkout });
  } else {
    await app.register(stripeWebhookRoutes, {
      provider: provider as StripePaymentProvider,
      checkout,
      prefix: '/api',
    });
  }
};
