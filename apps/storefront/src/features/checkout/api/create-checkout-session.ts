import { api } from '@cartwheel/shared/api-client';
import type { GuestCartLine } from '@cartwheel/shared/contracts/cart';
import type { CheckoutSession, CustomerInfoInput } from '@cartwheel/shared/contracts/checkout';
import { useMutation } from '@tanstack/react-query';

/** What the checkout form sends: who and where, the chosen method and code; never a price. */
export interface CheckoutSessionRequest {
  customer_info: CustomerInfoInput & {
    addressLine2?: string | undefined;
    phone?: string | undefined;
    marketing_opt_in?: boolean;
    save_address?: boolean;
  };
  shipping_method_id: string | undefined;
  discount_code?: string | undefined;
  /** A guest's lines and their browser's checkout key; the signed-in cart is read by the server. */
  guest?: { checkout_key: string; lines: GuestCartLine[] };
}

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
