import { sdk } from '@cartwheel/shared/sdk-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './dashboard-keys.ts';

export interface Health {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unavailable';
}

/** GET /api/health: 200 when the API and its database answer, 503 (an error here) when not. */
export const healthQueryOptions = queryOptions({
  queryKey: dashboardKeys.health,
  queryFn: ({ signal }): Promise<Health> => sdk((client) => client.store.get('/api/health', { signal })),
  staleTime: 30_000,
  refetchInterval: 60_000,
  retry: false,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
