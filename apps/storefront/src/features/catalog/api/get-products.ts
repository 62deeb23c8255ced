import { api } from '@cartwheel/shared/api-client';
import type { ProductSort } from '@cartwheel/shared/constants';
import type { ProductList } from '@cartwheel/shared/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

/** Query parameters of GET /api/products; unset values are left out of the URL. */
export interface ProductsParams {
  search?: string;
  sort?: ProductSort;
  /** Category slug. */
  category?: string;
  /** Brand slug. */
  brand?: string;
  featured?: boolean;
  page?: number;
  limit?: number;
}

export function getProducts(params: ProductsParams, signal?: AbortSignal): Promise<ProductList> {
  return api.get<ProductList>('/api/products', {
    params: { ...params, featured: params.featured ? 'true' : undefined },
    signal,
  });
}

export function productsQueryOptions(params: ProductsParams) {
  return queryOptions({
    queryKey: catalogKeys.productList(params),
    queryFn: ({ signal }) => getProducts(params, signal),
  });
}

export function useProducts(params: ProductsParams) {
  return useQuery(productsQueryOptions(params));
}
