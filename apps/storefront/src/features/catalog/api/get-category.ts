import { api } from '@cartwheel/shared/api-client';
import type { CategoryPage } from '@cartwheel/shared/contracts/category-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

export const categoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: catalogKeys.category(slug),
    queryFn: ({ signal }) => api.get<CategoryPage>(`/api/categories/${encodeURIComponent(slug)}`, { signal }),
    // A missing or hidden category stays missing: no retries before the not-found page.
    retry: false,
    // A page that was not found (on the server too) stays so when it mounts: no skeleton, no second ask.
    retryOnMount: false,
  });

/** One visible category with its breadcrumb and sub-categories. */
export function useCategory(slug: string) {
  return useQuery(categoryQueryOptions(slug));
}
