import { api } from '@cartwheel/shared/api-client';
import type { WaitingList, WaitingSubscribers } from '@cartwheel/shared/contracts/stock-alerts';
import { useQuery } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'stock-alerts'] as const,
  subscribers: (productId: string, variantId: string | null) =>
    [...keys.all, 'subscribers', productId, variantId] as const,
};

/** Items shoppers wait for, most waited-for first (GET /api/admin/stock-alerts). */
export function useWaitingForStock() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get<WaitingList>('/api/admin/stock-alerts', { signal }),
    staleTime: 0,
  });
}

/** Who waits for one item, in the order they asked (GET /api/admin/stock-alerts/subscribers). */
export function useWaitingSubscribers(productId: string, variantId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: keys.subscribers(productId, variantId),
    queryFn: ({ signal }) =>
      api.get<WaitingSubscribers>('/api/admin/stock-alerts/subscribers', {
        params: { product_id: productId, variant_id: variantId ?? undefined },
        signal,
      }),
    enabled,
    staleTime: 0,
  });
}
