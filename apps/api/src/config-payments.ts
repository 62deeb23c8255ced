import { z } from 'zod';

// The payment variables of config.ts, which parses them with the rest of the environment once.

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const paymentsEnv = {
  // The provider new checkouts use until Settings → Payments names another (local, stripe or paypal).
  PAYMENT_PROVIDER: z.enum(['local', 'stripe', 'paypal']).default('local'),
  // The local provider in production: refused unless set on purpose (a demo or staging shop).
  ALLOW_TEST_PAYMENTS: bool.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  // PayPal's REST app (developer.paypal.com → Apps & Credentials): its client id and secret.
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  // The id PayPal gave the shop's webhook (…/api/webhooks/paypal): events are verified against it.
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  // Which PayPal: the sandbox (test accounts, no money moves) or live.
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  // Another PayPal API origin (tests: a local fake of PayPal's endpoints), e.g. http://127.0.0.1:12112.
  PAYPAL_API_BASE: z.url().optional(),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnv>> & { NODE_ENV: string };

/** The payment providers' settings (Config['payments']). */
export interface PaymentsConfig {
  provider: 'local' | 'stripe' | 'paypal';
  /**
   * True with the local provider, in every environment: payments are simulated and no card is
   * charged. The front ends show a test-mode banner; production needs ALLOW_TEST_PAYMENTS=true.
   */
  testPayments: boolean;
  /**
   * Whether the local provider may take checkouts: outside production always, in production only
   * with ALLOW_TEST_PAYMENTS=true.
   */
  allowTestPayments: boolean;
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
  paypal: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookId: string | undefined;
    environment: 'sandbox' | 'live';
    /** Unset: PayPal's own API for the environment. */
    apiBase: string | undefined;
  };
}

/** The credentials PAYMENT_PROVIDER needs, missing. */
export function providerKeyProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (raw.PAYMENT_PROVIDER === 'stripe') {
    if (!raw.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    if (!raw.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }
  if (raw.PAYMENT_PROVIDER === 'paypal') {
    for (const key of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) {
      if (!raw[key]) problems.push(`${key}: required when PAYMENT_PROVIDER=paypal`);
    }
  }
  return problems;
}

/** The local provider in production without ALLOW_TEST_PAYMENTS. */
export function testPaymentProblems(raw: Record<string, string | undefined>, nodeEnv: string): string[] {
  const problems: string[] = [];
  const testPayments = (raw.PAYMENT_PROVIDER || 'local') === 'local';
  const allowed = raw.ALLOW_TEST_PAYMENTS === 'true' || raw.ALLOW_TEST_PAYMENTS === '1';
  if (nodeEnv === 'production' && testPayments && !allowed) {
    problems.push(
      'PAYMENT_PROVIDER: the local provider only simulates payments (no card is charged); in production set PAYMENT_PROVIDER=stripe or paypal with its keys, or ALLOW_TEST_PAYMENTS=true to run a test shop on purpose',
    );
  }
  return problems;
}

/** Config.payments from the parsed environment. */
export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  return {
    provider: e.PAYMENT_PROVIDER,
    testPayments: e.PAYMENT_PROVIDER === 'local',
    allowTestPayments: e.NODE_ENV !== 'production' || e.ALLOW_TEST_PAYMENTS,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE?.replace(/\/+$/, ''),
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      environment: e.PAYPAL_ENVIRONMENT,
      apiBase: e.PAYPAL_API_BASE?.replace(/\/+$/, ''),
    },
  };
}
