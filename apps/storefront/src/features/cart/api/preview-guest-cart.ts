import { api } from '@cartwheel/shared/api-client';
import type { GuestCartLine, GuestCartPreview } from '@cartwheel/shared/contracts/cart';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cartKeys } from './cart-keys.ts';

/** Prices guest lines on the server (POST /api/cart/preview); nothing is stored. */
export function previewGuestCart(
  lines: Array<Pick<GuestCartLine, 'product_id' | 'variant_id'>>,
  signal?: AbortSignal,
): Promise<GuestCartPreview> {
  // One unit each: the server gives each line's unit price and stock; quantities stay in the browser,
  // so changing one does not need a round trip.
  const items = lines.map((l) => ({ product_id: l.product_id, variant_id: l.variant_id, quantity: 1 }));
  return api.post<GuestCartPreview>('/api/cart/preview', { items }, { signal });
}

export function guestCartPreviewQueryOptions(lines: Array<Pick<GuestCartLine, 'product_id' | 'variant_id'>>) {
  return queryOptions({
    queryKey: cartKeys.guestPreview(lines),
    queryFn: ({ signal }) => previewGuestCart(lines, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useGuestCartPreview(lines: GuestCartLine[], enabled: boolean) {
  return useQuery({ ...guestCartPreviewQueryOptions(lines), enabled: enabled && lines.length > 0 });
}
