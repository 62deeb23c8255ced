import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider, PaymentProviderName } from './payment-provider.ts';
import { createPaymentRouter, type PaymentRouter } from './payment-router.ts';
import { mayCapturePayPalOrder } from './paypal-events.ts';

type PaymentsConfig = Pick<Config, 'payments' | 'publicUrl' | 'authSecret'>;

/**
 * What a provider still needs before it can take payments: the missing variables, or for the local
 * provider in production the reason it is refused. Empty: ready.
 */
export function missingCredentials(payments: Config['payments'], name: PaymentProviderName): string[] {
  const unset = (entries: Record<string, string | undefined>) =>
    Object.entries(entries)
      .filter(([, value]) => !value)
      .map(([key]) => key);
  switch (name) {
    case 'local':
      return payments.allowTestPayments ? [] : ['ALLOW_TEST_PAYMENTS'];
    case 'stripe':
      return unset({
        STRIPE_SECRET_KEY: payments.stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: payments.stripe.webhookSecret,
      });
    case 'paypal':
      return unset({
        PAYPAL_CLIENT_ID: payments.paypal.clientId,
        PAYPAL_CLIENT_SECRET: payments.paypal.clientSecret,
        PAYPAL_WEBHOOK_ID: payments.paypal.webhookId,
      });
  }
}

/**
 * Every provider the configuration has credentials for, behind one router (payment-router.ts): the
 * local one (outside production, or with ALLOW_TEST_PAYMENTS), Stripe and PayPal. The SDKs are only
 * loaded when their provider is configured. `only`: one provider of the caller's (tests).
 */
export async function createPaymentProvider(
  config: PaymentsConfig,
  db: Db,
  only?: PaymentProvider,
): Promise<PaymentRouter> {
  const { payments } = config;
  if (only) return createPaymentRouter(db, [only], only.name);
  const providers: PaymentProvider[] = [];
  const ready = (name: PaymentProviderName) => missingCredentials(payments, name).length === 0;
  if (ready('local')) providers.push(createLocalPaymentProvider(db, config));
  if (ready('stripe')) {
    const { createStripePaymentProvider } = await import('./stripe-provider.ts');
    providers.push(
      createStripePaymentProvider({
        secretKey: payments.stripe.secretKey!,
        webhookSecret: payments.stripe.webhookSecret!,
        apiBase: payments.stripe.apiBase,
      }),
    );
  }
  if (ready('paypal')) {
    const { createPayPalPaymentProvider } = await import('./paypal-provider.ts');
    providers.push(
      createPayPalPaymentProvider({
        clientId: payments.paypal.clientId!,
        clientSecret: payments.paypal.clientSecret!,
        webhookId: payments.paypal.webhookId!,
        environment: payments.paypal.environment,
        apiBase: payments.paypal.apiBase,
        mayCapture: (sessionId) => mayCapturePayPalOrder(db, sessionId),
      }),
    );
  }
  if (!ready(payments.provider)) {
    throw new Error(
      `PAYMENT_PROVIDER=${payments.provider} needs ${missingCredentials(payments, payments.provider).join(', ')}`,
    );
  }
  return createPaymentRouter(db, providers, payments.provider);
}
