import { useWishlistMerge } from '../hooks/use-wishlist-merge.ts';

/** Mounted once in the layout: merges a guest's wishlist into the shopper's at sign-in. */
export function LiveWishlistMerge() {
  useWishlistMerge();
  return null;
}
