import { PAYMENT_PROVIDERS, type PaymentSettings } from '@cartwheel/shared/contracts/payments';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { storeSettings } from '../accounts/accounts.service.ts';
import { loadCheckoutSettings, SETTING_KEYS_BY_NAME } from '../shipping/checkout-settings.ts';
import { missingCredentials } from './create-payment-provider.ts';
import type { PaymentProviderName } from './payment-provider.ts';

const LABELS: Record<PaymentProviderName, string> = {
  local: 'Test payments (no money moves)',
  stripe: 'Stripe',
  paypal: 'PayPal',
};

/** Why staff cannot choose a provider yet, or null when they can. */
function whyNot(payments: Config['payments'], name: PaymentProviderName): string | null {
  const missing = missingCredentials(payments, name);
  if (!missing.length) return null;
  if (name === 'local') {
    return 'Test payments only simulate paying and are refused in production; a test shop sets ALLOW_TEST_PAYMENTS=true.';
  }
  const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0];
  return `${LABELS[name]} needs ${list} in the server's environment; set ${missing.length > 1 ? 'them' : 'it'} and restart the server.`;
}

/** The provider new checkouts use: the one chosen in Settings → Payments, else PAYMENT_PROVIDER. */
export async function activePaymentProvider(
  db: Db,
  payments: Pick<Config['payments'], 'provider'>,
): Promise<PaymentProviderName> {
  return (await loadCheckoutSettings(db)).paymentProvider ?? payments.provider;
}

/** Settings → Payments: the provider in use and every provider with what it still needs. */
export async function loadPaymentSettings(db: Db, payments: Config['payments']): Promise<PaymentSettings> {
  return {
    provider: await activePaymentProvider(db, payments),
    default_provider: payments.provider,
    providers: PAYMENT_PROVIDERS.map((name) => {
      const missing = missingCredentials(payments, name);
      return { name, label: LABELS[name], ready: !missing.length, missing, message: whyNot(payments, name) };
    }),
  };
}

/** Chooses the provider new checkouts use; one whose credentials the server lacks is refused (400). */
export async function choosePaymentProvider(
  db: Db,
  payments: Config['payments'],
  name: PaymentProviderName,
): Promise<PaymentSettings> {
  const problem = whyNot(payments, name);
  if (problem)
    throw invalid('payment_provider_unavailable', problem, [{ field: 'body.provider', message: problem }]);
  await storeSettings(db, [[SETTING_KEYS_BY_NAME.paymentProvider, name]]);
  return loadPaymentSettings(db, payments);
}
