import { api } from '@cartwheel/shared/api-client';
import { DEFAULT_PAGE_SIZE } from '@cartwheel/shared/constants';
import type { StorefrontSearchResult } from '@cartwheel/shared/contracts/storefront-search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

/**
 * The API's query for a catalog page: the address's query string with the page size (and the
 * category of a category page). The route's prefetch (routes/products.tsx, routes/category.tsx) asks the same.
 */
export function catalogSearchQuery(searchParams: URLSearchParams, category: string | undefined): string {
  const query = new URLSearchParams(searchParams);
  query.set('limit', String(DEFAULT_PAGE_SIZE));
  if (category) query.set('category', category);
  return query.toString();
}

/**
 * GET /api/search with the catalog page's query string as is: the page's address and the API share
 * their parameter names (search, sort, category, brand, option, price_min, price_max, in_stock,
 * on_sale, featured, page), so a filter in the address is the filter the API applies.
 */
export function searchProductsQueryOptions(query: string) {
  return queryOptions({
    queryKey: catalogKeys.search(query),
    queryFn: ({ signal }) => api.get<StorefrontSearchResult>(`/api/search?${query}`, { signal }),
    // The facets and the count stay while the next filter's answer loads.
    placeholderData: keepPreviousData,
  });
}

export function useSearchProducts(query: string) {
  return useQuery(searchProductsQueryOptions(query));
}
