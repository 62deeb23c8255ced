import { Button } from '@cartwheel/ui/button';
import { Download } from 'lucide-react';
import { PageHeader } from '../components/page-header.tsx';
import { ordersExportUrl, useOrders } from '../features/orders/api/get-orders.ts';
import { OrdersSummaryCards } from '../features/orders/components/orders-summary-cards.tsx';
import { OrdersTable } from '../features/orders/components/orders-table.tsx';
import { useOrderListParams } from '../features/orders/components/use-order-list-params.ts';

/** /admin/orders: summary cards and the server-paged orders table. */
export function OrdersRoute() {
  const [params, setParams] = useOrderListParams();
  const orders = useOrders(params);

  return (
    <>
      <PageHeader title="Orders">
        <Button variant="outline" asChild>
          <a href={ordersExportUrl(params)} download>
            <Download aria-hidden="true" />
            Export
          </a>
        </Button>
      </PageHeader>
      <OrdersSummaryCards summary={orders.data?.summary} />
      {orders.isError && !orders.data ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4">
          <p className="font-medium text-destructive">Error loading orders</p>
          <p className="text-muted-foreground text-sm">
            {orders.error.message || 'An unexpected error occurred'}
          </p>
        </div>
      ) : (
        <OrdersTable
          params={params}
          onParamsChange={setParams}
          orders={orders.data?.items ?? []}
          total={orders.data?.total ?? 0}
          isLoading={orders.isPending}
        />
      )}
    </>
  );
}
