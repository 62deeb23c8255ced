import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { useDeleteProduct } from '../api/delete-product.ts';

/** Asks before deleting (soft delete: the product leaves the shop and the list; its orders stay). */
export function DeleteProductDialog({
  product,
  open,
  onOpenChange,
  onDeleted,
}: {
  product: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteProduct();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete product?"
      description={`"${product.name}" will be removed from your store and from this list. Past orders keep their record of it.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(product.id, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.();
          },
        })
      }
    />
  );
}
