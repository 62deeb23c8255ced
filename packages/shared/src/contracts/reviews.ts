import { z } from 'zod';
import { pageLimitParam, pageParam } from './orders.ts';

// Product reviews (docs/decisions/0090-product-reviews.md): what shoppers send, what the product page
// reads (published reviews only, the same for every visitor) and what the back office moderates.

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_REPLY_MAX = 2000;
/** Links in a review are how spam pays; a real review rarely needs more than this many. */
export const REVIEW_LINKS_MAX = 2;
export const REVIEWS_PAGE_SIZE = 10;
/** Photos a reviewer may attach to one review. */
export const REVIEW_PHOTOS_MAX = 3;
/** The largest photo file a reviewer may upload, in bytes. */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A reviewer's photo as stored: a re-encoded WebP (no original metadata) and its size in pixels. */
export const reviewPhoto = z.object({
  id: z.uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReviewPhoto = z.infer<typeof reviewPhoto>;

/**
 * Plain text as a shopper typed it, made safe to store and show: line breaks as \n, control
 * characters and the invisible direction overrides (which can reverse how text reads) removed,
 * runs of blank lines shortened, the ends trimmed. Markup stays as text: pages render it as text.
 */
export function cleanReviewText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

const linkCount = (text: string) => (text.match(/https?:\/\/|www\./gi) ?? []).length;

const cleanText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .overwrite(cleanReviewText)
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** The form a shopper fills in: stars, a title, the text, and the name shown with it. */
export const reviewInput = z
  .object({
    rating: z
      .number({ error: 'Choose a rating from 1 to 5 stars' })
      .int('Choose a rating from 1 to 5 stars')
      .min(1, 'Choose a rating from 1 to 5 stars')
      .max(5, 'Choose a rating from 1 to 5 stars'),
    title: cleanText('Title', REVIEW_TITLE_MAX),
    body: cleanText('Review', REVIEW_BODY_MAX),
    author_name: cleanText('Name', REVIEW_NAME_MAX),
  })
  .refine((review) => linkCount(`${review.title} ${review.body}`) <= REVIEW_LINKS_MAX, {
    path: ['body'],
    message: `A review may hold at most ${REVIEW_LINKS_MAX} links`,
  });
export type ReviewInput = z.input<typeof reviewInput>;

/** One published review as the product page shows it: no email, no order, nothing personal. */
export const publicReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author_name: z.string(),
  verified: z.boolean(),
  published_at: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /** The reviewer's photos that staff did not hide. */
  photos: z.array(reviewPhoto),
});
export type PublicReview = z.infer<typeof publicReview>;

/** The product's rating: the average of published reviews (null without any), their count and the count per star. */
export const reviewSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Index 0 is one star, index 4 five stars. */
  histogram: z.array(z.number().int()).length(5),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const productReviewsQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'sort must be newest, highest or lowest' }).default('newest'),
  page: pageParam,
});

/** GET /api/products/:slug/reviews: the summary and one page of published reviews. */
export const productReviews = z.object({
  summary: reviewSummary,
  items: z.array(publicReview),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ProductReviews = z.infer<typeof productReviews>;

/** What the link in a review request opens: the product to review and whether it is already reviewed. */
export const reviewInvitation = z.object({
  product: z.object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    image_url: z.string().nullable(),
  }),
  author_name: z.string(),
  already_reviewed: z.boolean(),
});
export type ReviewInvitation = z.infer<typeof reviewInvitation>;

/** What a shopper's submission answers: the review waits for staff before anyone else sees it. */
export const submittedReview = z.object({
  id: z.uuid(),
  status: z.enum(REVIEW_STATUSES),
  verified: z.boolean(),
});

/** The signed review link's token (base64url). */
export const reviewTokenParams = z.object({
  token: z
    .string()
    .min(10)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'This review link is invalid'),
});

/** One review in the back office's moderation queue: everything, including who wrote it. */
export const adminReview = publicReview.extend({
  status: z.enum(REVIEW_STATUSES),
  email: z.string(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  product: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  /** Every photo, hidden ones included. */
  photos: z.array(reviewPhoto.extend({ hidden: z.boolean() })),
});
export type AdminReview = z.infer<typeof adminReview>;

export const adminReviewListQuery = z.object({
  status: z
    .enum(REVIEW_STATUSES, { error: 'status must be pending, published or hidden' })
    .default('pending'),
  page: pageParam,
  limit: pageLimitParam,
});
export type AdminReviewListQuery = z.input<typeof adminReviewListQuery>;

export const adminReviewList = z.object({
  items: z.array(adminReview),
  total: z.number().int(),
  counts: z.object({ pending: z.number().int(), published: z.number().int(), hidden: z.number().int() }),
});
export type AdminReviewList = z.infer<typeof adminReviewList>;

export const reviewParams = z.object({ reviewId: z.uuid('Review not found') });

/** PATCH /api/admin/reviews/:reviewId: publish or hide it, and/or set the shop's public reply ('' removes it). */
export const reviewModeration = z
  .object({
    status: z.enum(['published', 'hidden'], { error: 'status must be published or hidden' }).optional(),
    reply: z
      .string()
      .overwrite(cleanReviewText)
      .max(REVIEW_REPLY_MAX, `Reply must be at most ${REVIEW_REPLY_MAX} characters`)
      .nullable()
      .optional(),
  })
  .refine((change) => change.status !== undefined || change.reply !== undefined, {
    message: 'Send a status, a reply or both',
  });
export type ReviewModeration = z.input<typeof reviewModeration>;

export const REVIEW_REQUEST_DELAY_DAYS_MAX = 60;
export const DEFAULT_REVIEW_REQUEST_DELAY_DAYS = 7;

/** GET/PATCH /api/admin/reviews/settings. */
export const reviewSettings = z.object({
  /** Signed-in shoppers who did not buy the product may review it too (after moderation, as all are). */
  allow_unverified: z.boolean(),
  /** Review requests go out by email this many days after an order is delivered. */
  request_enabled: z.boolean(),
  request_delay_days: z.number().int(),
});
export type ReviewSettings = z.infer<typeof reviewSettings>;

export const reviewSettingsPatch = z.object({
  allow_unverified: z.boolean().optional(),
  request_enabled: z.boolean().optional(),
  request_delay_days: z
    .number({ error: 'Delay must be a whole number of days' })
    .int('Delay must be a whole number of days')
    .min(0, 'Delay must be 0 days or more')
    .max(REVIEW_REQUEST_DELAY_DAYS_MAX, `Delay must be at most ${REVIEW_REQUEST_DELAY_DAYS_MAX} days`)
    .optional(),
});
export type ReviewSettingsPatch = z.infer<typeof reviewSettingsPatch>;

export const reviewPhotoParams = z.object({ reviewId: z.uuid(), photoId: z.uuid() });

/** Staff hide a reviewer's photo from the product page, or show it again. */
export const reviewPhotoModeration = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
