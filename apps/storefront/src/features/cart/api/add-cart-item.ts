import { api } from '@cartwheel/shared/api-client';
import type { AddCartItemBody, CartChange } from '@cartwheel/shared/contracts/cart';
import { useServerCartMutation } from './server-cart-mutation.ts';

/** POST /api/cart/items: adds to the line for this product and variant; the server caps by stock. */
export function addCartItem(body: AddCartItemBody): Promise<CartChange> {
  return api.post<CartChange>('/api/cart/items', body);
}

export function useAddCartItem(userId: string | null) {
  return useServerCartMutation(userId, addCartItem, (change) => change.cart);
}
