import { api } from '@cartwheel/shared/api-client';
import type { AdminVariant } from '@cartwheel/shared/contracts/admin-products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys.ts';

/** GET /api/admin/products/:productId/variants: with option values, ordered by created_at. */
export function variantsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.variants(productId),
    queryFn: ({ signal }) =>
      api.get<{ items: AdminVariant[] }>(`/api/admin/products/${productId}/variants`, { signal }),
    select: (data) => data.items,
    staleTime: 0,
  });
}

export function useProductVariants(productId: string | undefined) {
  return useQuery({ ...variantsQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
