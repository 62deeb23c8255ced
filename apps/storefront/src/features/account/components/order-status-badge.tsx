import type { CustomerOrder } from '@cartwheel/shared/contracts/customer-orders';
import { Badge, type BadgeProps } from '@cartwheel/ui/badge';
import { cn } from '@cartwheel/ui/lib/utils';

// Delivered strong, shipped secondary, processing outline, cancelled destructive, others neutral.
const VARIANT: Record<string, BadgeProps['variant']> = {
  delivered: 'default',
  shipped: 'secondary',
  processing: 'outline',
  cancelled: 'destructive',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An order status as a badge, styled by status. */
export function OrderStatusBadge({
  status,
  className,
}: {
  status: CustomerOrder['status'];
  className?: string;
}) {
  const variant = VARIANT[status];
  return (
    <Badge
      variant={variant ?? 'outline'}
      data-testid="order-status"
      className={cn(!variant && 'border-transparent bg-muted text-muted-foreground', className)}
    >
      {capitalize(status)}
    </Badge>
  );
}
