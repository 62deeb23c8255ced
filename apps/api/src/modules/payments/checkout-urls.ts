import { SESSION_ID_PLACEHOLDER } from './payment-provider.ts';

// Where a payment page sends the shopper back to: always the configured public URL, never the request's.

/** The storefront's success page for a session (the id is URL-encoded; Stripe's placeholder is kept). */
export function checkoutSuccessUrl(publicUrl: string, sessionId: string = SESSION_ID_PLACEHOLDER): string {
  const id = sessionId === SESSION_ID_PLACEHOLDER ? sessionId : encodeURIComponent(sessionId);
  return `${publicUrl}/checkout/success?session_id=${id}`;
}

export function checkoutCancelUrl(publicUrl: string): string {
  return `${publicUrl}/checkout/cancel`;
}
