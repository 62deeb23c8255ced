import { api } from '@cartwheel/shared/api-client';
import type { AdminProductList } from '@cartwheel/shared/contracts/admin-products';
import type { Category } from '@cartwheel/shared/contracts/catalog';
import type {
  Discount,
  DiscountInput,
  DiscountList,
  DiscountStatus,
} from '@cartwheel/shared/contracts/discounts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';

export const discountKeys = {
  all: ['admin', 'discounts'] as const,
  list: (q: string, status: DiscountStatus | 'all') => ['admin', 'discounts', 'list', q, status] as const,
  one: (id: string) => ['admin', 'discounts', 'one', id] as const,
  categories: ['admin', 'discounts', 'categories'] as const,
  products: (search: string) => ['admin', 'discounts', 'products', search] as const,
};

/** GET /api/admin/discounts: newest first, searched by title or code, filtered by status. */
export function useDiscounts(q: string, status: DiscountStatus | 'all') {
  return useQuery({
    queryKey: discountKeys.list(q, status),
    queryFn: ({ signal }) =>
      api.get<DiscountList>('/api/admin/discounts', {
        params: { q: q || undefined, status: status === 'all' ? undefined : status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscount(id: string | undefined) {
  return useQuery({
    queryKey: discountKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<Discount>(`/api/admin/discounts/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Creates a discount (no id) or replaces one; the list is read again afterwards. */
export function useSaveDiscount(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscountInput) =>
      id
        ? api.put<Discount>(`/api/admin/discounts/${id}`, input)
        : api.post<Discount>('/api/admin/discounts', input),
    onSuccess: (saved) => queryClient.setQueryData(discountKeys.one(saved.id), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: true }>(`/api/admin/discounts/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}

/** The categories a discount may be limited to. */
export function useDiscountCategories() {
  return useQuery({
    queryKey: discountKeys.categories,
    queryFn: ({ signal }) => api.get<{ items: Category[] }>('/api/categories', { signal }),
  });
}

/** Products matching a search, to limit a discount to (the first 20). */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: discountKeys.products(search),
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: {
          page: 1,
          limit: 20,
          search: search || undefined,
          status: 'all',
          sort: 'name',
          order: 'asc',
        },
        signal,
      }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The names of products a discount is limited to, read one by one (a discount names a few). */
export function useProductNames(ids: string[]): Record<string, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['admin', 'discounts', 'product-name', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<{ id: string; name: string }>(`/api/admin/products/${id}`, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return Object.fromEntries(results.flatMap((r) => (r.data ? [[r.data.id, r.data.name]] : [])));
}
