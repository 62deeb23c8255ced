import { z } from 'zod';

/**
 * Gift cards and store credit (decision 0074). Staff: GET/POST /api/admin/gift-cards,
 * GET/PATCH …/:giftCardId, GET/POST /api/admin/customers/:customerId/store-credit. Shoppers:
 * POST /api/gift-cards/balance. Amounts are integer minor units of the card's currency.
 */
const amount = (label: string) =>
  z
    .number({ error: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .max(100_000_000, `${label} is too large`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullish();

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code such as USD');

export const giftCardParams = z.object({ giftCardId: z.uuid('giftCardId must be a gift card id') });

/** POST /api/admin/gift-cards: a card issued by staff; its code is shown once, in the answer. */
export const issueGiftCardBody = z.object({
  amount: amount('Amount').min(1, 'Amount must be more than 0'),
  /** Absent: the shop's base currency. */
  currency: currency.optional(),
  expires_at: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullish(),
  recipient_email: z.email('Enter a valid email address').max(254).nullish().or(z.literal('')),
  recipient_name: optionalText('Recipient name', 100),
  message: optionalText('Message', 500),
  note: optionalText('Note', 500),
});
export type IssueGiftCardBody = z.input<typeof issueGiftCardBody>;

export const giftCardSummary = z.object({
  id: z.uuid(),
  last_characters: z.string(),
  currency: z.string(),
  initial_amount: z.number().int(),
  balance: z.number().int(),
  expires_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  recipient_email: z.string().nullable(),
  order_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type GiftCardSummary = z.infer<typeof giftCardSummary>;

export const giftCardList = z.object({ items: z.array(giftCardSummary) });
export type GiftCardList = z.infer<typeof giftCardList>;

export const giftCardListQuery = z.object({
  /** The last characters of a code ("2500"). */
  q: z.string().trim().max(20).optional(),
});

/** A line of a balance's ledger: what changed it, by how much, and what it left. */
export const giftCardTransaction = z.object({
  id: z.uuid(),
  kind: z.enum(['issue', 'redeem', 'release', 'refund', 'adjust']),
  amount: z.number().int(),
  balance_after: z.number().int(),
  order_id: z.uuid().nullable(),
  order_number: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type GiftCardTransaction = z.infer<typeof giftCardTransaction>;

export const giftCardDetail = giftCardSummary.extend({
  recipient_name: z.string().nullable(),
  message: z.string().nullable(),
  note: z.string().nullable(),
  transactions: z.array(giftCardTransaction),
});
export type GiftCardDetail = z.infer<typeof giftCardDetail>;

/** The answer to issuing: the card and its full code (never shown again). */
export const issuedGiftCard = z.object({ gift_card: giftCardDetail, code: z.string() });
export type IssuedGiftCard = z.infer<typeof issuedGiftCard>;

/** PATCH /api/admin/gift-cards/:giftCardId: disable (or enable again) a card. */
export const updateGiftCardBody = z.object({ disabled: z.boolean() });

/** POST /api/gift-cards/balance: a shopper checks a code. */
export const giftCardBalanceBody = z.object({
  code: z.string({ error: 'Enter a gift card code' }).trim().min(1, 'Enter a gift card code').max(64),
});
/** What a shopper sees of a card: its balance and expiry, nothing else. */
export const giftCardBalance = z.object({
  balance: z.number().int(),
  currency: z.string(),
  expires_at: z.string().nullable(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalance>;

export const storeCreditParams = z.object({ customerId: z.uuid('customerId must be a customer id') });

/** A customer's store credit: a balance per currency and the ledger of all of them, newest first. */
export const storeCredit = z.object({
  balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
  transactions: z.array(giftCardTransaction.extend({ currency: z.string() })),
});
export type StoreCredit = z.infer<typeof storeCredit>;

/** POST …/store-credit: staff give (a positive amount) or take back (negative) store credit. */
export const storeCreditBody = z.object({
  amount: amount('Amount').refine((v) => v !== 0, 'Amount must not be 0'),
  currency: currency.optional(),
  note: optionalText('Note', 500),
});
export type StoreCreditBody = z.input<typeof storeCreditBody>;
