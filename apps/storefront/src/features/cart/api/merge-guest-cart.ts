import { api } from '@cartwheel/shared/api-client';
import type { GuestCartLine, MergeCartResult } from '@cartwheel/shared/contracts/cart';
import { useServerCartMutation } from './server-cart-mutation.ts';

/** POST /api/cart/merge: adds the guest lines to the server cart in one transaction. */
export function mergeGuestCart(items: GuestCartLine[]): Promise<MergeCartResult> {
  return api.post<MergeCartResult>('/api/cart/merge', { items });
}

export function useMergeGuestCart(userId: string | null) {
  return useServerCartMutation(userId, mergeGuestCart, (result) => result.cart);
}
