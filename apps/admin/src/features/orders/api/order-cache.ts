import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { getErrorMessage } from '@cartwheel/shared/errors';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminKeys } from '../../../lib/query-keys.ts';
import { orderKeys } from './order-keys.ts';

/** After any order action: the order itself, every order list, the dashboard and the customers' figures. */
export function refreshAfterOrderChange(queryClient: QueryClient, order: OrderDetail) {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
  void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
  void queryClient.invalidateQueries({ queryKey: adminKeys.customers });
}

/** The error toast of an order action: "Failed to {what}: {message}". */
export const toastFailure = (what: string) => (error: Error) =>
  toast.error(`Failed to ${what}: ${getErrorMessage(error)}`);
