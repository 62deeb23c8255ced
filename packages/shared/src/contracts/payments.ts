import { z } from 'zod';

/** The payment providers a shop can take checkouts through (the server's credentials permitting). */
export const PAYMENT_PROVIDERS = ['local', 'stripe', 'paypal'] as const;

const providerName = z.enum(PAYMENT_PROVIDERS, { error: 'Choose a payment provider' });

/** One provider as Settings → Payments shows it: whether the server can use it, and what it lacks. */
export const paymentProviderStatus = z.object({
  name: providerName,
  label: z.string(),
  /** The server has its credentials (for the local provider: test payments are allowed here). */
  ready: z.boolean(),
  /** The environment variables to set before it can be chosen; empty when ready. */
  missing: z.array(z.string()),
  /** Why it cannot be chosen, for staff; null when ready. */
  message: z.string().nullable(),
});

/** GET /api/admin/settings/payments. */
export const paymentSettings = z.object({
  /** The provider new checkouts use. */
  provider: providerName,
  /** What the server uses when Settings → Payments chose none (PAYMENT_PROVIDER). */
  default_provider: providerName,
  providers: z.array(paymentProviderStatus),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

/** PUT /api/admin/settings/payments: the provider new checkouts use from now on. */
export const paymentSettingsInput = z.object({ provider: providerName });
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInput>;
