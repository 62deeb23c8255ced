import { z } from 'zod';
import { GIFT_CARD_MESSAGE_MAX } from '../constants.ts';

/** How far ahead a gift card's send date may be. */
const GIFT_CARD_SEND_MAX_DAYS = 365;

const DAY_MS = 86_400_000;

/** A date as YYYY-MM-DD in UTC. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Whether a send date is allowed now: not before the buyer's today (a day of slack for time zones
 * behind UTC) and at most GIFT_CARD_SEND_MAX_DAYS ahead.
 */
export function sendDateProblem(day: string, now = Date.now()): string | null {
  if (day < isoDay(now - DAY_MS)) return 'The send date cannot be in the past';
  if (day > isoDay(now + (GIFT_CARD_SEND_MAX_DAYS + 1) * DAY_MS)) {
    return 'The send date can be at most a year from today';
  }
  return null;
}

/**
 * Who a gift card bought as a product goes to, carried by its cart line and order line (decision
 * 0094): one line per recipient. The card is emailed on `send_on` (today when it is today or earlier).
 */
export const giftCardRecipient = z.object({
  recipient_name: z
    .string({ error: "Enter the recipient's name" })
    .trim()
    .min(1, "Enter the recipient's name")
    .max(100, "The recipient's name must be at most 100 characters"),
  recipient_email: z
    .string({ error: "Enter the recipient's email address" })
    .trim()
    .pipe(
      z
        .email("Enter the recipient's email address")
        .max(254, "The recipient's email address must be at most 254 characters"),
    ),
  message: z
    .string()
    .trim()
    .max(GIFT_CARD_MESSAGE_MAX, `The message must be at most ${GIFT_CARD_MESSAGE_MAX} characters`)
    .transform((v) => v || null)
    .nullish(),
  send_on: z
    .string({ error: 'Choose a send date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The send date must be a date such as 2027-01-31')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'The send date must be a real date')
    .superRefine((day, ctx) => {
      const problem = sendDateProblem(day);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type GiftCardRecipient = z.infer<typeof giftCardRecipient>;

/**
 * A recipient as a guest cart keeps it: its send date may have passed since it was added, which the
 * cart still shows and prices (the checkout refuses it, asking for a new date).
 */
export const giftCardRecipientStored = giftCardRecipient.extend({
  send_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The send date must be a date such as 2027-01-31'),
});
export type GiftCardRecipientInput = z.input<typeof giftCardRecipient>;

/** A line's recipient as answers show it (no checks: a send date passed since is still shown). */
export const giftCardRecipientShown = z.object({
  recipient_name: z.string(),
  recipient_email: z.string(),
  message: z.string().nullish(),
  send_on: z.string(),
});

/** GET/PUT /api/admin/products/:productId/gift-card: whether the product is sold as a gift card. */
export const productGiftCardBody = z.object({ is_gift_card: z.boolean() });
