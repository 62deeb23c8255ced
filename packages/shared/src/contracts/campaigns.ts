import { z } from 'zod';

// Segments and email campaigns (docs/decisions/0092-segments-and-campaigns.md).

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');
const amount = z
  .number({ error: 'Amounts are whole numbers of minor units' })
  .int('Amounts are whole numbers of minor units')
  .min(0, 'Amounts must not be negative');
const count = z
  .number({ error: 'Counts are whole numbers' })
  .int('Counts are whole numbers')
  .min(0, 'Counts must not be negative');

/** A customer tag: what staff type, trimmed, 1 to 40 characters. */
export const customerTag = z
  .string()
  .trim()
  .min(1, 'A tag must not be empty')
  .max(40, 'A tag must be at most 40 characters');

/** PUT /api/admin/customers/:customerId/tags: the customer's whole set of tags. */
export const customerTagsBody = z.object({
  tags: z.array(customerTag).max(50, 'A customer has at most 50 tags'),
});
export const customerTagsResult = z.object({ tags: z.array(z.string()) });
export type CustomerTagsResult = z.infer<typeof customerTagsResult>;

/**
 * What a segment selects: every filter given must hold (each list matches any of its values). Amounts
 * are what the customer spent in the shop's base currency, in minor units.
 */
export const segmentFilters = z
  .object({
    total_spent_min: amount.optional(),
    total_spent_max: amount.optional(),
    order_count_min: count.optional(),
    order_count_max: count.optional(),
    last_order_from: day.optional(),
    last_order_to: day.optional(),
    countries: z
      .array(z.string().regex(/^[A-Za-z]{2}$/, 'Countries are two-letter codes'))
      .max(50)
      .optional(),
    tags: z.array(customerTag).max(20, 'At most 20 tags').optional(),
    marketing_consent: z.boolean().optional(),
    product_ids: z.array(z.uuid('Products are given by id')).max(20, 'At most 20 products').optional(),
  })
  .strict();
export type SegmentFilters = z.infer<typeof segmentFilters>;

export const segmentBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  filters: segmentFilters,
});
export type SegmentBody = z.infer<typeof segmentBody>;

export const segment = segmentBody.extend({
  id: z.uuid(),
  /** Customers the filters select now. */
  customer_count: z.number().int(),
  /** Of those, the ones a campaign would go to (consented, not unsubscribed). */
  consented_count: z.number().int(),
  created_at: z.string(),
});
export type Segment = z.infer<typeof segment>;
export const segmentList = z.object({ items: z.array(segment) });

/** POST /api/admin/segments/preview: the live count of a segment being edited, with a few of its customers. */
export const segmentPreview = z.object({
  customer_count: z.number().int(),
  consented_count: z.number().int(),
  sample: z.array(z.object({ email: z.string(), name: z.string(), consented: z.boolean() })),
});
export type SegmentPreview = z.infer<typeof segmentPreview>;

/** A link in a campaign: a path in the shop (`/products/lamp`) or an address on the shop's own site. */
const shopLink = z
  .string()
  .trim()
  .min(1, 'Link is required')
  .max(500, 'Link must be at most 500 characters')
  .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\//i.test(value), {
    message: 'Links are paths in the shop (/products/...) or the shop’s own address',
  });

const imageUrl = z
  .string()
  .trim()
  .max(500, 'Image address must be at most 500 characters')
  .refine((value) => /^\/(?![/\\])/.test(value) || /^https:\/\//i.test(value), {
    message: 'Images are https addresses or paths in the shop',
  });

export const campaignBlock = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().trim().min(1, 'Text is required').max(5000, 'Text must be at most 5,000 characters'),
  }),
  z.object({
    type: z.literal('image'),
    url: imageUrl,
    alt: z.string().trim().max(200, 'Alt text must be at most 200 characters').default(''),
    link: shopLink.nullable().optional(),
  }),
  z.object({
    type: z.literal('products'),
    product_ids: z
      .array(z.uuid('Products are given by id'))
      .min(1, 'Choose at least one product')
      .max(6, 'At most 6 products'),
  }),
  z.object({
    type: z.literal('button'),
    label: z.string().trim().min(1, 'Label is required').max(60, 'Label must be at most 60 characters'),
    url: shopLink,
  }),
]);
export type CampaignBlock = z.infer<typeof campaignBlock>;

export const campaignBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  subject: z.string().trim().min(1, 'Subject is required').max(150, 'Subject must be at most 150 characters'),
  segment_id: z.uuid('Choose a segment').nullable(),
  blocks: z.array(campaignBlock).max(30, 'At most 30 blocks'),
});
export type CampaignBody = z.infer<typeof campaignBody>;

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;

/** A campaign's report: recipients, sent, opened, clicked, and orders within 7 days of a click or the send. */
export const campaignReport = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  orders: z.number().int(),
  /** Those orders' totals in the base currency, minor units. */
  revenue: z.number().int(),
});
export type CampaignReport = z.infer<typeof campaignReport>;

export const campaign = campaignBody.extend({
  id: z.uuid(),
  status: z.enum(CAMPAIGN_STATUSES),
  segment_name: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  report: campaignReport,
});
export type Campaign = z.infer<typeof campaign>;
export const campaignList = z.object({ items: z.array(campaign) });

/** POST /api/admin/campaigns/preview: the email as a recipient would get it. */
export const campaignPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreview = z.infer<typeof campaignPreview>;

export const campaignTestSend = z.object({ sent_to: z.string() });

/** GET/PATCH /api/admin/campaigns/settings: how many campaign emails go out per minute. */
export const CAMPAIGN_RATE_MAX = 10_000;
export const DEFAULT_CAMPAIGN_RATE = 600;
export const campaignSettings = z.object({
  send_rate_per_minute: z
    .number({ error: 'The rate is a whole number of emails per minute' })
    .int('The rate is a whole number of emails per minute')
    .min(1, 'The rate must be at least 1 email per minute')
    .max(CAMPAIGN_RATE_MAX, `The rate must be at most ${CAMPAIGN_RATE_MAX.toLocaleString('en')} per minute`),
});
export type CampaignSettings = z.infer<typeof campaignSettings>;
