import { api } from '@cartwheel/shared/api-client';
import type { CompletedCheckout } from '@cartwheel/shared/contracts/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutKeys } from './checkout-keys.ts';

/** The success page's call: records the paid session as an order and answers its number. */
export function completeCheckout(sessionId: string): Promise<CompletedCheckout> {
  return api.post<CompletedCheckout>('/api/checkout/complete', { session_id: sessionId });
}

export function completeCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: checkoutKeys.complete(sessionId),
    queryFn: () => completeCheckout(sessionId),
    // Idempotent on the server; one call per visit is enough (a remount reuses the answer).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Runs only when the page has a session_id. */
export function useCompleteCheckout(sessionId: string | null) {
  return useQuery({ ...completeCheckoutQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
