import { api } from '@cartwheel/shared/api-client';
import type { Wishlist } from '@cartwheel/shared/contracts/wishlist';
import type { WishlistKey } from '../guest-wishlist.ts';

/** PUT /api/wishlist/items: saves a product (and variant); the answer is the whole list. */
export function saveWishlistItem(item: WishlistKey): Promise<Wishlist> {
  return api.put<Wishlist>('/api/wishlist/items', item);
}
