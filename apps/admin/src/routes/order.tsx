import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { AppPanels } from '../features/apps/components/app-panels.tsx';
import { useOrder } from '../features/orders/api/get-order.ts';
import { OrderActions, OrderDetailView, OrderSubtitle } from '../features/orders/components/order-detail.tsx';

const back = <BackLink to="/orders">Back to Orders</BackLink>;

/** /admin/orders/:orderId: one order with its actions. */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  if (order.isPending) return <RecordLoading back={back} bodyClassName="h-64 w-full" />;
  if (order.isError) return <RecordError back={back} noun="order" error={order.error} />;
  return (
    <>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={`Order #${order.data.order_number}`}>
          <OrderActions order={order.data} />
        </PageHeader>
        <OrderSubtitle order={order.data} />
      </div>
      <OrderDetailView order={order.data} />
      <AppPanels resource="order" id={order.data.id} />
    </>
  );
}
