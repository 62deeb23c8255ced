import { api } from '@cartwheel/shared/api-client';
import type { Cart } from '@cartwheel/shared/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from './get-cart.ts';

/** DELETE /api/cart: empties the signed-in shopper's cart. */
export function clearCart(): Promise<Cart> {
  return api.delete<Cart>('/api/cart');
}

export function useClearCart(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => {
      if (userId) queryClient.setQueryData(cartQueryKey(userId), cart);
    },
  });
}
