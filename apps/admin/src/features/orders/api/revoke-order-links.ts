import { api } from '@cartwheel/shared/api-client';
import { plural } from '@cartwheel/shared/text';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastFailure } from './order-cache.ts';

/** POST /api/admin/orders/:orderId/revoke-links: the guest's emailed links stop opening the order. */
export function useRevokeOrderLinks() {
  return useMutation({
    mutationFn: (orderId: string) =>
      api.post<{ revoked: number }>(`/api/admin/orders/${orderId}/revoke-links`),
    onSuccess: ({ revoked }) => {
      toast.success(revoked > 0 ? `Revoked ${plural(revoked, 'order link')}` : 'No open order links');
    },
    onError: toastFailure('revoke the order links'),
  });
}
