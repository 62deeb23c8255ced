import { api } from '@cartwheel/shared/api-client';
import type { ShopSettings } from '@cartwheel/shared/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsQueryOptions } from './get-settings.ts';

/** Changes some settings (PATCH /api/admin/settings); answers all of them. */
export function updateSettings(patch: Partial<ShopSettings>): Promise<ShopSettings> {
  return api.patch<ShopSettings>('/api/admin/settings', patch);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      if (settings) queryClient.setQueryData(settingsQueryOptions.queryKey, settings);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions.queryKey }),
  });
}
