import { api } from '@cartwheel/shared/api-client';
import type { CustomerDetail } from '@cartwheel/shared/contracts/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerKeys } from './customer-keys.ts';

/** GET /api/admin/customers/:customerId: profile, figures and orders. */
export function customerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/api/admin/customers/${customerId}`, { signal }),
    staleTime: 0,
  });
}

export function useCustomer(customerId: string) {
  return useQuery(customerQueryOptions(customerId));
}
