import { api } from '@cartwheel/shared/api-client';
import type { ProductImageImport } from '@cartwheel/shared/contracts/product-import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys.ts';

/** GET /api/admin/products/:productId/image-imports: imported images still being fetched or failed. */
export function imageImportsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...productKeys.detail(productId), 'image-imports'] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: ProductImageImport[] }>(`/api/admin/products/${productId}/image-imports`, { signal }),
    select: (data) => data.items,
    staleTime: 0,
    // While images are still being fetched, look again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 3000 : false,
  });
}

export function useImageImports(productId: string) {
  return useQuery(imageImportsQueryOptions(productId));
}
