import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { checkoutKeys } from './checkout-keys.ts';

export interface CheckoutSettings {
  guest_enabled: boolean;
}

export function getCheckoutSettings(signal?: AbortSignal): Promise<CheckoutSettings> {
  return api.get<CheckoutSettings>('/api/checkout/settings', { signal });
}

/** Whether shoppers may check out without an account (the shop can turn it off). */
export function useCheckoutSettings() {
  return useQuery({
    queryKey: checkoutKeys.settings,
    queryFn: ({ signal }) => getCheckoutSettings(signal),
    staleTime: QUERY_STALE_TIME_MS,
    retry: false,
  });
}
