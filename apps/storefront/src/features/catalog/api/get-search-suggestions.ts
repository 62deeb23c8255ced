import { api } from '@cartwheel/shared/api-client';
import type { SearchSuggestions } from '@cartwheel/shared/contracts/storefront-search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

/**
 * GET /api/search/suggestions?q=. The request's AbortSignal is TanStack Query's: when the text
 * changes, the earlier request is no longer wanted and is cancelled.
 */
export function searchSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: catalogKeys.suggestions(q),
    queryFn: ({ signal }) => api.get<SearchSuggestions>('/api/search/suggestions', { params: { q }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled: q.length > 0,
  });
}

export function useSearchSuggestions(q: string) {
  return useQuery(searchSuggestionsQueryOptions(q));
}
