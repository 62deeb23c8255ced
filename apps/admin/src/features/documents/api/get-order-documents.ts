import { api } from '@cartwheel/shared/api-client';
import type { OrderDocuments } from '@cartwheel/shared/contracts/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Under the orders' root: whatever refreshes an order (a refund) refreshes its documents too. */
export const orderDocumentsKey = (orderId: string) => [...adminKeys.orders, orderId, 'documents'] as const;

/** GET /api/admin/orders/:orderId/documents: the order's invoice and credit notes, once issued. */
export function useOrderDocuments(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: orderDocumentsKey(orderId),
      queryFn: ({ signal }) => api.get<OrderDocuments>(`/api/admin/orders/${orderId}/documents`, { signal }),
      // Read again when staff come back from the invoice's tab: its first print issued it.
      staleTime: 0,
    }),
  );
}
