/** Query keys of checkout. */
export const checkoutKeys = {
  /** The success page's receipt, by its signed token. */
  receipt: (token: string) => ['checkout-receipt', token] as const,
  /** The shop's checkout settings (guest checkout on or off). */
  settings: ['checkout-settings'] as const,
};
