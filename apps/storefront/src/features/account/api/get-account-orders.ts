import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import type { CustomerOrderList } from '@cartwheel/shared/contracts/customer-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getAccountOrders(signal?: AbortSignal): Promise<CustomerOrderList> {
  return api.get<CustomerOrderList>('/api/account/orders', { signal });
}

/** Every account-orders query starts with this key; invalidate it after a checkout completes. */
export const ACCOUNT_ORDERS_KEY = 'account-orders';

/** The signed-in shopper's orders, newest first; keyed by user so nobody sees another's cached orders. */
export function accountOrdersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [ACCOUNT_ORDERS_KEY, userId, 'list'] as const,
    queryFn: ({ signal }) => getAccountOrders(signal),
    staleTime: QUERY_STALE_TIME_MS,
  });
}

/** Runs only when a user exists (spec section 7). */
export function useAccountOrders(userId: string | null) {
  return useQuery({ ...accountOrdersQueryOptions(userId ?? ''), enabled: userId !== null });
}
