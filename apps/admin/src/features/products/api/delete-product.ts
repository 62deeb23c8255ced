import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { productKeys } from './product-keys.ts';

/** DELETE /api/admin/products/:productId (soft delete). */
export function deleteProduct(productId: string) {
  return api.delete<void>(`/api/admin/products/${productId}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, productId) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists });
      toast.success('Product deleted successfully');
    },
    onError: () => toast.error('Failed to delete product'),
  });
}
