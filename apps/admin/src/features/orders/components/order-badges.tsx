import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { capitalize } from '@cartwheel/shared/text';
import { Badge } from '@cartwheel/ui/badge';
import { cn } from '@cartwheel/ui/lib/utils';
import { NEUTRAL_BADGE as NEUTRAL } from '@cartwheel/ui/order-status-badge';

export { OrderStatusBadge } from '@cartwheel/ui/order-status-badge';

export function PaymentStatusBadge({ status }: { status: OrderDetail['payment_status'] }) {
  return (
    <Badge
      variant={status === 'failed' ? 'destructive' : status === 'paid' ? 'secondary' : 'outline'}
      className={cn(status === 'paid' && 'font-semibold', status === 'unpaid' && NEUTRAL)}
    >
      {capitalize(status.replaceAll('_', ' '))}
    </Badge>
  );
}

export function FulfillmentStatusBadge({ status }: { status: OrderDetail['fulfillment_status'] }) {
  return (
    <Badge
      variant={status === 'fulfilled' ? 'secondary' : 'outline'}
      className={cn(status === 'fulfilled' && 'font-semibold', status === 'unfulfilled' && NEUTRAL)}
    >
      {capitalize(status)}
    </Badge>
  );
}
