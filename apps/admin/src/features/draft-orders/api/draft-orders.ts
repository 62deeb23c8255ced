import { api } from '@cartwheel/shared/api-client';
import type { AddressList } from '@cartwheel/shared/contracts/addresses';
import type { CustomerList } from '@cartwheel/shared/contracts/customers';
import type {
  DraftOrder,
  DraftOrderBody,
  DraftOrderList,
  DraftQuote,
} from '@cartwheel/shared/contracts/draft-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

export const draftKeys = {
  all: ['admin', 'draft-orders'] as const,
  list: ['admin', 'draft-orders', 'list'] as const,
  one: (id: string) => ['admin', 'draft-orders', 'one', id] as const,
  quote: (body: DraftOrderBody) => ['admin', 'draft-orders', 'quote', body] as const,
  customers: (q: string) => ['admin', 'draft-orders', 'customers', q] as const,
  addresses: (customerId: string) => ['admin', 'draft-orders', 'addresses', customerId] as const,
};

/** GET /api/admin/draft-orders: newest first. */
export function useDraftOrders() {
  return useQuery({
    queryKey: draftKeys.list,
    queryFn: ({ signal }) => api.get<DraftOrderList>('/api/admin/draft-orders', { signal }),
  });
}

export function useDraftOrder(id: string | undefined) {
  return useQuery({
    queryKey: draftKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<DraftOrder>(`/api/admin/draft-orders/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** POST /api/admin/draft-orders/quote: the server's prices for what is on screen (never the client's). */
export function useDraftQuote(body: DraftOrderBody) {
  return useQuery({
    queryKey: draftKeys.quote(body),
    queryFn: ({ signal }) => api.post<DraftQuote>('/api/admin/draft-orders/quote', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: draftKeys.customers(q),
    queryFn: ({ signal }) =>
      api.get<CustomerList>('/api/admin/customers', { params: { search: q, limit: 10 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerAddresses(customerId: string | null) {
  return useQuery({
    queryKey: draftKeys.addresses(customerId ?? ''),
    queryFn: ({ signal }) =>
      api.get<AddressList>(`/api/admin/draft-orders/customers/${customerId}/addresses`, { signal }),
    enabled: Boolean(customerId),
  });
}

/** Creates the draft (no id) or replaces it from the version on screen. */
export function useSaveDraft(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DraftOrderBody & { version?: number }) =>
      id
        ? api.put<DraftOrder>(`/api/admin/draft-orders/${id}`, input)
        : api.post<DraftOrder>('/api/admin/draft-orders', input),
    onSuccess: (saved) => queryClient.setQueryData(draftKeys.one(saved.id), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.list }),
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: true }>(`/api/admin/draft-orders/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.list }),
  });
}

interface Placed {
  order_id: string;
  order_number: number | null;
  url: string | null;
}

/** Mark as paid or Send payment link; the orders, dashboard and stock shown elsewhere are read again. */
export function usePlaceDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      version,
      payment_method,
      location_id,
    }: {
      id: string;
      action: 'mark-paid' | 'send-link';
      version: number;
      payment_method?: 'cash' | 'other';
      /** The till's location the sale's units leave; null: allocated as an online order. */
      location_id?: string | null;
    }) =>
      api.post<Placed>(
        `/api/admin/draft-orders/${id}/${action}`,
        action === 'mark-paid' ? { version, payment_method, location_id: location_id ?? null } : { version },
      ),
    onSettled: () => {
      for (const key of [draftKeys.all, adminKeys.orders, adminKeys.dashboard, adminKeys.products]) {
        queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
