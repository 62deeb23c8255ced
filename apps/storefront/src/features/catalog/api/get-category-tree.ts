import { api } from '@cartwheel/shared/api-client';
import type { CategoryTree } from '@cartwheel/shared/contracts/category-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

export const categoryTreeQueryOptions = queryOptions({
  queryKey: catalogKeys.categoryTree,
  queryFn: ({ signal }) => api.get<CategoryTree>('/api/category-tree', { signal }),
});

/** The visible categories as a tree, for the header's menu. */
export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions);
}
