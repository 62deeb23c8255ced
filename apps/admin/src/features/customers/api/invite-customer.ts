import { api } from '@cartwheel/shared/api-client';
import type { CustomerInvite } from '@cartwheel/shared/contracts/customers';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

/** POST /api/admin/customers/:customerId/invite: emails a customer without a password the link to choose one. */
export function useInviteCustomer() {
  return useMutation({
    mutationFn: (customerId: string) => api.post<CustomerInvite>(`/api/admin/customers/${customerId}/invite`),
    onSuccess: ({ sent_to }) => toast.success(`Account invite sent to ${sent_to}`),
    onError: (error: Error) => toast.error(`Failed to send the account invite: ${getErrorMessage(error)}`),
  });
}
