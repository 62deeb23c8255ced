import { z } from 'zod';
import { dashboardFigures, dashboardQuery, dateRange } from './dashboard.ts';

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/**
 * GET /api/admin/analytics: the dashboard's ranges (half-open, the last 30 days by default, compared
 * with the period just before) and the chart's interval (by default a day up to 31 days, a week up to
 * 120, else a month). Buckets start at UTC midnights (weeks on Mondays, months on the 1st).
 */
export const analyticsQuery = dashboardQuery.extend({
  interval: z
    .enum(ANALYTICS_INTERVALS, { error: `interval must be one of: ${ANALYTICS_INTERVALS.join(', ')}` })
    .optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** One bucket of the sales chart: net sales and orders of the sold orders placed in it. */
export const salesPoint = z.object({
  bucket: z.string(),
  net_sales: z.number().int(),
  orders: z.number().int(),
});

/** A product or a category by what it sold in the range (net of refunded units). */
export const topSeller = z.object({
  id: z.uuid(),
  name: z.string(),
  units: z.number().int(),
  net_sales: z.number().int(),
});

export const lowStockItem = z.object({
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  name: z.string(),
  sku: z.string(),
  inventory_level: z.number().int(),
  warning_level: z.number().int(),
});

export const analytics = z.object({
  range: dateRange,
  compare: dateRange,
  interval: z.enum(ANALYTICS_INTERVALS),
  /** The dashboard's figures of the two ranges (net sales, orders, units...). */
  current: dashboardFigures,
  previous: dashboardFigures,
  /** net sales / orders in cents, 0 without orders. */
  average_order_value: z.object({ current: z.number().int(), previous: z.number().int() }),
  /** The chart: the range's buckets, and the comparison range's, bucket for bucket. */
  series: z.array(salesPoint),
  previous_series: z.array(salesPoint),
  top_products: z.array(topSeller),
  top_categories: z.array(topSeller),
  /** Buyers (accounts, or guests by email) with a sold order in the range: first order in it, or before. */
  customers: z.object({ new: z.number().int(), returning: z.number().int() }),
  /**
   * Shoppers who had a cart (a signed-in cart filled in the range, or a checkout started in it), who
   * started a checkout, and whose checkout was paid.
   */
  conversion: z.object({ carts: z.number().int(), checkouts: z.number().int(), paid: z.number().int() }),
  /** Live products and variants at or under their stock warning level (not ranged), lowest first. */
  low_stock: z.array(lowStockItem),
});
export type Analytics = z.infer<typeof analytics>;
