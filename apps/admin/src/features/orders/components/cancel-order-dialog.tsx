import { formatMoney } from '@cartwheel/shared/money';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Label } from '@cartwheel/ui/label';
import { useState } from 'react';
import { useCan } from '../../../lib/use-can.ts';
import { useCancelOrder } from '../api/cancel-order.ts';

/**
 * Asks before cancelling: cancelling returns stock and cannot be undone. For a paid order a manager
 * or admin is offered the refund (checked by default): the payment provider gives the money back.
 */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: {
    id: string;
    order_number: number;
    payment_status: string;
    currency: string;
    refundable_amount?: number;
  };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelOrder();
  const can = useCan();
  const [refund, setRefund] = useState(true);
  const paid = order.payment_status === 'paid' || order.payment_status === 'partially_refunded';
  const mayRefund = paid && can('orders.refund');
  const amount =
    order.refundable_amount === undefined
      ? 'the payment'
      : formatMoney(order.refundable_amount, order.currency);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel order #${order.order_number}?`}
      description={
        <>
          Items that have not shipped go back to stock. A cancelled order can't be reopened.
          {paid && !mayRefund ? ' The payment is not refunded: ask a manager to refund it.' : ''}
          {mayRefund ? (
            <span className="mt-3 flex items-center gap-2 text-foreground">
              <Checkbox
                id="cancel-refund"
                checked={refund}
                onCheckedChange={(checked) => setRefund(checked === true)}
              />
              <Label htmlFor="cancel-refund">Refund {amount} to the customer</Label>
            </span>
          ) : null}
        </>
      }
      cancelLabel="Keep order"
      confirmLabel={mayRefund && refund ? 'Cancel and refund' : 'Cancel order'}
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(
          { orderId: order.id, refund: mayRefund && refund },
          { onSuccess: () => onOpenChange(false) },
        )
      }
    />
  );
}
