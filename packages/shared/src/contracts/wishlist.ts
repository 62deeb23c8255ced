import { z } from 'zod';
import { imageVariant } from './catalog.ts';

/** The most items a wishlist holds, and the most a guest's list may send for merging at once. */
export const MAX_WISHLIST_ITEMS = 200;

const productId = z.uuid('product_id must be a product id');
const variantId = z.uuid('variant_id must be a variant id').nullable().default(null);

/** One saved product (and variant), priced by the server in the shopper's market like a cart line. */
export const wishlistItem = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  product_slug: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string().nullable(),
  image_variants: z.array(imageVariant).nullable(),
  /** The variant's option labels ("Navy / M"); null without a variant. */
  variant_title: z.string().nullable(),
  /** True when the product has variants and none is saved: the cart needs a choice first. */
  needs_options: z.boolean(),
  unit_price: z.number().int(),
  regular_price: z.number().int(),
  /** Units in stock right now (the variant's, else the product's). */
  available: z.number().int(),
  created_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

/** GET /api/wishlist: the signed-in shopper's list, newest first. */
export const wishlist = z.object({
  items: z.array(wishlistItem),
  /** The token of the list's read-only page (/wishlist/shared/:token); null until the first item. */
  share_token: z.string().nullable(),
  currency: z.string().optional(),
});
export type Wishlist = z.infer<typeof wishlist>;

/** PUT /api/wishlist/items: saves a product (and variant); saving it again changes nothing. */
export const wishlistItemBody = z.object({ product_id: productId, variant_id: variantId });

export const wishlistItemParams = z.object({ itemId: z.uuid('itemId must be a wishlist item id') });

/** POST /api/wishlist/merge: a guest's list (kept in the browser) added at sign-in. */
export const mergeWishlistBody = z.object({
  items: z
    .array(wishlistItemBody)
    .max(MAX_WISHLIST_ITEMS, `A wishlist holds at most ${MAX_WISHLIST_ITEMS} items`),
});

export const sharedWishlistParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'token must be a wishlist share token'),
});

/**
 * POST /api/wishlist/preview (a guest's list, kept in the browser, with today's prices) and GET
 * /api/wishlists/shared/:token (a list's read-only page, without its owner's identity).
 */
export const wishlistPreview = z.object({
  items: z.array(wishlistItem.omit({ id: true, created_at: true })),
  currency: z.string().optional(),
});

export type SharedWishlist = z.infer<typeof wishlistPreview>;

/** The merged list, and how many of the guest's items could not be saved (gone or hidden products). */
export const mergeWishlistResult = wishlist.extend({ skipped: z.number().int() });
