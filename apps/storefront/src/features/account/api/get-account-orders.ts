import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import type { CustomerOrderList } from '@cartwheel/shared/contracts/customer-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys } from './account-keys.ts';

export function getAccountOrders(signal?: AbortSignal): Promise<CustomerOrderList> {
  return api.get<CustomerOrderList>('/api/account/orders', { signal });
}

/** The signed-in shopper's orders, newest first. */
export function accountOrdersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.orders(userId),
    queryFn: ({ signal }) => getAccountOrders(signal),
    staleTime: QUERY_STALE_TIME_MS,
  });
}

/** Runs only when a user exists. */
export function useAccountOrders(userId: string | null) {
  return useQuery({ ...accountOrdersQueryOptions(userId ?? ''), enabled: userId !== null });
}
