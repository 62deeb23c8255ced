import { api } from '@cartwheel/shared/api-client';
import type { Cart } from '@cartwheel/shared/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from './get-cart.ts';

/** DELETE /api/cart/items/:itemId. */
export function removeCartItem(itemId: string): Promise<Cart> {
  return api.delete<Cart>(`/api/cart/items/${encodeURIComponent(itemId)}`);
}

export function useRemoveCartItem(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => {
      if (userId) queryClient.setQueryData(cartQueryKey(userId), cart);
    },
  });
}
