import { Button } from '@cartwheel/ui/button';
import type { RowSelectionState } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PrintOrdersMenu } from '../features/documents/components/print-orders-menu.tsx';
import { ordersExportUrl, useOrders } from '../features/orders/api/get-orders.ts';
import { OrdersSummaryCards } from '../features/orders/components/orders-summary-cards.tsx';
import { OrdersTable } from '../features/orders/components/orders-table.tsx';
import { useOrderListParams } from '../features/orders/components/use-order-list-params.ts';
import { useCan } from '../lib/use-can.ts';

/** /admin/orders: summary cards and the server-paged orders table. */
export function OrdersRoute() {
  const [params, setParams] = useOrderListParams();
  const orders = useOrders(params);
  const can = useCan();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // The selection is cleared whenever the page changes, so every selected order is on this page.
  const selected = (orders.data?.items ?? []).filter((order) => rowSelection[order.id]);

  return (
    <>
      <PageHeader title="Orders">
        <div className="flex flex-wrap items-center gap-2">
          {can('orders.documents') ? <PrintOrdersMenu selected={selected} /> : null}
          {can('orders.export') ? (
            <Button variant="outline" asChild>
              <a href={ordersExportUrl(params)} download>
                <Download aria-hidden="true" />
                Export
              </a>
            </Button>
          ) : null}
        </div>
      </PageHeader>
      <OrdersSummaryCards summary={orders.data?.summary} />
      {orders.isError && !orders.data ? (
        <LoadError title="Error loading orders" error={orders.error} />
      ) : (
        <OrdersTable
          params={params}
          onParamsChange={(change) => {
            setRowSelection({});
            setParams(change);
          }}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
          orders={orders.data?.items ?? []}
          total={orders.data?.total ?? 0}
          isLoading={orders.isPending}
        />
      )}
    </>
  );
}
