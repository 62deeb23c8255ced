import { api } from '@cartwheel/shared/api-client';
import type { FulfilOrderBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { refreshAfterOrderChange, toastFailure } from './order-cache.ts';

/** Units to fulfil now per line (leave `items` out for everything left), carrier and tracking number. */
export type FulfilOrderInput = FulfilOrderBody & { orderId: string };

export function fulfilOrder({ orderId, ...body }: FulfilOrderInput) {
  return api.post<OrderDetail>(`/api/admin/orders/${orderId}/fulfil`, body);
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
