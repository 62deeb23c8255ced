import { api } from '@cartwheel/shared/api-client';
import type {
  OrderEditBody,
  OrderEditPreview,
  OrderEditResult,
} from '@cartwheel/shared/contracts/order-edits';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminKeys } from '../../../lib/query-keys.ts';

/** An edit of the order, as GET /api/admin/orders/:orderId/edits lists it. */
export interface OrderEditSummary {
  id: string;
  status: 'committed' | 'awaiting_payment' | 'paid';
  currency: string;
  total_before: number;
  total_after: number;
  amount_due: number;
  created_at: string;
  paid_at: string | null;
  payment_url: string | null;
}

const editKeys = {
  list: (orderId: string) => [...adminKeys.orders, 'edits', orderId] as const,
  preview: (orderId: string, body: OrderEditBody) =>
    [...adminKeys.orders, 'edit-preview', orderId, body] as const,
};

/** POST .../edits/preview: the server's prices of the edit on screen; off until something changed. */
export function useEditPreview(orderId: string, body: OrderEditBody, enabled: boolean) {
  return useQuery({
    queryKey: editKeys.preview(orderId, body),
    queryFn: ({ signal }) =>
      api.post<OrderEditPreview>(`/api/admin/orders/${orderId}/edits/preview`, body, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** POST /api/admin/orders/:orderId/edits: commits the edit; the order and its lists are read again. */
export function useCommitEdit(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderEditBody) =>
      api.post<OrderEditResult>(`/api/admin/orders/${orderId}/edits`, body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      toast.success(
        result.payment_url ? 'Order updated. A payment link was sent to the customer.' : 'Order updated',
      );
    },
    onError: (error: Error) => toast.error(`Failed to update the order: ${getErrorMessage(error)}`),
  });
}

export function useOrderEdits(orderId: string) {
  return useQuery({
    queryKey: editKeys.list(orderId),
    queryFn: ({ signal }) =>
      api.get<{ items: OrderEditSummary[] }>(`/api/admin/orders/${orderId}/edits`, { signal }),
  });
}

/** POST .../edits/:editId/send-link: emails the payment link of an amount due again. */
export function useSendPaymentLink(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (editId: string) =>
      api.post<{ payment_url: string }>(`/api/admin/orders/${orderId}/edits/${editId}/send-link`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
      toast.success('Payment link sent');
    },
    onError: (error: Error) => toast.error(`Failed to send the payment link: ${getErrorMessage(error)}`),
  });
}
