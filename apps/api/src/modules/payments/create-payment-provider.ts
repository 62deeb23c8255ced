import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The provider the configuration asks for: `local` (default, offline) or `stripe`. The Stripe SDK
 * is only loaded when it is used.
 */
export async function createPaymentProvider(
  config: Pick<Config, 'payments' | 'publicUrl' | 'authSecret'>,
  db: Db,
): Promise<PaymentProvider> {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    if (!payments.stripe.secretKey || !payments.stripe.webhookSecret) {
      throw new Error(
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=stripe',
      );
    }
    const { createStripePaymentProvider } = await import('./stripe-provider.ts');
    return createStripePaymentProvider({
      secretKey: payments.stripe.secretKey,
      webhookSecret: payments.stripe.webhookSecret,
      apiBase: payments.stripe.apiBase,
    });
  }
  return createLocalPaymentProvider(db, config);
}
