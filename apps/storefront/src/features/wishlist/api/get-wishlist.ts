import { api } from '@cartwheel/shared/api-client';
import type { Wishlist } from '@cartwheel/shared/contracts/wishlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { wishlistKeys } from './wishlist-keys.ts';

function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return api.get<Wishlist>('/api/wishlist', { signal });
}

function wishlistQueryOptions(userId: string) {
  return queryOptions({
    queryKey: wishlistKeys.server(userId),
    queryFn: ({ signal }) => getWishlist(signal),
    staleTime: 30_000,
  });
}

/** The signed-in shopper's list (nothing is fetched while signed out). */
export function useServerWishlist(userId: string | null) {
  return useQuery({ ...wishlistQueryOptions(userId ?? ''), enabled: userId !== null });
}
