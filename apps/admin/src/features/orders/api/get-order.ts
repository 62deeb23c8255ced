import { api } from '@cartwheel/shared/api-client';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys } from './order-keys.ts';

/** GET /api/admin/orders/:orderId */
export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/api/admin/orders/${orderId}`, { signal }),
    staleTime: 0,
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
