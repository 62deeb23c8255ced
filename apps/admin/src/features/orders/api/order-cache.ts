import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
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

/**
 * A mutation that acts on one order and answers with it: the caches are refreshed, a success toast
 * says what happened, a failure toast says "Failed to {what}: {message}".
 */
export function useOrderAction<Input>(
  action: (input: Input) => Promise<OrderDetail>,
  success: (order: OrderDetail) => string,
  what: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (order) => {
      refreshAfterOrderChange(queryClient, order);
      toast.success(success(order));
    },
    onError: toastFailure(what),
  });
}
