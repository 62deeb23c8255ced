import { api } from '@cartwheel/shared/api-client';
import type { Analytics, AnalyticsInterval } from '@cartwheel/shared/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/admin/analytics for a range (compared with the period just before) and a chart interval
 * (the server's default when none). Under the dashboard's key: what refreshes its figures refreshes these.
 */
export function analyticsQueryOptions(range: { from: Date; to: Date }, interval: AnalyticsInterval | null) {
  const params = {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ...(interval ? { interval } : {}),
  };
  return queryOptions({
    queryKey: [...adminKeys.dashboard, 'analytics', params] as const,
    queryFn: ({ signal }) => api.get<Analytics>('/api/admin/analytics', { params, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(range: { from: Date; to: Date }, interval: AnalyticsInterval | null) {
  return useQuery(analyticsQueryOptions(range, interval));
}
