import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import type { Brand, Category } from '@cartwheel/shared/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys.ts';

/** GET /api/categories and GET /api/brands: the choices of the editor's pickers. */
export const categoriesQueryOptions = queryOptions({
  queryKey: productKeys.categories,
  queryFn: ({ signal }) => api.get<{ items: Category[] }>('/api/categories', { signal }),
  staleTime: QUERY_STALE_TIME_MS,
});

export const brandsQueryOptions = queryOptions({
  queryKey: productKeys.brands,
  queryFn: ({ signal }) => api.get<{ items: Brand[] }>('/api/brands', { signal }),
  staleTime: QUERY_STALE_TIME_MS,
});

export const useCategories = () => useQuery(categoriesQueryOptions);
export const useBrands = () => useQuery(brandsQueryOptions);
