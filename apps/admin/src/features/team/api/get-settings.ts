import { api } from '@cartwheel/shared/api-client';
import type { ShopSettings } from '@cartwheel/shared/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Shop-wide settings only admins change (GET /api/admin/settings). */
export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: ({ signal }) => api.get<ShopSettings>('/api/admin/settings', { signal }),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
