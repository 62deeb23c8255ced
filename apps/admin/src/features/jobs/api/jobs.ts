import { api } from '@cartwheel/shared/api-client';
import type { JobsHealth } from '@cartwheel/shared/contracts/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

export const jobsKeys = { health: [...adminKeys.jobs, 'health'] as const };

/** The job queue's health (GET /api/admin/jobs), refreshed every 10 seconds while the page is open. */
export function useJobsHealth() {
  return useQuery(
    queryOptions({
      queryKey: jobsKeys.health,
      queryFn: ({ signal }) => api.get<JobsHealth>('/api/admin/jobs', { signal }),
      staleTime: 0,
      refetchInterval: 10_000,
    }),
  );
}

/** Queues a failed job again (POST /api/admin/jobs/:jobId/retry). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api.post<{ id: string; name: string }>(`/api/admin/jobs/${jobId}/retry`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
  });
}
