import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { useCancelOrder } from '../api/cancel-order.ts';

/** Asks before cancelling: cancelling returns stock and cannot be undone. */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: { id: string; order_number: number; payment_status: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel order #${order.order_number}?`}
      description={
        <>
          Items that have not shipped go back to stock.
          {order.payment_status === 'paid'
            ? ' The payment is recorded as refunded; refund the customer with your payment provider.'
            : ''}{' '}
          A cancelled order can't be reopened.
        </>
      }
      cancelLabel="Keep order"
      confirmLabel="Cancel order"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate({ orderId: order.id }, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
