import { api } from '@cartwheel/shared/api-client';
import type { CheckoutReceipt } from '@cartwheel/shared/contracts/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutKeys } from './checkout-keys.ts';

/** How often a receipt whose payment is being confirmed asks again. */
const CONFIRMING_POLL_MS = 2000;

export function getReceipt(token: string, signal?: AbortSignal): Promise<CheckoutReceipt> {
  return api.get<CheckoutReceipt>(`/api/checkout/receipts/${encodeURIComponent(token)}`, { signal });
}

export function receiptQueryOptions(token: string) {
  return queryOptions({
    queryKey: checkoutKeys.receipt(token),
    queryFn: ({ signal }) => getReceipt(token, signal),
    // A link that is not valid stays so; a payment being confirmed is asked about again by itself.
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.state === 'processing' ? CONFIRMING_POLL_MS : false),
  });
}

/** The receipt the success page's signed link opens (signed in or not); runs only with a token. */
export function useReceipt(token: string | null) {
  return useQuery({ ...receiptQueryOptions(token ?? ''), enabled: Boolean(token) });
}
