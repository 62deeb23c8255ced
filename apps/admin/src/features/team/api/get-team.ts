import { api } from '@cartwheel/shared/api-client';
import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from './team-keys.ts';

export interface TeamList {
  items: TeamMember[];
}

/** Everyone with a staff role (GET /api/admin/team). */
export const teamQueryOptions = queryOptions({
  queryKey: teamKeys.team,
  queryFn: ({ signal }) => api.get<TeamList>('/api/admin/team', { signal }),
});

export function useTeam() {
  return useQuery(teamQueryOptions);
}
