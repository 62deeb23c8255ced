import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { toast } from 'sonner';
import { useCan } from '../../../lib/use-can.ts';
import { useRecordInvoicePaid } from '../api/wholesale.ts';

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * An order placed on payment terms or tax-exempt: the due date and, while unpaid, "Mark invoice
 * paid"; the buyer's exemption number. Nothing for other orders.
 */
export function InvoiceCard({ order }: { order: OrderDetail }) {
  const can = useCan();
  const paid = useRecordInvoicePaid(order.id);
  if (!order.payment_due_at && !order.tax_exemption_number) return null;
  const open =
    order.payment_due_at !== null && order.payment_status === 'unpaid' && order.status !== 'cancelled';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Wholesale</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {order.payment_due_at ? (
          <p data-testid="invoice-due">
            {open
              ? `Invoice of ${formatMoney(order.total_amount, order.currency)} due ${date(order.payment_due_at)}`
              : `Invoice was due ${date(order.payment_due_at)}`}
          </p>
        ) : null}
        {order.tax_exemption_number ? (
          <p data-testid="tax-exemption">Tax exempt: exemption no. {order.tax_exemption_number}</p>
        ) : null}
        {open && can('wholesale.manage') ? (
          <div>
            <Button
              disabled={paid.isPending}
              onClick={() =>
                paid.mutate(undefined, {
                  onSuccess: () => toast.success('Invoice marked paid'),
                  onError: (error) =>
                    toast.error(`Failed to mark the invoice paid: ${getErrorMessage(error)}`),
                })
              }
            >
              {paid.isPending ? 'Saving...' : 'Mark invoice paid'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
