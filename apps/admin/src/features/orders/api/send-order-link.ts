import { api } from '@cartwheel/shared/api-client';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastFailure } from './order-cache.ts';

/** POST /api/admin/orders/:orderId/send-link: the guest gets a new link to the order by email. */
export function useSendOrderLink() {
  return useMutation({
    mutationFn: (orderId: string) => api.post<{ to: string }>(`/api/admin/orders/${orderId}/send-link`),
    onSuccess: ({ to }) => toast.success(`Order link sent to ${to}`),
    onError: toastFailure('send the order link'),
  });
}
