import { api } from '@cartwheel/shared/api-client';
import type { Cart } from '@cartwheel/shared/contracts/cart';
import { useServerCartMutation } from './server-cart-mutation.ts';

/** DELETE /api/cart/items/:itemId. */
export function removeCartItem(itemId: string): Promise<Cart> {
  return api.delete<Cart>(`/api/cart/items/${encodeURIComponent(itemId)}`);
}

export function useRemoveCartItem(userId: string | null) {
  return useServerCartMutation(userId, removeCartItem, (cart) => cart);
}
