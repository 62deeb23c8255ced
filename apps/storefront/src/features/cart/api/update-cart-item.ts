import { api } from '@cartwheel/shared/api-client';
import type { CartChange } from '@cartwheel/shared/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from './get-cart.ts';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: (change) => {
      if (userId) queryClient.setQueryData(cartQueryKey(userId), change.cart);
    },
  });
}
