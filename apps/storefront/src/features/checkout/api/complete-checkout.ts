import { api } from '@cartwheel/shared/api-client';
import type { CompletedCheckout } from '@cartwheel/shared/contracts/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The success page's call (the spec's create-order): records the paid session, answers the order number. */
export function completeCheckout(sessionId: string): Promise<CompletedCheckout> {
  return api.post<CompletedCheckout>('/api/checkout/complete', { session_id: sessionId });
}

export function completeCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['checkout-complete', sessionId] as const,
    queryFn: () => completeCheckout(sessionId),
    // Idempotent on the server; one call per visit is enough (a remount reuses the answer).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Runs only when the page has a session_id (spec section 7). */
export function useCompleteCheckout(sessionId: string | null) {
  return useQuery({ ...completeCheckoutQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
