import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToGuestCart,
  clearGuestCart,
  pruneGuestCart,
  readGuestCart,
  restoreGuestCart,
  setGuestQuantity,
  writeGuestCart,
} from './guest-cart.ts';

// Runs without a browser: the module keeps the cart in memory when there is no localStorage.
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const V = '33333333-3333-4333-8333-333333333333';

beforeEach(() => clearGuestCart());

describe('the guest cart', () => {
  it('adds the same product and variant to one line, and other variants to lines of their own', () => {
    expect(addToGuestCart({ product_id: A, variant_id: null, quantity: 2 }, 10)).toMatchObject({
      ok: true,
      added: 2,
    });
    addToGuestCart({ product_id: A, variant_id: null, quantity: 3 }, 10);
    addToGuestCart({ product_id: A, variant_id: V, quantity: 1 }, 10);
    expect(readGuestCart()).toEqual([
      { product_id: A, variant_id: null, quantity: 5 },
      { product_id: A, variant_id: V, quantity: 1 },
    ]);
  });

  it('caps at the stock, and refuses when everything in stock is already in the cart or nothing is', () => {
    expect(addToGuestCart({ product_id: A, variant_id: null, quantity: 5 }, 3)).toEqual({
      ok: true,
      added: 3,
      quantity: 3,
      capped: true,
    });
    expect(addToGuestCart({ product_id: A, variant_id: null, quantity: 1 }, 3)).toEqual({
      ok: false,
      refusal: 'all_in_cart',
      limit: 3,
    });
    expect(addToGuestCart({ product_id: B, variant_id: null, quantity: 1 }, 0)).toEqual({
      ok: false,
      refusal: 'out_of_stock',
    });
    expect(readGuestCart()).toEqual([{ product_id: A, variant_id: null, quantity: 3 }]);
  });

  it('changes a line by position and removes it at 0 or less', () => {
    writeGuestCart([
      { product_id: A, variant_id: null, quantity: 1 },
      { product_id: B, variant_id: null, quantity: 1 },
    ]);
    setGuestQuantity(1, 4);
    expect(readGuestCart()[1]?.quantity).toBe(4);
    setGuestQuantity(0, 0);
    expect(readGuestCart()).toEqual([{ product_id: B, variant_id: null, quantity: 4 }]);
    setGuestQuantity(0, -2);
    expect(readGuestCart()).toEqual([]);
  });

  it('drops the lines the server says are gone', () => {
    writeGuestCart([
      { product_id: A, variant_id: V, quantity: 1 },
      { product_id: B, variant_id: null, quantity: 2 },
    ]);
    pruneGuestCart([{ product_id: A, variant_id: V }]);
    expect(readGuestCart()).toEqual([{ product_id: B, variant_id: null, quantity: 2 }]);
  });

  it('restores recovered lines over the same product and variant, keeping the other lines', () => {
    writeGuestCart([
      { product_id: A, variant_id: null, quantity: 7 },
      { product_id: B, variant_id: null, quantity: 1 },
    ]);
    restoreGuestCart([
      { product_id: A, variant_id: null, quantity: 2 },
      { product_id: A, variant_id: V, quantity: 1 },
    ]);
    expect(readGuestCart()).toEqual([
      { product_id: B, variant_id: null, quantity: 1 },
      { product_id: A, variant_id: null, quantity: 2 },
      { product_id: A, variant_id: V, quantity: 1 },
    ]);
  });
});
