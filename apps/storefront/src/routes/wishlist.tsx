import { useCart } from '../features/cart/components/cart-context.ts';
import { type MoveToCart, WishlistPage } from '../features/wishlist/components/wishlist-page.tsx';

/** /wishlist: the shopper's saved products; moving one puts it in the cart and off the list. */
export function WishlistRoute() {
  const cart = useCart();
  const moveToCart: MoveToCart = (item) =>
    cart.addItem({
      product_id: item.product_id,
      variant_id: item.variant_id,
      quantity: 1,
      available: item.available,
      name: item.product_name,
    });
  return <WishlistPage moveToCart={moveToCart} />;
}
