import { api } from '@cartwheel/shared/api-client';
import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface TeamList {
  items: TeamMember[];
}

/** Everyone with a staff role (GET /api/admin/team). */
export const teamQueryOptions = queryOptions({
  queryKey: ['admin', 'team'],
  queryFn: ({ signal }) => api.get<TeamList>('/api/admin/team', { signal }),
});

export function useTeam() {
  return useQuery(teamQueryOptions);
}
