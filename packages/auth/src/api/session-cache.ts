import { meQueryOptions } from '@cartwheel/shared/use-me';
import type { QueryClient } from '@tanstack/react-query';

/**
 * After a sign-in: load the new `me` before anyone navigates (a guard reading the old, signed-out
 * value would send the user back to /auth), then refresh everything else for the new user.
 */
export async function refreshAfterSignIn(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
}

/** After a sign-out: signed out at once, and nothing of the previous user left in the cache. */
export function clearAfterSignOut(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryOptions.queryKey, { user: null, profile: null });
  // Unwatched data goes; what a mounted page watches is fetched again, now as a visitor.
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'me' && query.getObserversCount() === 0,
  });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
}
