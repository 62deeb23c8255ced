import { api } from '@cartwheel/shared/api-client';
import type { PublicPage } from '@cartwheel/shared/contracts/content';
import { useQuery } from '@tanstack/react-query';

/** One published page by slug (GET /api/pages/:slug): its Markdown as sanitised HTML. */
export function usePage(slug: string) {
  return useQuery({
    queryKey: ['page', slug],
    queryFn: ({ signal }) => api.get<PublicPage>(`/api/pages/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });
}
