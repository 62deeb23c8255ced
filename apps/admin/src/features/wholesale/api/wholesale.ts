import { api } from '@cartwheel/shared/api-client';
import type { AdminProductList, AdminVariant } from '@cartwheel/shared/contracts/admin-products';
import type {
  CustomerGroup,
  CustomerGroupInput,
  CustomerGroupList,
  CustomerWholesale,
  PriceList,
  PriceListInput,
  PriceListSummary,
} from '@cartwheel/shared/contracts/wholesale';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'wholesale'] as const,
  groups: ['admin', 'wholesale', 'groups'] as const,
  lists: ['admin', 'wholesale', 'price-lists'] as const,
  list: (id: string) => ['admin', 'wholesale', 'price-lists', id] as const,
  customer: (id: string) => ['admin', 'wholesale', 'customer', id] as const,
  products: (q: string) => ['admin', 'wholesale', 'products', q] as const,
};

/** GET /api/admin/customer-groups: every group with its counts, and the base currency of minimums. */
export function useCustomerGroups() {
  return useQuery({
    queryKey: keys.groups,
    queryFn: ({ signal }) => api.get<CustomerGroupList>('/api/admin/customer-groups', { signal }),
  });
}

/** Creates a group, or replaces one's settings when `id` is given. */
export function useSaveCustomerGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CustomerGroupInput }) =>
      id
        ? api.put<CustomerGroup>(`/api/admin/customer-groups/${id}`, body)
        : api.post<CustomerGroup>('/api/admin/customer-groups', body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteCustomerGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/customer-groups/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function usePriceLists() {
  return useQuery({
    queryKey: keys.lists,
    queryFn: ({ signal }) => api.get<{ items: PriceListSummary[] }>('/api/admin/price-lists', { signal }),
  });
}

export function usePriceList(id: string | null) {
  return useQuery({
    queryKey: keys.list(id ?? ''),
    queryFn: ({ signal }) => api.get<PriceList>(`/api/admin/price-lists/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Creates a price list, or replaces one's name, group and entries when `id` is given. */
export function useSavePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PriceListInput }) =>
      id
        ? api.put<PriceList>(`/api/admin/price-lists/${id}`, body)
        : api.post<PriceList>('/api/admin/price-lists', body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeletePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/price-lists/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** A customer's group and tax exemption number. */
export function useCustomerWholesale(customerId: string) {
  return useQuery({
    queryKey: keys.customer(customerId),
    queryFn: ({ signal }) =>
      api.get<CustomerWholesale>(`/api/admin/customers/${customerId}/wholesale`, { signal }),
  });
}

export function useSetCustomerWholesale(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerWholesale) =>
      api.put<CustomerWholesale>(`/api/admin/customers/${customerId}/wholesale`, body),
    onSuccess: (saved) => client.setQueryData(keys.customer(customerId), saved),
    onSettled: () => client.invalidateQueries({ queryKey: keys.groups }),
  });
}

/** Records that the invoice of an order on payment terms was paid; the order's page reloads. */
export function useRecordInvoicePaid(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/admin/wholesale/orders/${orderId}/paid`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Products by name or SKU, for an entry of a price list. */
export function useWholesaleProductSearch(q: string) {
  return useQuery({
    queryKey: keys.products(q),
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: { search: q || undefined, limit: 8 },
        signal,
      }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A product's variants, for an entry that prices one of them. */
export function useWholesaleVariants(productId: string | null) {
  return useQuery({
    queryKey: [...keys.all, 'variants', productId ?? ''],
    queryFn: ({ signal }) =>
      api.get<{ items: AdminVariant[] }>(`/api/admin/products/${productId}/variants`, { signal }),
    enabled: Boolean(productId),
  });
}
