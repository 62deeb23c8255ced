import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProductStock } from './product-keys.ts';

/** DELETE /api/admin/products/:productId/options/:optionId (its variants go too). */
export function deleteOption(productId: string, optionId: string) {
  return api.delete<void>(`/api/admin/products/${productId}/options/${optionId}`);
}

export function useDeleteOption(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionId: string) => deleteOption(productId, optionId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.options(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.variants(productId) });
      refreshProductStock(queryClient, productId);
    },
  });
}
