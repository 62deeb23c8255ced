import { z } from 'zod';

/**
 * The Shop sales channel (managers and admins): product feeds for Google Merchant Center and Meta
 * catalogs, and which products they list.
 */

/** Why a product is left out of the feeds, or what a marketplace will reject it for. */
export const FEED_PROBLEMS = [
  'excluded',
  'hidden',
  'no_image',
  'no_brand',
  'no_description',
  'no_price',
] as const;
export type FeedProblem = (typeof FEED_PROBLEMS)[number];

export const FEED_PROBLEM_LABELS: Record<FeedProblem, string> = {
  excluded: 'Not included in sales channels',
  hidden: 'Draft (not visible in the store)',
  no_image: 'No image',
  no_brand: 'No brand',
  no_description: 'No description',
  no_price: 'No price',
};

export const feedProductIssue = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  problems: z.array(z.enum(FEED_PROBLEMS)),
});
export type FeedProductIssue = z.infer<typeof feedProductIssue>;

/** GET /api/admin/channels/shop: the feeds, how many items each lists, and the products left out. */
export const shopChannel = z.object({
  feeds: z.array(
    z.object({
      name: z.string(),
      url: z.string(),
      format: z.enum(['xml', 'csv']),
      /** Items the feed lists: one per variant (a product without variants is one item). */
      items: z.number().int(),
    }),
  ),
  /** Products listed, and how many products the catalog has (not deleted). */
  products_listed: z.number().int(),
  products_total: z.number().int(),
  /** Products not listed (excluded, draft, missing a required field) or listed with a warning. */
  issues: z.array(feedProductIssue),
});
export type ShopChannel = z.infer<typeof shopChannel>;

const gtin = z
  .string()
  .trim()
  .regex(/^(\d{8}|\d{12,14})$/, 'GTIN must be 8, 12, 13 or 14 digits')
  .nullable();

/** PUT /api/admin/products/:productId/sales-channels: the switch and the product's identifiers. */
export const productSalesChannelsBody = z.object({
  included: z.boolean({ error: 'included must be true or false' }),
  gtin: z.union([z.literal('').transform(() => null), gtin]).optional(),
  mpn: z
    .string()
    .trim()
    .max(70, 'MPN must be at most 70 characters')
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type ProductSalesChannelsBody = z.input<typeof productSalesChannelsBody>;

export const productSalesChannels = z.object({
  id: z.uuid(),
  included: z.boolean(),
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
});
export type ProductSalesChannels = z.infer<typeof productSalesChannels>;

/** POST /api/admin/channels/shop/products: include or exclude many products at once. */
export const bulkSalesChannelsBody = z.object({
  ids: z
    .array(z.uuid('ids must be product ids'), { error: 'Select at least one product' })
    .min(1, 'Select at least one product')
    .max(500, 'At most 500 products at a time'),
  included: z.boolean({ error: 'included must be true or false' }),
});
export const bulkSalesChannelsResult = z.object({ updated: z.number().int() });
