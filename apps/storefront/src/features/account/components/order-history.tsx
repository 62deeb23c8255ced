import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { OrderStatusBadge } from '@cartwheel/ui/order-status-badge';
import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { useAccountOrders } from '../api/get-account-orders.ts';
import { OrderListSkeleton } from './order-list-skeleton.tsx';

const SKELETON_ROWS = 5;

/** /account/orders' body: every order of the shopper, newest first. */
export function OrderHistory({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useAccountOrders(userId);

  if (isPending) {
    return (
      <OrderListSkeleton rows={SKELETON_ROWS} className="space-y-4" rowClassName="h-24 w-full rounded-xl" />
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-destructive">
        {error.message}
      </p>
    );
  }
  if (data.items.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Package aria-hidden="true" className="size-12 text-muted-foreground" />
          <h2 className="font-semibold text-lg">No orders found</h2>
          <p className="text-muted-foreground">You haven't placed any orders yet</p>
          <Button asChild>
            <Link to="/products">Start Shopping</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul aria-label="Orders" className="space-y-4">
      {data.items.map((order) => (
        <li key={order.id} data-testid="order-row">
          <Card className="py-4">
            <CardContent className="flex flex-wrap items-center justify-between gap-4">
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">Order #{order.order_number}</h2>
                  <OrderStatusBadge status={order.status} />
                </div>
                <p className="text-muted-foreground text-sm">
                  {formatDate(order.created_at)} · {plural(order.item_count, 'item')}
                </p>
              </div>
              <div className="flex items-center gap-4">
                <span className="font-semibold text-lg tabular-nums">
                  {formatMoney(order.total_amount, order.currency)}
                </span>
                <Button asChild variant="outline" size="sm">
                  <Link
                    to={`/account/orders/${order.id}`}
                    aria-label={`View Details of order #${order.order_number}`}
                  >
                    View Details
                  </Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
