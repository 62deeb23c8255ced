import { api } from '@cartwheel/shared/api-client';
import type { CheckoutSession, CustomerInfoInput } from '@cartwheel/shared/contracts/checkout';
import { useMutation } from '@tanstack/react-query';

/**
 * Starts paying for the signed-in shopper's cart. Only the shipping details are sent: the server
 * reads the lines and prices itself, so nothing here can change what is charged.
 */
export function createCheckoutSession(customerInfo: CustomerInfoInput): Promise<CheckoutSession> {
  return api.post<CheckoutSession>('/api/checkout/sessions', { customer_info: customerInfo });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
