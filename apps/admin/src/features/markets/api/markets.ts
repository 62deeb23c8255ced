import { api } from '@cartwheel/shared/api-client';
import type { ExchangeRate, Market, MarketInput, MarketList } from '@cartwheel/shared/contracts/markets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const marketsKey = ['admin', 'settings', 'markets'] as const;

/** Every market, the base currency and the exchange rates (GET /api/admin/markets). */
export function useMarkets() {
  return useQuery({
    queryKey: marketsKey,
    queryFn: ({ signal }) => api.get<MarketList>('/api/admin/markets', { signal }),
  });
}

/** Creates a market (no id) or replaces one; the list is read again afterwards. */
export function useSaveMarket(marketId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarketInput) =>
      marketId
        ? api.put<Market>(`/api/admin/markets/${marketId}`, input)
        : api.post<Market>('/api/admin/markets', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketsKey }),
  });
}

export function useDeleteMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketId: string) => api.delete<{ deleted: true }>(`/api/admin/markets/${marketId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketsKey }),
  });
}

/** Sets a rate by hand (its source becomes manual). */
export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, rate }: { currency: string; rate: string }) =>
      api.put<ExchangeRate>(`/api/admin/exchange-rates/${currency}`, { rate }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketsKey }),
  });
}

interface FixedPrices {
  currency: string;
  items: Array<{ variant_id: string | null; price: number; sale_price: number | null }>;
}

/** A product's fixed prices in one market (GET /api/admin/markets/:marketId/prices/:productId). */
export function useFixedPrices(marketId: string | undefined, productId: string) {
  return useQuery({
    queryKey: [...marketsKey, marketId, 'prices', productId],
    queryFn: ({ signal }) =>
      api.get<FixedPrices>(`/api/admin/markets/${marketId}/prices/${productId}`, { signal }),
    enabled: Boolean(marketId),
  });
}

export function useSaveFixedPrices(marketId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: FixedPrices['items']) =>
      api.put<FixedPrices>(`/api/admin/markets/${marketId}/prices/${productId}`, { items }),
    onSuccess: (saved) => queryClient.setQueryData([...marketsKey, marketId, 'prices', productId], saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketsKey, exact: true }),
  });
}
