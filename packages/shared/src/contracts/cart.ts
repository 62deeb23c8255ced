import { z } from 'zod';
import { imageVariant } from './catalog.ts';
import { giftCardRecipient, giftCardRecipientShown, giftCardRecipientStored } from './gift-card-lines.ts';

/** The most one cart line may hold; larger requests are refused rather than silently trimmed. */
export const MAX_LINE_QUANTITY = 9999;
/** The most lines a guest cart may send for merging or pricing at once. */
export const MAX_CART_LINES = 100;

/**
 * What a cart line shows, priced by the server from today's database prices with `unitPrice()`
 * (docs/decisions/0002-money-and-prices.md, 0007-cart-and-prices.md). Money in cents.
 */
const cartLineFields = {
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  product_slug: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string().nullable(),
  /** The image's smaller copies by width (null while they are being made): the thumbnail's srcset. */
  image_variants: z.array(imageVariant).nullable(),
  /** The variant's option labels joined with " / " ("Navy / M"); null for a product without variants. */
  variant_title: z.string().nullable(),
  /** The variant's SKU when there is a variant, else the product's. */
  sku: z.string(),
  /** What one unit costs today: the sale price when set and lower, else the price. */
  unit_price: z.number().int(),
  /** The price before any sale; equals unit_price when there is no sale. */
  regular_price: z.number().int(),
  quantity: z.number().int(),
  /** unit_price x quantity. */
  line_total: z.number().int(),
  /** Units in stock right now (the variant's when there is one). */
  available: z.number().int(),
  /** A gift card product's line: who it goes to (decision 0094); null for any other line. */
  gift_card: giftCardRecipientShown.nullable().optional(),
  /** The product is a gift card: digital, never shipped. */
  is_gift_card: z.boolean().optional(),
};

/** One line of a signed-in shopper's cart. */
export const cartLine = z.object({ id: z.uuid(), ...cartLineFields, created_at: z.string() });
export type CartLine = z.infer<typeof cartLine>;

/** GET /api/cart: the signed-in shopper's lines, newest first, with the subtotal in cents. */
export const cart = z.object({
  items: z.array(cartLine),
  /** Sum of the quantities (the header badge). */
  item_count: z.number().int(),
  subtotal: z.number().int(),
  /** The currency of the amounts (the market's, `?market=`). */
  currency: z.string().optional(),
});
export type Cart = z.infer<typeof cart>;

const productId = z.uuid('product_id must be a product id');
const variantId = z.uuid('variant_id must be a variant id').nullable().default(null);

/** POST /api/cart/items: adds to the line for this product and variant (creating it if needed). */
export const addCartItemBody = z.object({
  product_id: productId,
  variant_id: variantId,
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`)
    .default(1),
  /** A gift card product needs its recipient; the line is then one of its own. */
  gift_card: giftCardRecipient.nullish(),
});
export type AddCartItemBody = z.input<typeof addCartItemBody>;

/** PATCH /api/cart/items/:itemId: sets the quantity; 0 or less removes the line. */
export const updateCartItemBody = z.object({
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
});
export type UpdateCartItemBody = z.input<typeof updateCartItemBody>;

export const cartItemParams = z.object({ itemId: z.uuid('itemId must be a cart line id') });

/**
 * The answer to a change: the whole cart afterwards, and whether the stock capped the quantity
 * (`message` then says so, e.g. "Only 3 in stock: quantity set to 3").
 */
export const cartChange = z.object({
  cart,
  /** Units this change added to the line (0 when the stock was already all in the cart; negative when lowered). */
  added: z.number().int(),
  capped: z.boolean(),
  /** The stock that capped the quantity (null when it did not): the storefront words it in its language. */
  stock: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type CartChange = z.infer<typeof cartChange>;

/** One line of the signed-out cart kept in localStorage under `guest_cart`. */
export const guestCartLine = z.object({
  product_id: productId,
  variant_id: variantId,
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  /** A gift card product's recipient: lines with one are never merged with another line. */
  gift_card: giftCardRecipientStored.nullish(),
});
export type GuestCartLine = z.infer<typeof guestCartLine>;

export const guestCartBody = z.object({
  items: z.array(guestCartLine).max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`),
});
export type GuestCartBody = z.input<typeof guestCartBody>;

/** A guest line the server did not take, by its position in the request. */
export const cartLineProblem = z.object({
  index: z.number().int(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  /** For a capped line: the product's name and the stock its quantity was set to. */
  name: z.string().optional(),
  stock: z.number().int().optional(),
});
export type CartLineProblem = z.infer<typeof cartLineProblem>;

/** POST /api/cart/merge: guest lines added to the server cart in one transaction. */
export const mergeCartResult = z.object({
  cart,
  /** Lines added (possibly capped). */
  merged: z.number().int(),
  /** Lines whose quantity the stock capped. */
  capped: z.array(cartLineProblem),
  /** Lines left out: unknown or hidden product, wrong variant, out of stock, quantity below 1. */
  skipped: z.array(cartLineProblem),
});
export type MergeCartResult = z.infer<typeof mergeCartResult>;

/** One guest line as priced by the server; `index` is its position in the request (and in `guest_cart`). */
export const guestCartPreviewLine = z.object({ index: z.number().int(), ...cartLineFields });
export type GuestCartPreviewLine = z.infer<typeof guestCartPreviewLine>;

/** POST /api/cart/preview: prices a guest cart without storing anything (no sign-in needed). */
export const guestCartPreview = z.object({
  items: z.array(guestCartPreviewLine),
  item_count: z.number().int(),
  subtotal: z.number().int(),
  skipped: z.array(cartLineProblem),
  /** The currency of the amounts (the market's, `?market=`). */
  currency: z.string().optional(),
});
export type GuestCartPreview = z.infer<typeof guestCartPreview>;
