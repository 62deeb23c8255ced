import { useNavigate, useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { OrderEditScreen } from '../features/order-edits/components/order-edit-screen.tsx';
import { useOrder } from '../features/orders/api/get-order.ts';

/** /admin/orders/:orderId/edit: the Edit order screen. */
export function OrderEditRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const navigate = useNavigate();
  const back = <BackLink to={`/orders/${orderId}`}>Back to the order</BackLink>;

  if (order.isPending) return <RecordLoading back={back} bodyClassName="h-64 w-full" />;
  if (order.isError) return <RecordError back={back} noun="order" error={order.error} />;
  return (
    <>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={`Edit order #${order.data.order_number}`} />
      </div>
      <OrderEditScreen order={order.data} onDone={() => navigate(`/orders/${orderId}`)} />
    </>
  );
}
