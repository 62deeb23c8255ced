import { api } from '@cartwheel/shared/api-client';
import type { GenerateVariantsResult } from '@cartwheel/shared/contracts/admin-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProductStock } from './product-keys.ts';

/** POST /api/admin/products/:productId/variants/generate (existing combinations are kept). */
export function generateVariants(productId: string) {
  return api.post<GenerateVariantsResult>(`/api/admin/products/${productId}/variants/generate`);
}

export function useGenerateVariants(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateVariants(productId),
    onSuccess: (result) => {
      queryClient.setQueryData(productKeys.variants(productId), { items: result.items });
      refreshProductStock(queryClient, productId);
    },
  });
}
