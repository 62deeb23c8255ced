import { api } from '@cartwheel/shared/api-client';
import type { Product } from '@cartwheel/shared/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

export function getProduct(slug: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/api/products/${encodeURIComponent(slug)}`, { signal });
}

export function productQueryOptions(slug: string) {
  return queryOptions({
    queryKey: catalogKeys.product(slug),
    queryFn: ({ signal }) => getProduct(slug, signal),
    // A page that was not found (on the server too) stays so when it mounts: no skeleton, no second ask.
    retryOnMount: false,
  });
}

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
