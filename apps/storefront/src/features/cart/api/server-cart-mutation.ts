import type { Cart } from '@cartwheel/shared/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from './cart-keys.ts';

/**
 * A change to the signed-in shopper's cart. Every cart endpoint answers with the new cart, which
 * replaces the cached one, so no refetch follows.
 */
export function useServerCartMutation<TVariables, TResult>(
  userId: string | null,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  cartOf: (result: TResult) => Cart,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (userId) queryClient.setQueryData(cartKeys.server(userId), cartOf(result));
    },
  });
}
