import type { Cart } from '@cartwheel/shared/contracts/cart';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { tellOtherTabs } from '../../../lib/tab-sync.ts';
import { cartKeys } from './cart-keys.ts';

/**
 * Puts the cart a change answered with in the cache. A fetch of the cart still in flight read it
 * before the change (signing in starts one just as the guest lines are merged), so it is cancelled
 * first: answering later, it would put the old cart back.
 */
export async function replaceCachedCart(queryClient: QueryClient, userId: string, cart: Cart): Promise<void> {
  const queryKey = cartKeys.server(userId);
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, cart);
}

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
    onSuccess: async (result) => {
      if (!userId) return;
      await replaceCachedCart(queryClient, userId, cartOf(result));
      tellOtherTabs([cartKeys.server(userId)]);
    },
  });
}
