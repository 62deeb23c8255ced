import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { useAccountOrders } from '../api/get-account-orders.ts';
import { OrderListSkeleton } from './order-list-skeleton.tsx';
import { OrderStatusTag } from './order-status.tsx';

const SKELETON_ROWS = 5;

/** /account/orders' body: every order of the shopper, newest first. */
export function OrderHistory({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useAccountOrders(userId);
  const t = useT();

  if (isPending) {
    return (
      <OrderListSkeleton rows={SKELETON_ROWS} className="space-y-4" rowClassName="h-24 w-full rounded-xl!" />
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
          <h2 className="font-semibold text-lg">{t('orders.none')}</h2>
          <p className="text-muted-foreground">{t('orders.noneText')}</p>
          <Button asChild>
            <Link to="/products">{t('orders.startShopping')}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul aria-label={t('orders.label')} className="space-y-4">
      {data.items.map((order) => (
        <li key={order.id} data-testid="order-row">
          <Card className="py-4!">
            <CardContent className="flex flex-wrap items-center justify-between gap-4">
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">
                    {t('orders.title', { number: String(order.order_number) })}
                  </h2>
                  <OrderStatusTag status={order.status} />
                </div>
                <p className="text-muted-foreground text-sm">
                  {t.date(order.created_at)} · {t('cart.items', { count: order.item_count })}
                </p>
              </div>
              <div className="flex items-center gap-4">
                <span className="font-semibold text-lg tabular-nums">
                  {t.money(order.total_amount, order.currency)}
                </span>
                <Button asChild variant="outline" size="sm">
                  <Link
                    to={`/account/orders/${order.id}`}
                    aria-label={t('orders.viewDetailsOf', { number: String(order.order_number) })}
                  >
                    {t('orders.viewDetails')}
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
