import { CheckoutResult } from '../features/checkout/components/checkout-result.tsx';

/** /checkout/cancel: the shopper left the payment page; nothing was charged and the cart is kept. */
export function CheckoutCancelRoute() {
  return (
    <CheckoutResult outcome="cancelled">
      <p>Your payment was cancelled. No charges were made to your account.</p>
      <p className="text-muted-foreground text-sm">
        Your cart items are still saved and ready for checkout when you're ready.
      </p>
    </CheckoutResult>
  );
}
