import { api } from '@cartwheel/shared/api-client';
import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys.ts';

/** GET /api/admin/products/:productId: the product with cost price, options and variants. */
export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => api.get<AdminProductDetail>(`/api/admin/products/${productId}`, { signal }),
    // The editor shows what is stored now, not what was stored five minutes ago.
    staleTime: 0,
  });
}

export function useProduct(productId: string | undefined) {
  return useQuery({ ...productQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
