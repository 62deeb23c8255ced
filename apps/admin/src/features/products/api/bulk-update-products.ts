import { api } from '@cartwheel/shared/api-client';
import type { BulkActionBody, BulkActionResult } from '@cartwheel/shared/contracts/admin-products';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { plural } from '@cartwheel/shared/text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { productKeys } from './product-keys.ts';

/** POST /api/admin/products/bulk: edit price/inventory, set as featured, archive (set as Draft) or activate. */
export function bulkUpdateProducts(body: BulkActionBody) {
  return api.post<BulkActionResult>('/api/admin/products/bulk', body);
}

const DONE: Record<BulkActionBody['action'], (result: BulkActionResult, body: BulkActionBody) => string> = {
  edit: ({ updated, variants_updated }) =>
    `Updated ${plural(updated, 'product')}${variants_updated ? ` (inventory set on ${plural(variants_updated, 'variant')})` : ''}`,
  feature: ({ updated }, body) =>
    body.action === 'feature' && body.is_featured === false
      ? `Removed ${plural(updated, 'product')} from featured`
      : `Set ${plural(updated, 'product')} as featured`,
  archive: ({ updated }) => `Archived ${plural(updated, 'product')} (now Draft)`,
  activate: ({ updated }) => `Set ${plural(updated, 'product')} as Active`,
};

/** What puts back exactly the products an action changed, when it can be taken back. */
function undoOf(body: BulkActionBody, ids: string[]): BulkActionBody | null {
  if (!ids.length) return null;
  if (body.action === 'archive') return { action: 'activate', ids };
  if (body.action === 'feature' && (body.is_featured ?? true)) {
    return { action: 'feature', ids, is_featured: false };
  }
  return null;
}

export function useBulkUpdateProducts() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: bulkUpdateProducts,
    onSuccess: (result, body) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      const undo = undoOf(body, result.ids);
      toast.success(
        DONE[body.action](result, body),
        undo
          ? { action: { label: 'Undo', onClick: () => mutation.mutate(undo) }, duration: 10_000 }
          : undefined,
      );
    },
    onError: (error) => toast.error('Failed to update products', { description: getErrorMessage(error) }),
  });
  return mutation;
}
