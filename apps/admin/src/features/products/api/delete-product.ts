import { api } from '@cartwheel/shared/api-client';
import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { productKeys } from './product-keys.ts';

/** DELETE /api/admin/products/:productId (soft delete). */
export function deleteProduct(productId: string) {
  return api.delete<void>(`/api/admin/products/${productId}`);
}

/** POST /api/admin/products/:productId/restore: the undo of a delete. */
export function restoreProduct(productId: string) {
  return api.post<AdminProductDetail>(`/api/admin/products/${productId}/restore`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: restoreProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.lists });
      toast.success('Product restored');
    },
    onError: () => toast.error('Failed to restore product'),
  });
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, productId) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists });
      // A delete is soft, so it can be taken back.
      toast.success('Product deleted successfully', {
        action: { label: 'Undo', onClick: () => restore.mutate(productId) },
        duration: 10_000,
      });
    },
    onError: () => toast.error('Failed to delete product'),
  });
}
