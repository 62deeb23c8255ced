import { api } from '@cartwheel/shared/api-client';
import type { CheckoutSession, CreateCheckoutSessionBody } from '@cartwheel/shared/contracts/checkout';
import { useMutation } from '@tanstack/react-query';

/** What the checkout form sends: who and where, the chosen method and code; never a price. */
export type CheckoutSessionRequest = CreateCheckoutSessionBody;

/**
 * Starts paying. The server reads the lines (the signed-in cart, or the guest's product ids and
 * quantities) and prices them itself, so nothing here can change what is charged.
 */
export function createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
  return api.post<CheckoutSession>('/api/checkout/sessions', request);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
