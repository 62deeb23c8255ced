import type { Cart } from '@cartwheel/shared/contracts/cart';
import { meQueryOptions } from '@cartwheel/shared/use-me';
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
 * replaces the cached one, so no refetch follows here; the shop's other tabs fetch it again. A change
 * sent while the shop was still asking who is signed in takes the user from the answer.
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
      const id = userId ?? queryClient.getQueryData(meQueryOptions.queryKey)?.user?.id;
      if (!id) return;
      await replaceCachedCart(queryClient, id, cartOf(result));
      tellOtherTabs([cartKeys.server(id)]);
    },
  });
}
