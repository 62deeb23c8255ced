import { api } from '@cartwheel/shared/api-client';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { refreshAfterOrderChange, toastFailure } from './order-cache.ts';

export interface FulfilOrderInput {
  orderId: string;
  /** Units to fulfil now per line; leave out to fulfil everything that is left. */
  items?: Array<{ order_item_id: string; quantity: number }>;
}

export function fulfilOrder({ orderId, items }: FulfilOrderInput) {
  return api.post<OrderDetail>(`/api/admin/orders/${orderId}/fulfil`, items ? { items } : {});
}

/** POST /api/admin/orders/:orderId/fulfil */
export function useFulfilOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilOrder,
    onSuccess: (order) => {
      refreshAfterOrderChange(queryClient, order);
      toast.success(
        order.fulfillment_status === 'fulfilled'
          ? `Order #${order.order_number} fulfilled`
          : `Order #${order.order_number} partially fulfilled`,
      );
    },
    onError: toastFailure('fulfil order'),
  });
}
