import type { Dashboard } from '@cartwheel/shared/contracts/dashboard';
import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Link } from 'react-router';

/** The latest orders: number, customer, date, total and item count. */
export function RecentActivity({ orders }: { orders: Dashboard['recent_orders'] }) {
  return (
    <Card data-testid="recent-activity">
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
        <CardAction>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/orders">View all</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {orders.length ? (
          <ul className="flex flex-col divide-y">
            {orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/orders/${order.id}`}
                  className="-mx-2 flex items-center justify-between gap-3 rounded-md px-2 py-2.5 hover:bg-muted/50"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-sm">
                      #{order.order_number} <span className="font-normal">· {order.customer_name}</span>
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {formatDate(order.created_at)} · {plural(order.item_count, 'item')}
                    </p>
                  </div>
                  <span className="font-medium text-sm tabular-nums">
                    {formatMoney(order.total_amount, order.currency)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No orders yet. New orders show up here.</p>
        )}
      </CardContent>
    </Card>
  );
}
