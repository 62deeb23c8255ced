import { api } from '@cartwheel/shared/api-client';
import type { ShopSettings } from '@cartwheel/shared/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from './team-keys.ts';

/** Shop-wide settings only admins change (GET /api/admin/settings). */
export const settingsQueryOptions = queryOptions({
  queryKey: teamKeys.settings,
  queryFn: ({ signal }) => api.get<ShopSettings>('/api/admin/settings', { signal }),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
