import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProductStock } from './product-keys.ts';

/** DELETE /api/admin/products/:productId/variants/:variantId */
export function deleteVariant(productId: string, variantId: string) {
  return api.delete<void>(`/api/admin/products/${productId}/variants/${variantId}`);
}

export function useDeleteVariant(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantId: string) => deleteVariant(productId, variantId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.variants(productId) });
      refreshProductStock(queryClient, productId);
    },
  });
}
