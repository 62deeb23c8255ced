import { api } from '@cartwheel/shared/api-client';
import type { Category } from '@cartwheel/shared/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

export function getCategories(signal?: AbortSignal): Promise<{ items: Category[] }> {
  return api.get<{ items: Category[] }>('/api/categories', { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: catalogKeys.categories,
  queryFn: ({ signal }) => getCategories(signal),
});

/** Visible categories in display order, for the catalog's filter. */
export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
