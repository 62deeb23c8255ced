import { api } from '@cartwheel/shared/api-client';
import type { PaymentSettings, PaymentSettingsInput } from '@cartwheel/shared/contracts/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

const paymentSettingsKey = [...adminKeys.settings, 'payments'] as const;

/** The provider new checkouts use and what each provider lacks (GET /api/admin/settings/payments). */
export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentSettingsKey,
    queryFn: ({ signal }) => api.get<PaymentSettings>('/api/admin/settings/payments', { signal }),
  });
}

/**
 * Chooses the provider (PUT /api/admin/settings/payments). The test-mode banner and the hold's floor
 * follow the provider: the site data and the checkout settings are read again.
 */
export function useChoosePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsInput) =>
      api.put<PaymentSettings>('/api/admin/settings/payments', body),
    onSuccess: (settings) => queryClient.setQueryData(paymentSettingsKey, settings),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
