import { api } from '@cartwheel/shared/api-client';
import type { CartChange } from '@cartwheel/shared/contracts/cart';
import { useServerCartMutation } from './server-cart-mutation.ts';

/** PATCH /api/cart/items/:itemId: sets the quantity (capped by stock); 0 or less removes the line. */
export function updateCartItem({
  itemId,
  quantity,
}: {
  itemId: string;
  quantity: number;
}): Promise<CartChange> {
  return api.patch<CartChange>(`/api/cart/items/${encodeURIComponent(itemId)}`, { quantity });
}

export function useUpdateCartItem(userId: string | null) {
  return useServerCartMutation(userId, updateCartItem, (change) => change.cart);
}
