import Stripe from 'stripe';

/**
 * The Stripe SDK client the payment and tax providers share: the secret key, and another API origin
 * when one is given (tests: the local fake of Stripe's endpoints).
 */
export function createStripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Cartwheel' },
  });
}

/** The SDK's error classes, for `instanceof` where the SDK itself is loaded on first use. */
export const stripeErrors = Stripe.errors;
