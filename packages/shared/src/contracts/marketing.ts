import { z } from 'zod';

export const ABANDONED_DELAY_MINUTES_MIN = 1;
/** A week: later than that a reminder is more surprise than help. */
export const ABANDONED_DELAY_MINUTES_MAX = 7 * 24 * 60;
export const DEFAULT_ABANDONED_DELAY_MINUTES = 4 * 60;

/** GET/PATCH /api/admin/marketing/settings: abandoned-checkout recovery. */
export const marketingSettings = z.object({
  abandoned_enabled: z.boolean(),
  /** How long after the checkout started the email goes (hours in the back office, minutes here). */
  abandoned_delay_minutes: z.number().int(),
  /** A discount code the email offers, or null. */
  abandoned_discount_code: z.string().nullable(),
});
export type MarketingSettings = z.infer<typeof marketingSettings>;

export const marketingSettingsPatch = z.object({
  abandoned_enabled: z.boolean().optional(),
  abandoned_delay_minutes: z
    .number({ error: 'Delay must be a whole number of minutes' })
    .int('Delay must be a whole number of minutes')
    .min(ABANDONED_DELAY_MINUTES_MIN, `Delay must be at least ${ABANDONED_DELAY_MINUTES_MIN} minute`)
    .max(ABANDONED_DELAY_MINUTES_MAX, 'Delay must be at most 7 days')
    .optional(),
  abandoned_discount_code: z
    .string()
    .trim()
    .max(64, 'Discount code must be at most 64 characters')
    .nullable()
    .optional(),
});
export type MarketingSettingsPatch = z.infer<typeof marketingSettingsPatch>;

/** One unpaid checkout that had an email: who, what, value, when, and what recovery did. */
export const abandonedCheckout = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  is_guest: z.boolean(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  total_amount: z.number().int(),
  /** The checkout's currency (the recovered order was paid in the same). */
  currency: z.string(),
  created_at: z.string(),
  marketing_opt_in: z.boolean(),
  email_sent_at: z.string().nullable(),
  recovered_at: z.string().nullable(),
  recovered_amount: z.number().int().nullable(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckout>;

/** GET /api/admin/marketing/abandoned-checkouts?page=&limit= (newest first). */
export const abandonedCheckoutList = z.object({ items: z.array(abandonedCheckout), total: z.number().int() });

/** GET /api/admin/marketing/summary?from=&to=: recovery over a date range (days, UTC, inclusive). */
export const recoverySummary = z.object({
  from: z.string(),
  to: z.string(),
  abandoned: z.number().int(),
  emails_sent: z.number().int(),
  recovered: z.number().int(),
  recovered_amount: z.number().int(),
});
export type RecoverySummary = z.infer<typeof recoverySummary>;

/** GET /api/checkout-recovery/:token: the lines to put back in the cart. */
export const recoveredCart = z.object({
  items: z.array(
    z.object({ product_id: z.uuid(), variant_id: z.uuid().nullable(), quantity: z.number().int().min(1) }),
  ),
  discount_code: z.string().nullable(),
});
export type RecoveredCart = z.infer<typeof recoveredCart>;

/** GET/PUT /api/account/marketing: the signed-in customer's consent to marketing email. */
export const marketingConsent = z.object({ marketing_opt_in: z.boolean() });
export type MarketingConsent = z.infer<typeof marketingConsent>;

/** POST /api/marketing/unsubscribe: the signed token from the email's link. */
export const unsubscribeBody = z.object({ token: z.string().min(1, 'token is required').max(600) });
export const unsubscribeResult = z.object({ email: z.string(), unsubscribed: z.literal(true) });
