import { adminKeys } from '../../../lib/query-keys.ts';
import type { OrderListParams } from './get-orders.ts';

/** Query keys of the orders feature; every order query starts with ['admin', 'orders']. */
export const orderKeys = {
  all: adminKeys.orders,
  lists: [...adminKeys.orders, 'list'] as const,
  list: (params: OrderListParams) => [...adminKeys.orders, 'list', params] as const,
  detail: (orderId: string) => [...adminKeys.orders, 'detail', orderId] as const,
};
