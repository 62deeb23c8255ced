import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Send } from 'lucide-react';
import { useCan } from '../../../lib/use-can.ts';
import { useOrderEdits, useSendPaymentLink } from '../api/order-edits.ts';

/** On the order's page while the customer has not paid an edit's amount due: how much, and "Send payment link" again. */
export function PendingEditBanner({ orderId }: { orderId: string }) {
  const edits = useOrderEdits(orderId);
  const send = useSendPaymentLink(orderId);
  const can = useCan();
  const pending = edits.data?.items.find((e) => e.status === 'awaiting_payment');
  if (!pending) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <span className="flex-1">
        Amount due from the customer: <strong>{formatMoney(pending.amount_due, pending.currency)}</strong>. A
        payment link was sent after the order was edited.
      </span>
      {can('orders.edit') ? (
        <Button size="sm" variant="outline" disabled={send.isPending} onClick={() => send.mutate(pending.id)}>
          <Send aria-hidden="true" />
          Send payment link
        </Button>
      ) : null}
    </div>
  );
}
