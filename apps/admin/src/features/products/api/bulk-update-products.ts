import { api } from '@cartwheel/shared/api-client';
import type { BulkActionBody } from '@cartwheel/shared/contracts/admin-products';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { plural } from '@cartwheel/shared/text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { productKeys } from './product-keys.ts';

/** POST /api/admin/products/bulk: edit price/inventory, set as featured or archive (set as Draft). */
export function bulkUpdateProducts(body: BulkActionBody) {
  return api.post<{ updated: number }>('/api/admin/products/bulk', body);
}

const DONE: Record<BulkActionBody['action'], (n: number) => string> = {
  edit: (n) => `Updated ${plural(n, 'product')}`,
  feature: (n) => `Set ${plural(n, 'product')} as featured`,
  archive: (n) => `Archived ${plural(n, 'product')} (now Draft)`,
};

export function useBulkUpdateProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateProducts,
    onSuccess: ({ updated }, body) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      toast.success(DONE[body.action](updated));
    },
    onError: (error) => toast.error('Failed to update products', { description: getErrorMessage(error) }),
  });
}
