import { z } from 'zod';
import { orderStatus } from './orders.ts';

/** An ISO date or date-time in a query, as a Date. */
export const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'must be an ISO date (2026-09-01) or date-time (2026-09-01T00:00:00Z)',
  })
  .transform((s) => new Date(s));

/**
 * GET /api/admin/dashboard. Ranges are half-open: from ≤ created_at < to. Without `from`/`to` the
 * last 30 days; without a comparison range the period of the same length just before.
 */
export const dashboardQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  compare_from: instant.optional(),
  compare_to: instant.optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

/**
 * The money figures of one date range, in cents, over orders placed in the range that are paid and
 * not cancelled. Net sales: the orders' subtotals minus their discounts and refunded lines (shipping
 * and tax are not sales). Gross profit: over the lines that have a cost, their net sales minus their cost.
 */
export const dashboardFigures = z.object({
  orders: z.number().int(),
  net_sales: z.number().int(),
  /** Σ of the orders' discounts off their lines (a free-shipping discount is in shipping). */
  discounts: z.number().int(),
  shipping: z.number().int(),
  taxes: z.number().int(),
  /** Net sales of the lines that have a product cost. */
  sales_with_cost: z.number().int(),
  cost_of_goods: z.number().int(),
  gross_profit: z.number().int(),
  /** gross_profit / sales_with_cost, a fraction (0.42 = 42%); null when nothing with a cost sold. */
  gross_margin: z.number().nullable(),
  /** Units sold (less refunded units), and how many of them had a product cost. */
  items_sold: z.number().int(),
  items_with_cost: z.number().int(),
  /** Draft orders (Point of Sale) created in the range and not paid yet. */
  draft_orders: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dateRange = z.object({ from: z.string(), to: z.string() });

export const recentOrder = z.object({
  id: z.uuid(),
  order_number: z.number().int(),
  customer_name: z.string(),
  created_at: z.string(),
  total_amount: z.number().int(),
  /** The ISO 4217 code of the order's amounts. */
  currency: z.string(),
  item_count: z.number().int(),
  status: orderStatus,
});

export const SETUP_STEPS = ['add_product', 'payment_provider', 'mail', 'first_order'] as const;

export const setupStep = z.object({
  key: z.enum(SETUP_STEPS),
  label: z.string(),
  description: z.string(),
  done: z.boolean(),
  /** The /admin page where the step is finished; null when it is done in the server's configuration. */
  href: z.string().nullable(),
});
export type SetupStep = z.infer<typeof setupStep>;

export const dashboard = z.object({
  range: dateRange,
  compare: dateRange,
  current: dashboardFigures,
  previous: dashboardFigures,
  recent_orders: z.array(recentOrder),
  setup: z.array(setupStep),
});
export type Dashboard = z.infer<typeof dashboard>;
