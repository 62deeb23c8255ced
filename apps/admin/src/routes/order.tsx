import { ApiError } from '@cartwheel/shared/api-client';
import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useOrder } from '../features/orders/api/get-order.ts';
import { OrderActions, OrderDetailView, OrderSubtitle } from '../features/orders/components/order-detail.tsx';

function BackToOrders() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to="/orders">
        <ArrowLeft aria-hidden="true" />
        Back to Orders
      </Link>
    </Button>
  );
}

/** /admin/orders/:orderId: one order with its actions. */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  if (order.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <BackToOrders />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (order.isError) {
    const missing =
      order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <div className="flex flex-col gap-4">
        <BackToOrders />
        <title>{`${missing ? 'Order not found' : 'Error loading order'} | Cartwheel Admin`}</title>
        <div role="alert" className="rounded-md border p-6 text-center">
          <h1 className="font-semibold text-xl">{missing ? 'Order not found' : 'Error loading order'}</h1>
          <p className="text-muted-foreground text-sm">
            {missing ? "The order you're looking for doesn't exist." : order.error.message}
          </p>
        </div>
      </div>
    );
  }
  return (
    <>
      <div className="flex flex-col gap-2">
        <BackToOrders />
        <PageHeader title={`Order #${order.data.order_number}`}>
          <OrderActions order={order.data} />
        </PageHeader>
        <OrderSubtitle order={order.data} />
      </div>
      <OrderDetailView order={order.data} />
    </>
  );
}
