import { api } from '@cartwheel/shared/api-client';
import type { AdminProductList } from '@cartwheel/shared/contracts/admin-products';
import type {
  ProductStock,
  StockCountInput,
  StockLocation,
  StockLocationInput,
  StockMove,
  StockTransfer,
  StockTransferInput,
} from '@cartwheel/shared/contracts/locations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

// Stock locations, stock per location, the stock history and transfers (decision 0095).

const keys = {
  all: adminKeys.stock,
  product: (id: string) => ['admin', 'stock', 'product', id] as const,
  history: (item: string) => ['admin', 'stock', 'history', item] as const,
  transfers: ['admin', 'stock', 'transfers'] as const,
  search: (q: string) => ['admin', 'stock', 'search', q] as const,
};

/** Creates a location, or replaces one's details when `id` is given. */
export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: StockLocationInput }) =>
      id
        ? api.put<StockLocation>(`/api/admin/locations/${id}`, body)
        : api.post<StockLocation>('/api/admin/locations', body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** A product's items with their stock at each location. */
export function useProductStock(productId: string) {
  return useQuery({
    queryKey: keys.product(productId),
    queryFn: ({ signal }) => api.get<ProductStock>(`/api/admin/products/${productId}/stock`, { signal }),
  });
}

/** A count: what is on hand of an item at a location. */
export function useCountStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockCountInput) => api.put<ProductStock>('/api/admin/stock/levels', body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The latest moves of an item (a variant, or a product without variants). */
export function useStockHistory(item: { variant_id: string | null; product_id: string }) {
  const params = item.variant_id ? { variant_id: item.variant_id } : { product_id: item.product_id };
  return useQuery({
    queryKey: keys.history(item.variant_id ?? item.product_id),
    queryFn: ({ signal }) =>
      api.get<{ items: StockMove[] }>('/api/admin/stock/history', {
        params: { ...params, limit: 50 },
        signal,
      }),
  });
}

export function useTransfers() {
  return useQuery({
    queryKey: keys.transfers,
    queryFn: ({ signal }) => api.get<{ items: StockTransfer[] }>('/api/admin/transfers', { signal }),
  });
}

export function useCreateTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockTransferInput) => api.post<StockTransfer>('/api/admin/transfers', body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Sends, receives or cancels a transfer. */
export function useTransferStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: 'send' | 'receive' | 'cancel' }) =>
      api.post<StockTransfer>(`/api/admin/transfers/${id}/${step}`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Products by name or SKU, to add to a transfer. */
export function useStockProductSearch(q: string) {
  return useQuery({
    queryKey: keys.search(q),
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: { search: q || undefined, limit: 8 },
        signal,
      }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
