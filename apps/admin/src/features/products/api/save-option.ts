import { api } from '@cartwheel/shared/api-client';
import type { OptionCreateBody } from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProductStock } from './product-keys.ts';

/** POST /api/admin/products/:productId/options, or PATCH .../options/:optionId (values = the full list). */
export function saveOption(productId: string, optionId: string | undefined, body: OptionCreateBody) {
  return optionId
    ? api.patch<ProductOption>(`/api/admin/products/${productId}/options/${optionId}`, body)
    : api.post<ProductOption>(`/api/admin/products/${productId}/options`, body);
}

export function useSaveOption(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ optionId, body }: { optionId?: string; body: OptionCreateBody }) =>
      saveOption(productId, optionId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.options(productId) });
      // Removing a value removes its variants.
      void queryClient.invalidateQueries({ queryKey: productKeys.variants(productId) });
      refreshProductStock(queryClient, productId);
    },
  });
}
