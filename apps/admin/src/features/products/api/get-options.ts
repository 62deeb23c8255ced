import { api } from '@cartwheel/shared/api-client';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys.ts';

/** GET /api/admin/products/:productId/options: options with their values ordered by sort_order. */
export function optionsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.options(productId),
    queryFn: ({ signal }) =>
      api.get<{ items: ProductOption[] }>(`/api/admin/products/${productId}/options`, { signal }),
    select: (data) => data.items,
    staleTime: 0,
  });
}

export function useProductOptions(productId: string | undefined) {
  return useQuery({ ...optionsQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
