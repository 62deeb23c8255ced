import type { OrderDetail, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { Badge, type BadgeProps } from '@cartwheel/ui/badge';
import { cn } from '@cartwheel/ui/lib/utils';

const NEUTRAL = 'border-transparent bg-muted text-muted-foreground';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Spec section 4: delivered strong, shipped secondary, processing outline, cancelled destructive, others neutral. */
const STATUS_VARIANT: Record<OrderStatus, BadgeProps['variant'] | 'neutral'> = {
  delivered: 'default',
  shipped: 'secondary',
  processing: 'outline',
  cancelled: 'destructive',
  pending: 'neutral',
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const variant = STATUS_VARIANT[status];
  return (
    <Badge
      variant={variant === 'neutral' ? 'outline' : variant}
      className={cn(variant === 'neutral' && NEUTRAL, className)}
      data-status={status}
    >
      {capitalize(status)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: OrderDetail['payment_status'] }) {
  return (
    <Badge
      variant={status === 'failed' ? 'destructive' : status === 'paid' ? 'secondary' : 'outline'}
      className={cn(status === 'paid' && 'font-semibold', status === 'unpaid' && NEUTRAL)}
    >
      {capitalize(status)}
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
