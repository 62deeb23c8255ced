import type { Cart } from '@cartwheel/shared/contracts/cart';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cartKeys } from './cart-keys.ts';
import { replaceCachedCart } from './server-cart-mutation.ts';

const cartWith = (count: number) => ({ item_count: count }) as unknown as Cart;

describe('replaceCachedCart', () => {
  it('keeps the answered cart when a fetch that started before the change answers after it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = cartKeys.server('user-1');
    let answerOldCart!: (cart: Cart) => void;
    void queryClient
      .fetchQuery({ queryKey: key, queryFn: () => new Promise<Cart>((r) => (answerOldCart = r)) })
      .catch(() => undefined);

    await replaceCachedCart(queryClient, 'user-1', cartWith(2));
    answerOldCart(cartWith(0));
    await new Promise((r) => setTimeout(r, 0));

    expect(queryClient.getQueryData<Cart>(key)?.item_count).toBe(2);
  });
});
