import { api } from '@cartwheel/shared/api-client';
import type { Dashboard } from '@cartwheel/shared/contracts/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './dashboard-keys.ts';

export interface DashboardRange {
  from: Date;
  to: Date;
}

/** GET /api/admin/dashboard for a range; the server compares it with the period just before. */
export function dashboardQueryOptions(range: DashboardRange) {
  const params = { from: range.from.toISOString(), to: range.to.toISOString() };
  return queryOptions({
    queryKey: dashboardKeys.range(params),
    queryFn: ({ signal }) => api.get<Dashboard>('/api/admin/dashboard', { params, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(range: DashboardRange) {
  return useQuery(dashboardQueryOptions(range));
}
