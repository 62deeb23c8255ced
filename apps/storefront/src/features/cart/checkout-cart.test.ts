import { describe, expect, it } from 'vitest';
import { automaticDiscounts, checkoutCartOf, guestLineKey } from './checkout-cart.ts';
import type { CartContextValue } from './components/cart-context.ts';

const applied = (id: string, code: string | null, amount: number, shipping = 0) => ({
  id,
  code,
  title: `Discount ${id}`,
  kind: 'percentage' as const,
  amount,
  line_amounts: [],
  shipping_amount: shipping,
});

describe('automaticDiscounts', () => {
  it("shows the shop's own discounts with what they take off the lines, and their sum", () => {
    const { automatic, saved } = automaticDiscounts([
      applied('a', null, 500),
      applied('b', 'SAVE10', 300),
      applied('c', null, 599, 599),
      applied('d', null, 800, 200),
    ]);
    expect(automatic.map((d) => [d.id, d.onLines])).toEqual([
      ['a', 500],
      ['d', 600],
    ]);
    expect(saved).toBe(1100);
  });
});

describe('checkoutCartOf', () => {
  const details = (productId: string, variantId: string | null, name: string) =>
    ({ product_id: productId, variant_id: variantId, product_name: name, variant_title: null }) as never;

  it('sends a guest cart its lines and names them by the guest line key', () => {
    const cart = {
      mode: 'guest',
      itemCount: 3,
      guestLines: [{ product_id: 'p1', variant_id: 'v1', quantity: 3 }],
      lines: [{ key: 'guest:p1:v1', itemId: null, quantity: 3, details: details('p1', 'v1', 'Mug') }],
    } as unknown as CartContextValue;
    const made = checkoutCartOf(cart, null);
    expect(made.userId).toBeNull();
    expect(made.guestLines).toEqual(cart.guestLines);
    expect(made.lineNames[guestLineKey({ product_id: 'p1', variant_id: 'v1' })]?.name).toBe('Mug');
    expect(made.signature).toBe('guest:p1:v1x3');
  });

  it('leaves a signed-in cart to the server and names lines by their id', () => {
    const cart = {
      mode: 'server',
      itemCount: 1,
      guestLines: [],
      lines: [{ key: 'i1', itemId: 'i1', quantity: 1, details: details('p2', null, 'Tee') }],
    } as unknown as CartContextValue;
    const made = checkoutCartOf(cart, 'u1');
    expect(made).toMatchObject({ userId: 'u1', guestLines: null });
    expect(made.lineNames.i1?.name).toBe('Tee');
  });
});
