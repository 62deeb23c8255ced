import type { FastifyPluginAsync } from 'fastify';
import type { Checkout } from '../checkout/checkout.ts';
import type { LocalPaymentProvider } from './local-provider.ts';
import { payPageRoutes } from './pay-page.routes.ts';
import type { PayPalPaymentProvider } from './paypal-provider.ts';
import { paypalWebhookRoutes } from './paypal-webhook.routes.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/**
 * The routes of every configured provider, registered at the root: the local provider's hosted page
 * at /pay/:sessionId, Stripe's webhook at /api/webhooks/stripe, PayPal's at /api/webhooks/paypal. Each
 * parses its own body format.
 */
export const paymentsRoutes: FastifyPluginAsync<{ checkout: Checkout }> = async (app, { checkout }) => {
  const { provider } = checkout;
  const local = provider.get('local');
  if (local) await app.register(payPageRoutes, { provider: local as LocalPaymentProvider, checkout });
  const stripe = provider.get('stripe');
  if (stripe) {
    await app.register(stripeWebhookRoutes, {
      provider: stripe as StripePaymentProvider,
      checkout,
      prefix: '/api',
    });
  }
  const paypal = provider.get('paypal');
  if (paypal) {
    await app.register(paypalWebhookRoutes, {
      provider: paypal as PayPalPaymentProvider,
      checkout,
      prefix: '/api',
    });
  }
};
