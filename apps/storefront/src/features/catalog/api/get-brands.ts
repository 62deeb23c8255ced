import { api } from '@cartwheel/shared/api-client';
import type { Brand } from '@cartwheel/shared/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys.ts';

export function getBrands(signal?: AbortSignal): Promise<{ items: Brand[] }> {
  return api.get<{ items: Brand[] }>('/api/brands', { signal });
}

export const brandsQueryOptions = queryOptions({
  queryKey: catalogKeys.brands,
  queryFn: ({ signal }) => getBrands(signal),
});

/** All brands by name, for the catalog's filter. */
export function useBrands() {
  return useQuery(brandsQueryOptions);
}
