import { meQueryOptions } from '@cartwheel/shared/use-me';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Query keys of the team page: the staff list, user searches by email and the shop settings. */
export const teamKeys = {
  team: adminKeys.team,
  users: adminKeys.users,
  userSearch: (email: string) => [...adminKeys.users, email] as const,
  settings: adminKeys.settings,
};

/** After a role changes: the team, any search results, and `me` when admins change their own role. */
export function refreshTeam(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.team }),
    queryClient.invalidateQueries({ queryKey: teamKeys.users }),
    queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  ]);
}
