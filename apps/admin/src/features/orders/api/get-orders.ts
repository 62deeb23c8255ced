import { api } from '@cartwheel/shared/api-client';
import type { OrderList, OrderSort, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys } from './order-keys.ts';

export interface OrderListParams {
  page: number;
  limit: number;
  search: string;
  status: OrderStatus[];
  sort: OrderSort;
  dir: 'asc' | 'desc';
}

/** The query string of the list and of the CSV export (empty values left out). */
export function orderListSearchParams(params: Omit<OrderListParams, 'page' | 'limit'>) {
  return {
    search: params.search || undefined,
    status: params.status.length ? params.status.join(',') : undefined,
    sort: params.sort,
    dir: params.dir,
  };
}

/** GET /api/admin/orders: one page, filtered and sorted by the server, with the summary counts. */
export function ordersQueryOptions(params: OrderListParams) {
  return queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<OrderList>('/api/admin/orders', {
        params: { ...orderListSearchParams(params), page: params.page, limit: params.limit },
        signal,
      }),
    // Staff work the list while orders come in: ask again on each visit, keep the page while paging.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}

/** The URL that downloads the filtered orders as CSV (the browser sends the session cookie). */
export function ordersExportUrl(params: Omit<OrderListParams, 'page' | 'limit'>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(orderListSearchParams(params))) {
    if (value) query.set(key, value);
  }
  return `/api/admin/orders/export?${query}`;
}
