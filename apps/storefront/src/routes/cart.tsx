import type { CheckoutSlot } from '../features/cart/components/cart-context.ts';
import { CartPage } from '../features/cart/components/cart-page.tsx';
import { CheckoutButtons } from '../features/checkout/components/checkout-buttons.tsx';

const checkoutSlot: CheckoutSlot = ({ cart, closeCart }) => (
  <CheckoutButtons cart={cart} onDone={closeCart} />
);

/** /cart: the whole cart on a page of its own, and the way on to the checkout. */
export function CartRoute() {
  return <CartPage checkout={checkoutSlot} />;
}
