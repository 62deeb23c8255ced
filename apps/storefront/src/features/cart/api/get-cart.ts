import { api } from '@cartwheel/shared/api-client';
import type { Cart } from '@cartwheel/shared/contracts/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartKeys } from './cart-keys.ts';

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('/api/cart', { signal });
}

export function cartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: cartKeys.server(userId),
    queryFn: ({ signal }) => getCart(signal),
    // Stock and prices move, and the cart may have changed from another device or browser: look
    // again whenever the shopper comes back to the tab, however recently it was fetched.
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });
}

export function useServerCart(userId: string | null) {
  return useQuery({ ...cartQueryOptions(userId ?? ''), enabled: userId !== null });
}
