import { api } from '@cartwheel/shared/api-client';
import type {
  ProductSalesChannels,
  ProductSalesChannelsBody,
  ShopChannel,
} from '@cartwheel/shared/contracts/sales-channels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

export const channelKeys = {
  shop: [...adminKeys.channels, 'shop'] as const,
  product: (productId: string) => [...adminKeys.channels, 'product', productId] as const,
};

/** GET /api/admin/channels/shop: the feeds, their item counts and the products left out. */
export function useShopChannel() {
  return useQuery({
    queryKey: channelKeys.shop,
    queryFn: ({ signal }) => api.get<ShopChannel>('/api/admin/channels/shop', { signal }),
    staleTime: 0,
  });
}

/** Includes or excludes products (POST /api/admin/channels/shop/products). */
export function useBulkSalesChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; included: boolean }) =>
      api.post<{ updated: number }>('/api/admin/channels/shop/products', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.channels }),
  });
}

export function useProductSalesChannels(productId: string) {
  return useQuery({
    queryKey: channelKeys.product(productId),
    queryFn: ({ signal }) =>
      api.get<ProductSalesChannels>(`/api/admin/products/${productId}/sales-channels`, { signal }),
  });
}

export function useSaveProductSalesChannels(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductSalesChannelsBody) =>
      api.put<ProductSalesChannels>(`/api/admin/products/${productId}/sales-channels`, body),
    onSuccess: (saved) => queryClient.setQueryData(channelKeys.product(productId), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.shop }),
  });
}
