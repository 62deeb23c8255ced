import type { OrderStatus } from '@cartwheel/shared/contracts/orders';
import { OrderStatusBadge } from '@cartwheel/ui/order-status-badge';
import type { ComponentProps } from 'react';
import { useT } from '../../../i18n/i18n.tsx';

const LABELS = {
  pending: 'orderStatus.pending',
  processing: 'orderStatus.processing',
  shipped: 'orderStatus.shipped',
  delivered: 'orderStatus.delivered',
  cancelled: 'orderStatus.cancelled',
} as const satisfies Record<OrderStatus, string>;

/** The order's status badge in the page's language. */
export function OrderStatusTag(props: ComponentProps<typeof OrderStatusBadge>) {
  const t = useT();
  return <OrderStatusBadge {...props} label={t(LABELS[props.status])} />;
}
