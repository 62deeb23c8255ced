import { api } from '@cartwheel/shared/api-client';
import type { AdminVariant, VariantUpdateBody } from '@cartwheel/shared/contracts/admin-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProductStock } from './product-keys.ts';

/** PATCH /api/admin/products/:productId/variants/:variantId (inline edit). */
export function updateVariant(productId: string, variantId: string, body: VariantUpdateBody) {
  return api.patch<AdminVariant>(`/api/admin/products/${productId}/variants/${variantId}`, body);
}

export function useUpdateVariant(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ variantId, body }: { variantId: string; body: VariantUpdateBody }) =>
      updateVariant(productId, variantId, body),
    onSuccess: (variant) => {
      queryClient.setQueryData<{ items: AdminVariant[] }>(productKeys.variants(productId), (data) =>
        data ? { items: data.items.map((v) => (v.id === variant.id ? variant : v)) } : data,
      );
      refreshProductStock(queryClient, productId);
    },
  });
}
