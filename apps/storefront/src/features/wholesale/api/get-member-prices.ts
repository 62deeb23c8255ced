import { api } from '@cartwheel/shared/api-client';
import type { MemberPrices } from '@cartwheel/shared/contracts/wholesale';
import { useQuery } from '@tanstack/react-query';

export function getMemberPrices(productId: string, signal?: AbortSignal): Promise<MemberPrices> {
  return api.get<MemberPrices>(`/api/wholesale/prices?product_id=${encodeURIComponent(productId)}`, {
    signal,
  });
}

/**
 * A signed-in shopper's own prices of a product (their wholesale group's, with its quantity tiers),
 * asked after hydration: the page's cached HTML keeps the retail price for everyone.
 */
export function useMemberPrices(productId: string, userId: string | null) {
  return useQuery({
    queryKey: ['wholesale', 'prices', userId ?? '', productId],
    queryFn: ({ signal }) => getMemberPrices(productId, signal),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}
