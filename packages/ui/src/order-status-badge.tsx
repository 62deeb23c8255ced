import type { OrderStatus } from '@cartwheel/shared/contracts/orders';
import { capitalize } from '@cartwheel/shared/text';
import { Badge, type BadgeProps } from './badge.tsx';
import { cn } from './lib/utils.ts';

/** The muted look of a badge that stands for "nothing happened yet" (pending, unpaid, unfulfilled). */
export const NEUTRAL_BADGE = 'border-transparent bg-muted text-muted-foreground';

/** Delivered strong, shipped secondary, processing outline, cancelled destructive; pending is neutral. */
const STATUS_VARIANT: Record<OrderStatus, BadgeProps['variant'] | 'neutral'> = {
  delivered: 'default',
  shipped: 'secondary',
  processing: 'outline',
  cancelled: 'destructive',
  pending: 'neutral',
};

export type OrderStatusBadgeProps = Omit<BadgeProps, 'variant' | 'children'> & {
  status: OrderStatus;
  /** The status in the page's language (the storefront's); the status word capitalized when absent. */
  label?: string;
};

/** An order's status as a badge, the same in the store and the back office. */
export function OrderStatusBadge({ status, label, className, ...props }: OrderStatusBadgeProps) {
  const variant = STATUS_VARIANT[status];
  return (
    <Badge
      variant={variant === 'neutral' ? 'outline' : variant}
      className={cn(variant === 'neutral' && NEUTRAL_BADGE, className)}
      data-testid="order-status"
      data-status={status}
      {...props}
    >
      {label ?? capitalize(status)}
    </Badge>
  );
}
