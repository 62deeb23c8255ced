import { api } from '@cartwheel/shared/api-client';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { useOrderAction } from './order-cache.ts';

export function markDelivered({ orderId }: { orderId: string }) {
  return api.post<OrderDetail>(`/api/admin/orders/${orderId}/deliver`);
}

/** POST /api/admin/orders/:orderId/deliver */
export function useMarkDelivered() {
  return useOrderAction(
    markDelivered,
    (order) => `Order #${order.order_number} marked as delivered`,
    'mark as delivered',
  );
}
