import { api } from '@cartwheel/shared/api-client';
import type { SharedWishlist } from '@cartwheel/shared/contracts/wishlist';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WishlistKey } from '../guest-wishlist.ts';
import { wishlistKeys } from './wishlist-keys.ts';

/** POST /api/wishlist/preview: the guest's items with today's prices (nothing stored). */
function previewWishlist(items: WishlistKey[], signal?: AbortSignal): Promise<SharedWishlist> {
  return api.post<SharedWishlist>('/api/wishlist/preview', { items }, { signal });
}

export function useWishlistPreview(items: WishlistKey[], enabled: boolean) {
  return useQuery({
    queryKey: wishlistKeys.guestPreview(items),
    queryFn: ({ signal }) => previewWishlist(items, signal),
    enabled: enabled && items.length > 0,
    placeholderData: keepPreviousData,
  });
}
