import type { Cart } from '@cartwheel/shared/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tellOtherTabs } from '../../../lib/tab-sync.ts';
import { cartKeys } from './cart-keys.ts';

/**
 * A change to the signed-in shopper's cart. Every cart endpoint answers with the new cart, which
 * replaces the cached one, so no refetch follows here; the shop's other tabs fetch it again.
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
      if (!userId) return;
      queryClient.setQueryData(cartKeys.server(userId), cartOf(result));
      tellOtherTabs([cartKeys.server(userId)]);
    },
  });
}
