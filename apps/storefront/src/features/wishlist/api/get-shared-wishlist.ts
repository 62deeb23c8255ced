import { api } from '@cartwheel/shared/api-client';
import type { SharedWishlist } from '@cartwheel/shared/contracts/wishlist';
import { useQuery } from '@tanstack/react-query';
import { wishlistKeys } from './wishlist-keys.ts';

/** GET /api/wishlists/shared/:token: a list someone shared, read-only. */
function getSharedWishlist(token: string, signal?: AbortSignal): Promise<SharedWishlist> {
  return api.get<SharedWishlist>(`/api/wishlists/shared/${encodeURIComponent(token)}`, { signal });
}

export function useSharedWishlist(token: string) {
  return useQuery({
    queryKey: wishlistKeys.shared(token),
    queryFn: ({ signal }) => getSharedWishlist(token, signal),
    retry: false,
  });
}
