import { api } from '@cartwheel/shared/api-client';
import type { CustomerTagsResult } from '@cartwheel/shared/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys } from './customer-keys.ts';

/** PUT /api/admin/customers/:customerId/tags: replaces the customer's tags. */
export function useSetCustomerTags(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) =>
      api.put<CustomerTagsResult>(`/api/admin/customers/${customerId}/tags`, { tags }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
