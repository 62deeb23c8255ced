import { api } from '@cartwheel/shared/api-client';
import type { Cart } from '@cartwheel/shared/contracts/cart';
import { useServerCartMutation } from './server-cart-mutation.ts';

/** DELETE /api/cart: empties the signed-in shopper's cart. */
export function clearCart(): Promise<Cart> {
  return api.delete<Cart>('/api/cart');
}

export function useClearCart(userId: string | null) {
  return useServerCartMutation<void, Cart>(userId, clearCart, (cart) => cart);
}
