import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import type { Me } from './contracts/accounts.ts';

/** Who is signed in, for both front ends. Invalidate ['me'] after sign-in, sign-out or a profile change. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: () => api.get<Me>('/api/me'),
  staleTime: 60_000,
});

/** The one hook the front ends learn the user and profile from; `isLoading` until the first check. */
export function useMe() {
  const query = useQuery(meQueryOptions);
  return {
    user: query.data?.user ?? null,
    profile: query.data?.profile ?? null,
    isLoading: query.isLoading,
    isSignedIn: Boolean(query.data?.user),
  };
}
