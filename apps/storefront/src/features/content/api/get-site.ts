import { api } from '@cartwheel/shared/api-client';
import type { PublicPage } from '@cartwheel/shared/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const pageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['page', slug],
    queryFn: ({ signal }) => api.get<PublicPage>(`/api/pages/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });

/** One published page by slug (GET /api/pages/:slug): its Markdown as sanitised HTML. */
export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
