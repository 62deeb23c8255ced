import { api } from '@cartwheel/shared/api-client';
import type { AdminSearchResults } from '@cartwheel/shared/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchKeys } from './search-keys.ts';

/** GET /api/admin/search?q=: up to five products, orders and customers. */
export function adminSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => api.get<AdminSearchResults>('/api/admin/search', { params: { q }, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    enabled: q.length > 0,
  });
}

export function useAdminSearch(q: string) {
  return useQuery(adminSearchQueryOptions(q));
}
