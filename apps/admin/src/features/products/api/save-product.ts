import { api } from '@cartwheel/shared/api-client';
import type {
  AdminProductDetail,
  ProductCreateBody,
  ProductUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProduct } from './product-keys.ts';

/** POST /api/admin/products (no id yet) or PATCH /api/admin/products/:productId. */
export function saveProduct(productId: string | undefined, body: ProductCreateBody | ProductUpdateBody) {
  return productId
    ? api.patch<AdminProductDetail>(`/api/admin/products/${productId}`, body)
    : api.post<AdminProductDetail>('/api/admin/products', body);
}

/** Creates or updates; the caller shows the toasts (they differ for create and update). */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId?: string; body: ProductCreateBody }) =>
      saveProduct(productId, body),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      refreshProduct(queryClient);
    },
  });
}
