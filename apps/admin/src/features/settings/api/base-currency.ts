import { api } from '@cartwheel/shared/api-client';
import type { ShopSettings } from '@cartwheel/shared/contracts/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

const shopSettingsQuery = queryOptions({
  queryKey: adminKeys.settings,
  queryFn: ({ signal }) => api.get<ShopSettings>('/api/admin/settings', { signal }),
});

/** The shop settings (GET /api/admin/settings), for the base currency. */
export function useShopSettings() {
  return useQuery(shopSettingsQuery);
}

/**
 * Changes the base currency (PATCH /api/admin/settings). Every amount the back office shows may be
 * in it, and a change rescales the catalog's prices: everything is read again.
 */
export function useUpdateBaseCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (base_currency: string) => api.patch<ShopSettings>('/api/admin/settings', { base_currency }),
    onSuccess: (settings) => queryClient.setQueryData(shopSettingsQuery.queryKey, settings),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
