import { api } from '@cartwheel/shared/api-client';
import type { RefundBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { formatMoney } from '@cartwheel/shared/money';
import { useOrderAction } from './order-cache.ts';

export type RefundOrderInput = { orderId: string } & Omit<RefundBody, 'include_shipping' | 'restock'> &
  Partial<Pick<RefundBody, 'include_shipping' | 'restock'>>;

export function refundOrder({ orderId, ...body }: RefundOrderInput) {
  return api.post<OrderDetail>(`/api/admin/orders/${orderId}/refunds`, body);
}

/** POST /api/admin/orders/:orderId/refunds */
export function useRefundOrder() {
  return useOrderAction(
    refundOrder,
    (order) =>
      `Refunded ${formatMoney(order.refunds.at(-1)?.amount ?? 0, order.currency)} on order #${order.order_number}`,
    'refund',
  );
}
