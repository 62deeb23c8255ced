import { api } from '@cartwheel/shared/api-client';
import type {
  AdminProductList,
  AdminProductSort,
  ProductStatusFilter,
} from '@cartwheel/shared/contracts/admin-products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys.ts';

export interface ProductListParams {
  page: number;
  limit: number;
  search: string;
  status: ProductStatusFilter;
  sort: AdminProductSort;
  order: 'asc' | 'desc';
}

/** GET /api/admin/products: one page of every non-deleted product, filtered and sorted by the server. */
export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: { ...params, search: params.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}

/** The URL that downloads the products (and their variants) matching the filters as CSV. */
export function productsExportUrl(params: Pick<ProductListParams, 'status' | 'search'>): string {
  const query = new URLSearchParams();
  if (params.status !== 'all') query.set('status', params.status);
  if (params.search) query.set('search', params.search);
  const qs = query.toString();
  return `/api/admin/products/export${qs ? `?${qs}` : ''}`;
}
