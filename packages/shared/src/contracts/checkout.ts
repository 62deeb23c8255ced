import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../constants.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.ts';
import { marketParam } from './catalog.ts';
import { customerOrderDetail } from './customer-orders.ts';
import { giftCardRecipient } from './gift-card-lines.ts';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The checkout dialog's customer fields; all but state are required. */
export const customerInfo = z.object({
  email: z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'),
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  address: required('Address', 200),
  addressLine2: z.string().trim().max(200, 'Address line 2 must be at most 200 characters').nullish(),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  country: required('Country', 56).default(DEFAULT_COUNTRY),
  state: z.string().trim().max(100, 'State must be at most 100 characters').optional(),
  phone: z.string().trim().max(40, 'Phone must be at most 40 characters').nullish(),
  /**
   * The shopper agreed to news and offers by email (recorded on the order). Signed in, it is also the
   * account's consent from now on, as on the account page; left out, that consent stays as it is.
   */
  marketing_opt_in: z.boolean().optional(),
  /** Signed in: also save this address in the shopper's address book. */
  save_address: z.boolean().default(false),
});
export type CustomerInfo = z.infer<typeof customerInfo>;
export type CustomerInfoInput = z.input<typeof customerInfo>;

/** A line a guest checks out: what and how many, never a price. */
export const checkoutLine = z.object({
  product_id: z.uuid('product_id must be a UUID'),
  variant_id: z.uuid('variant_id must be a UUID').nullable().default(null),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  /** A gift card product's recipient (decision 0094). */
  gift_card: giftCardRecipient.nullish(),
});
export type CheckoutLine = z.infer<typeof checkoutLine>;

const checkoutLines = z
  .array(checkoutLine)
  .min(1, 'Your cart is empty')
  .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`);

const discountCode = z
  .string()
  .trim()
  .max(64, 'Discount code must be at most 64 characters')
  .transform((code) => code || undefined)
  .optional();

const shippingMethodId = z
  .string({ error: 'Choose a shipping method' })
  .trim()
  .max(100, 'Choose a shipping method')
  .transform((id) => id || undefined)
  .optional();

/**
 * POST /api/checkout/quote: the cart priced for a destination, shipping method and code. Signed in,
 * the server cart is priced (`lines` is ignored); a guest sends the lines of the browser cart.
 */
export const checkoutQuoteBody = z.object({
  lines: checkoutLines.optional(),
  country: required('Country', 2).default(DEFAULT_COUNTRY),
  state: z.string().trim().max(100, 'State must be at most 100 characters').optional(),
  /** Where US sales tax is looked up by a tax service (TAX_PROVIDER=stripe); the table ignores it. */
  postal_code: z.string().trim().max(20, 'Postal code must be at most 20 characters').optional(),
  shipping_method_id: shippingMethodId,
  discount_code: discountCode,
  /** Signed in: pay with the account's store credit first (the card pays the rest). */
  apply_store_credit: z.boolean().optional(),
  /** The market to price in (its handle); absent: the base market. */
  ...marketParam,
});
export type CheckoutQuoteBody = z.input<typeof checkoutQuoteBody>;
export type CheckoutQuoteRequest = z.infer<typeof checkoutQuoteBody>;

/**
 * POST /api/checkout/sessions. The lines come from the shopper's server cart (signed in) or the
 * guest's `lines`; prices, discounts, shipping and tax are computed by the server from the database.
 * Anything else in the body (such as `price`, `total_amount`) is stripped by the schema and never
 * reaches the server code.
 */
export const createCheckoutSessionBody = z.object({
  customer_info: customerInfo,
  shipping_method_id: shippingMethodId,
  /** A discount code or a gift card's code: a gift card pays part or all of the order. */
  discount_code: discountCode,
  /** Signed in: pay with the account's store credit first (the card pays the rest). */
  apply_store_credit: z.boolean().optional(),
  /** The market to charge in (its handle; `?market=` works too); absent: the locale's market. */
  ...marketParam,
  /**
   * The storefront language the shopper sees ('de', 'fr-CA'): the order's emails are written in it,
   * and without `market` the checkout is in the market that locale shops in.
   */
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'locale must be a language tag such as de or fr-CA')
    .optional(),
  /** A guest's checkout: the browser's random checkout key (one open checkout per key) and cart. */
  guest: z
    .object({
      checkout_key: z
        .string({ error: 'checkout_key is required' })
        .trim()
        .min(16, 'checkout_key must be 16 to 100 characters')
        .max(100, 'checkout_key must be 16 to 100 characters'),
      lines: checkoutLines,
    })
    .optional(),
});
export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBody>;
export type CreateCheckoutSessionBodyParsed = z.infer<typeof createCheckoutSessionBody>;

/** Where to send the shopper to pay: the provider's hosted card page. */
export const checkoutSession = z.object({ url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSession>;

/** POST /api/checkout/complete: creates the order once paid; called by the success page. */
export const completeCheckoutBody = z.object({
  session_id: z
    .string({ error: 'session_id is required' })
    .trim()
    .min(1, 'session_id is required')
    .max(255, 'session_id is too long'),
});
export type CompleteCheckoutBody = z.infer<typeof completeCheckoutBody>;

/** The paid order's number, shown on the success page. */
export const completedCheckout = z.object({ order_number: z.number().int() });
export type CompletedCheckout = z.infer<typeof completedCheckout>;

/** A receipt's state: paid, a payment the provider is still confirming, or no payment (failed, expired). */
export const receiptState = z.enum(['paid', 'processing', 'failed']);
export type ReceiptState = z.infer<typeof receiptState>;

/**
 * GET /api/checkout/receipts/:token, the success page: the order once it is paid (null before), and a
 * guest's email to offer an account with (null for an account's order).
 */
export const checkoutReceipt = z.object({
  state: receiptState,
  order: customerOrderDetail.nullable(),
  guest_email: z.string().nullable(),
});
export type CheckoutReceipt = z.infer<typeof checkoutReceipt>;
