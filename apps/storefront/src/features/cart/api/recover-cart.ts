import { api } from '@cartwheel/shared/api-client';
import type { RecoveredCart } from '@cartwheel/shared/contracts/marketing';
import { useQuery } from '@tanstack/react-query';

/** The lines of the checkout an abandoned-checkout email links to (no account needed). */
export function useRecoveredCart(token: string) {
  return useQuery({
    queryKey: ['cart-recovery', token],
    queryFn: ({ signal }) =>
      api.get<RecoveredCart>(`/api/checkout-recovery/${encodeURIComponent(token)}`, { signal }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
