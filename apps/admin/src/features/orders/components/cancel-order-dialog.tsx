import { Button } from '@cartwheel/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cartwheel/ui/dialog';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel order #{order.order_number}?</DialogTitle>
          <DialogDescription>
            Items that have not shipped go back to stock.
            {order.payment_status === 'paid'
              ? ' The payment is recorded as refunded; refund the customer with your payment provider.'
              : ''}{' '}
            A cancelled order can't be reopened.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep order
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ orderId: order.id }, { onSuccess: () => onOpenChange(false) })}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel order'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
