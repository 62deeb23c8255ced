import { api } from '@cartwheel/shared/api-client';
import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { productKeys } from './product-keys.ts';

/** POST /api/admin/products/:productId/duplicate: a Draft copy with "-copy" SKU and slug. */
export function duplicateProduct(productId: string) {
  return api.post<AdminProductDetail>(`/api/admin/products/${productId}/duplicate`);
}

export function useDuplicateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProduct,
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.lists });
      toast.success(`Duplicated as "${copy.name}" (Draft)`);
    },
    onError: (error) => toast.error('Failed to duplicate product', { description: getErrorMessage(error) }),
  });
}
