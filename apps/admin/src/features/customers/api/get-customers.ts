import { api } from '@cartwheel/shared/api-client';
import type { CustomerList, CustomerSort } from '@cartwheel/shared/contracts/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerKeys } from './customer-keys.ts';

export interface CustomerListParams {
  page: number;
  limit: number;
  search: string;
  /** Only customers with this tag ('' for all). */
  tag?: string | undefined;
  sort: CustomerSort;
  dir: 'asc' | 'desc';
}

/** GET /api/admin/customers: one page of customers with their order figures. */
export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<CustomerList>('/api/admin/customers', {
        params: { ...params, search: params.search || undefined, tag: params.tag || undefined },
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}

/** The URL that downloads the searched customers as CSV (the browser sends the session cookie). */
export function customersExportUrl(params: Omit<CustomerListParams, 'page' | 'limit'>): string {
  const query = new URLSearchParams({ sort: params.sort, dir: params.dir });
  if (params.search) query.set('search', params.search);
  if (params.tag) query.set('tag', params.tag);
  return `/api/admin/customers/export?${query}`;
}
