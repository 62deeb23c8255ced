import { api } from '@cartwheel/shared/api-client';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { refreshAfterOrderChange, toastFailure } from './order-cache.ts';

export function cancelOrder(orderId: string) {
  return api.post<OrderDetail>(`/api/admin/orders/${orderId}/cancel`);
}

/** POST /api/admin/orders/:orderId/cancel: stock returns, a paid order is recorded as refunded. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId }: { orderId: string }) => cancelOrder(orderId),
    onSuccess: (order) => {
      refreshAfterOrderChange(queryClient, order);
      toast.success(`Order #${order.order_number} cancelled`);
    },
    onError: toastFailure('cancel order'),
  });
}
