/** Query keys of checkout. */
export const checkoutKeys = {
  /** The success page's completion of one paid session. */
  complete: (sessionId: string) => ['checkout-complete', sessionId] as const,
  /** The shop's checkout settings (guest checkout on or off). */
  settings: ['checkout-settings'] as const,
};
