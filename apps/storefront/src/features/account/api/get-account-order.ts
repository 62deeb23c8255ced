import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys } from './account-keys.ts';

export function getAccountOrder(orderId: string, signal?: AbortSignal): Promise<CustomerOrderDetail> {
  if (!orderId) throw new Error('Order ID required');
  return api.get<CustomerOrderDetail>(`/api/account/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function accountOrderQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    queryKey: accountKeys.order(userId, orderId),
    queryFn: ({ signal }) => getAccountOrder(orderId, signal),
    staleTime: QUERY_STALE_TIME_MS,
  });
}

/** One of the shopper's orders; runs only when both the user and the id exist. */
export function useAccountOrder(userId: string | null, orderId: string | undefined) {
  return useQuery({
    ...accountOrderQueryOptions(userId ?? '', orderId ?? ''),
    enabled: userId !== null && Boolean(orderId),
  });
}
