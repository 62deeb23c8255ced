import { api } from '@cartwheel/shared/api-client';
import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { useQuery } from '@tanstack/react-query';

/** The order a signed link from a confirmation email opens (no account needed). */
export function useOrderByLink(token: string) {
  return useQuery({
    queryKey: ['order-link', token],
    queryFn: ({ signal }) =>
      api.get<CustomerOrderDetail>(`/api/orders/by-link/${encodeURIComponent(token)}`, { signal }),
    enabled: token.length > 0,
    // An invalid or expired link stays so: asking again cannot help.
    retry: false,
  });
}
