import { api } from '@cartwheel/shared/api-client';
import type { PublicPage } from '@cartwheel/shared/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const pageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['page', slug],
    queryFn: ({ signal }) => api.get<PublicPage>(`/api/pages/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
    // A page that was not found (on the server too) stays so when it mounts: no skeleton, no second ask.
    retryOnMount: false,
  });

/** One published page by slug (GET /api/pages/:slug): its Markdown as sanitised HTML. */
export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
