import { api } from '@cartwheel/shared/api-client';
import type { Wishlist } from '@cartwheel/shared/contracts/wishlist';

/** DELETE /api/wishlist/items/:itemId; the answer is the whole list. */
export function removeWishlistItem(itemId: string): Promise<Wishlist> {
  return api.delete<Wishlist>(`/api/wishlist/items/${encodeURIComponent(itemId)}`);
}
