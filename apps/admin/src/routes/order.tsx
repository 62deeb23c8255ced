import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { AppPanels } from '../features/apps/components/app-panels.tsx';
import { OrderDocuments } from '../features/documents/components/order-documents.tsx';
import { PendingEditBanner } from '../features/order-edits/components/pending-edit-banner.tsx';
import { useOrder } from '../features/orders/api/get-order.ts';
import { OrderActions, OrderDetailView, OrderSubtitle } from '../features/orders/components/order-detail.tsx';
import { InvoiceCard } from '../features/wholesale/components/invoice-card.tsx';
import { useCan } from '../lib/use-can.ts';

const back = <BackLink to="/orders">Back to Orders</BackLink>;

/** /admin/orders/:orderId: one order with its actions. */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const can = useCan();

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
        {can('orders.documents') ? <OrderDocuments order={order.data} /> : null}
      </div>
      <InvoiceCard order={order.data} />
      <PendingEditBanner orderId={order.data.id} />
      <OrderDetailView order={order.data} />
      <AppPanels resource="order" id={order.data.id} />
    </>
  );
}
