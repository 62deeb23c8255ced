import { api } from '@cartwheel/shared/api-client';
import type { GuestCartLine, MergeCartResult } from '@cartwheel/shared/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from './get-cart.ts';

/** POST /api/cart/merge: adds the guest lines to the server cart in one transaction. */
export function mergeGuestCart(items: GuestCartLine[]): Promise<MergeCartResult> {
  return api.post<MergeCartResult>('/api/cart/merge', { items });
}

export function useMergeGuestCart(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeGuestCart,
    onSuccess: (result) => {
      if (userId) queryClient.setQueryData(cartQueryKey(userId), result.cart);
    },
  });
}
