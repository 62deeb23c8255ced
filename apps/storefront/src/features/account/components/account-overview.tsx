import type { CustomerOrder } from '@cartwheel/shared/contracts/customer-orders';
import { Button } from '@cartwheel/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { CircleCheck, DollarSign, Package, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { useSite } from '../../../lib/site.ts';
import { useAccountOrders } from '../api/get-account-orders.ts';
import { OrderListSkeleton } from './order-list-skeleton.tsx';
import { OrderStatusTag } from './order-status.tsx';

const RECENT_ORDERS = 3;

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="gap-2!">
      <CardHeader className="flex! flex-row items-center! justify-between">
        <CardTitle className="font-medium! text-muted-foreground text-sm leading-5!">{title}</CardTitle>
        <span aria-hidden="true" className="text-muted-foreground">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="font-bold text-2xl tabular-nums">{children}</CardContent>
    </Card>
  );
}

/** /account's body: three stat cards and the three newest orders. */
export function AccountOverview({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useAccountOrders(userId);
  // Spent across orders, whatever each was paid in: the API adds them up in the shop's base currency.
  const currency = useSite().data?.base_currency ?? 'USD';
  const orders: CustomerOrder[] = data?.items ?? [];
  // The API's figures, the same as the back office's: cancelled and refunded orders spent nothing.
  const figures = data?.figures ?? { order_count: 0, total_spent: 0 };
  const loading = isPending;
  const t = useT();

  return (
    <>
      <section aria-label={t('account.summary')} className="grid gap-4 sm:grid-cols-3">
        <StatCard title={t('account.totalOrders')} icon={<Package className="size-4" />}>
          {loading ? (
            <Skeleton className="h-8 w-12" />
          ) : (
            <span data-testid="stat-total-orders">{figures.order_count}</span>
          )}
        </StatCard>
        <StatCard title={t('account.status')} icon={<CircleCheck className="size-4" />}>
          <span className="text-green-600 dark:text-green-500">{t('account.active')}</span>
        </StatCard>
        <StatCard title={t('account.totalSpent')} icon={<DollarSign className="size-4" />}>
          {loading ? (
            <Skeleton className="h-8 w-24" />
          ) : (
            <span data-testid="stat-total-spent">{t.money(figures.total_spent, currency)}</span>
          )}
        </StatCard>
      </section>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg leading-7!">{t('account.recentOrders')}</CardTitle>
          <CardDescription>{t('account.recentText')}</CardDescription>
          {orders.length > RECENT_ORDERS ? (
            <CardAction>
              <Button asChild variant="outline" size="sm">
                <Link to="/account/orders">{t('account.viewAllOrders')}</Link>
              </Button>
            </CardAction>
          ) : null}
        </CardHeader>
        <CardContent>
          {loading ? (
            <OrderListSkeleton rows={RECENT_ORDERS} className="space-y-3" rowClassName="h-16 w-full" />
          ) : isError ? (
            <p role="alert" className="text-destructive text-sm">
              {error.message}
            </p>
          ) : orders.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-8 text-center">
              <ShoppingBag aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="font-medium">{t('account.noOrders')}</p>
              <p className="text-muted-foreground text-sm">{t('account.noOrdersText')}</p>
              <Button asChild>
                <Link to="/products">{t('cart.browse')}</Link>
              </Button>
            </div>
          ) : (
            <ul aria-label={t('account.recentOrders')} className="divide-y">
              {orders.slice(0, RECENT_ORDERS).map((order) => (
                <li key={order.id} data-testid="recent-order">
                  <Link
                    to={`/account/orders/${order.id}`}
                    className="-mx-2 flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <div>
                      <p className="font-medium">
                        {t('orders.title', { number: String(order.order_number) })}
                      </p>
                      <p className="text-muted-foreground text-sm">{t.date(order.created_at)}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="font-semibold tabular-nums">
                        {t.money(order.total_amount, order.currency)}
                      </span>
                      <OrderStatusTag status={order.status} />
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
