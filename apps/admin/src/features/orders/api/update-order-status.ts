import { api } from '@cartwheel/shared/api-client';
import type { OrderDetail, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { refreshAfterOrderChange, toastFailure } from './order-cache.ts';

export function updateOrderStatus(orderId: string, status: OrderStatus) {
  return api.patch<OrderDetail>(`/api/admin/orders/${orderId}/status`, { status });
}

/** PATCH /api/admin/orders/:orderId/status */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: OrderStatus }) =>
      updateOrderStatus(orderId, status),
    onSuccess: (order) => {
      refreshAfterOrderChange(queryClient, order);
      toast.success(`Order #${order.order_number} marked as ${order.status}`);
    },
    onError: toastFailure('update order'),
  });
}
