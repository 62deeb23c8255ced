import { api } from '@cartwheel/shared/api-client';
import type { Wishlist } from '@cartwheel/shared/contracts/wishlist';
import type { WishlistKey } from '../guest-wishlist.ts';

/** POST /api/wishlist/merge: the guest's items added to the shopper's list in one transaction. */
export function mergeWishlist(items: WishlistKey[]): Promise<Wishlist & { skipped: number }> {
  return api.post<Wishlist & { skipped: number }>('/api/wishlist/merge', { items });
}
