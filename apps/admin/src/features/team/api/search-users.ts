import { api } from '@cartwheel/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamList } from './get-team.ts';
import { teamKeys } from './team-keys.ts';

/** Any user whose email matches, customers included (GET /api/admin/users?email=). */
export function searchUsersQueryOptions(email: string) {
  return queryOptions({
    queryKey: teamKeys.userSearch(email),
    queryFn: ({ signal }) => api.get<TeamList>('/api/admin/users', { params: { email }, signal }),
    staleTime: 0,
  });
}

export function useSearchUsers(email: string) {
  return useQuery({ ...searchUsersQueryOptions(email), enabled: email.length > 0 });
}
