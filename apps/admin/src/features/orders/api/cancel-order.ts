import { api } from '@cartwheel/shared/api-client';
import type { CancelOrderBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { useOrderAction } from './order-cache.ts';

export type CancelOrderInput = { orderId: string } & Partial<CancelOrderBody>;

export function cancelOrder({ orderId, ...body }: CancelOrderInput) {
  return api.post<OrderDetail>(`/api/admin/orders/${orderId}/cancel`, body);
}

/** POST /api/admin/orders/:orderId/cancel: stock returns; with `refund`, the payment is refunded first. */
export function useCancelOrder() {
  return useOrderAction(cancelOrder, (order) => `Order #${order.order_number} cancelled`, 'cancel order');
}
