import { z } from 'zod';
import { ANALYTICS_INTERVALS } from './analytics.ts';
import { dashboardQuery, dateRange } from './dashboard.ts';
import { pageLimitParam, pageParam } from './orders.ts';

/**
 * GET /api/admin/finances: the dashboard's range (half-open, the last 30 days by default) and the
 * period of the summaries (by default a day up to 31 days, a week up to 120, else a month).
 */
export const financesQuery = dashboardQuery.pick({ from: true, to: true }).extend({
  interval: z
    .enum(ANALYTICS_INTERVALS, { error: `interval must be one of: ${ANALYTICS_INTERVALS.join(', ')}` })
    .optional(),
});
export type FinancesQuery = z.input<typeof financesQuery>;

/** GET /api/admin/finances/ledger: the range, paged by the server. */
export const ledgerQuery = dashboardQuery
  .pick({ from: true, to: true })
  .extend({ page: pageParam, limit: pageLimitParam });
export type LedgerQuery = z.input<typeof ledgerQuery>;

/**
 * One money movement: a payment received or a refund given (a refund's amount is positive), in minor
 * units of the base currency, and again in the currency it was paid or refunded in.
 */
export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  date: z.string(),
  order_id: z.uuid(),
  order_number: z.number().int().nullable(),
  method: z.string().nullable(),
  provider: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  amount_in_currency: z.number().int(),
  reference: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerPage = z.object({
  items: z.array(ledgerEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

const cents = z.number().int();

/** Payments received less refunds given, per period; `method` rows per payment method over the range. */
export const payoutRow = z.object({
  period: z.string(),
  payments: z.number().int(),
  gross: cents,
  refunds: cents,
  net: cents,
});
export const methodRow = z.object({
  method: z.string(),
  payments: z.number().int(),
  gross: cents,
  refunds: cents,
  net: cents,
});
export const taxRow = z.object({
  period: z.string(),
  country: z.string(),
  state: z.string().nullable(),
  orders: z.number().int(),
  collected: cents,
  refunded: cents,
  net: cents,
});
/**
 * A currency the range's payments were made in: their count, the gross and refunds in that currency,
 * and the same in the base currency (what the other figures add up).
 */
export const currencyRow = z.object({
  currency: z.string(),
  orders: z.number().int(),
  gross: cents,
  refunds: cents,
  base_gross: cents,
  base_refunds: cents,
});
export const discountRow = z.object({
  code: z.string().nullable(),
  title: z.string(),
  kind: z.string(),
  orders: z.number().int(),
  amount: cents,
});

export const finances = z.object({
  range: dateRange,
  interval: z.enum(ANALYTICS_INTERVALS),
  totals: z.object({
    payments: z.number().int(),
    gross: cents,
    refunds: cents,
    net: cents,
    tax: cents,
    discounts: cents,
  }),
  payouts: z.array(payoutRow),
  by_method: z.array(methodRow),
  by_currency: z.array(currencyRow),
  tax: z.array(taxRow),
  discounts: z.array(discountRow),
});
export type Finances = z.infer<typeof finances>;
