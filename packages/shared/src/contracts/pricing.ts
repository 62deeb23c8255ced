import { z } from 'zod';

/** The kinds of discount the price calculation knows. */
export const DISCOUNT_KINDS = ['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y'] as const;
export const discountKind = z.enum(DISCOUNT_KINDS);
export type DiscountKindJson = z.infer<typeof discountKind>;

/** Why a discount in force or an entered code was not applied to this cart. */
export const DISCOUNT_REJECTIONS = [
  'minimum_subtotal',
  'minimum_quantity',
  'no_eligible_items',
  'not_combinable',
] as const;

const cents = z.number().int().nonnegative();

/** One cart line as priced by the server; amounts in cents. */
export const pricedLine = z.object({
  key: z.string(),
  unit_price: cents,
  quantity: z.number().int().positive(),
  /** unit_price × quantity. */
  subtotal: cents,
  /** Σ of the discounts taken off this line. */
  discount: cents,
  /** subtotal − discount. */
  total: cents,
  /** Tax on the line's total (already inside it when prices include tax). */
  tax: cents,
});
export type PricedLineJson = z.infer<typeof pricedLine>;

export const appliedDiscount = z.object({
  id: z.string(),
  /** null for an automatic discount. */
  code: z.string().nullable(),
  title: z.string(),
  kind: discountKind,
  /** Σ line_amounts + shipping_amount. */
  amount: cents,
  line_amounts: z.array(z.object({ key: z.string(), amount: cents })),
  shipping_amount: cents,
});
export type AppliedDiscountJson = z.infer<typeof appliedDiscount>;

export const rejectedDiscount = z.object({
  id: z.string(),
  code: z.string().nullable(),
  reason: z.enum(DISCOUNT_REJECTIONS),
  /** Shopper-facing: "Add $12.00 more to use this code". */
  message: z.string(),
  /** minimum_subtotal: what the eligible lines lack (minor units), for the shopper's own wording. */
  short_by: z.object({ amount: cents, currency: z.string() }).optional(),
  /** minimum_quantity: the eligible items the discount needs. */
  min_items: z.number().int().optional(),
});
export type RejectedDiscountJson = z.infer<typeof rejectedDiscount>;

export const taxLine = z.object({
  name: z.string(),
  rate_bps: z.number().nonnegative(),
  amount: cents,
  /** true: the tax is inside the prices and not added to the total. */
  inclusive: z.boolean(),
});
export type TaxLineJson = z.infer<typeof taxLine>;

/**
 * An order priced by the server: total = subtotal − Σ line discounts + shipping + tax that is not
 * included in the prices. Only ever computed by the API; a client shows it and never sends it back.
 */
export const pricedOrder = z.object({
  lines: z.array(pricedLine),
  discounts: z.array(appliedDiscount),
  rejected: z.array(rejectedDiscount),
  subtotal: cents,
  /** Σ discounts, including a free-shipping discount's shipping amount. */
  discount_total: cents,
  /** Shipping after a free-shipping discount. */
  shipping: cents,
  shipping_before_discount: cents,
  tax: cents,
  tax_lines: z.array(taxLine),
  total: cents,
});
export type PricedOrderJson = z.infer<typeof pricedOrder>;

/** A shipping method offered for the destination, priced for this cart. */
export const quoteShippingMethod = z.object({
  id: z.string(),
  name: z.string(),
  delivery_estimate: z.string().nullable(),
  amount: cents,
});
export type QuoteShippingMethod = z.infer<typeof quoteShippingMethod>;

/** POST /api/checkout/quote: the cart's lines and totals for a destination, method and code. */
export const quoteResponse = z.object({
  priced: pricedOrder,
  /** The ISO 4217 code of every amount in the answer: the market's (decisions 0066, 0067). */
  currency: z.string(),
  shipping_methods: z.array(quoteShippingMethod),
  /** Why the entered code cannot be used at all (unknown, expired, used up), else null. */
  code_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** "We don't ship to Canada yet." when no zone covers the destination, else null. */
  no_shipping: z.object({ message: z.string() }).nullable(),
  /** The gift card and store credit paying part of the total now (tenders, after tax). */
  tenders: z.array(
    z.object({
      kind: z.enum(['gift_card', 'store_credit']),
      last_characters: z.string().nullable(),
      amount: z.number().int(),
    }),
  ),
  /** What the card pays: the total less the tenders. */
  amount_due: z.number().int(),
  /** A signed-in buyer's store credit in the quote's currency, usable now; null when none. */
  store_credit_balance: z.number().int().nullable(),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;
