import { beforeEach, describe, expect, it } from 'vitest';
import { readGuestWishlist, toggleGuestItem, writeGuestWishlist } from './guest-wishlist.ts';

// Runs without a browser: the module keeps the list in memory when there is no localStorage.
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const V = '33333333-3333-4333-8333-333333333333';

beforeEach(() => writeGuestWishlist([]));

describe("the guest's wishlist", () => {
  it('saves an item first, keeps a variant apart from its product, and a second toggle removes it', () => {
    toggleGuestItem({ product_id: A, variant_id: null });
    toggleGuestItem({ product_id: B, variant_id: null });
    toggleGuestItem({ product_id: A, variant_id: V });
    expect(readGuestWishlist()).toEqual([
      { product_id: A, variant_id: V },
      { product_id: B, variant_id: null },
      { product_id: A, variant_id: null },
    ]);
    toggleGuestItem({ product_id: B, variant_id: null });
    expect(readGuestWishlist().map((i) => i.product_id)).toEqual([A, A]);
  });

  it('stores only well-formed items, and at most 200', () => {
    writeGuestWishlist([
      { product_id: A, variant_id: null },
      { product_id: 'not-an-id', variant_id: null },
      { product_id: B, variant_id: 'nope' },
      ...Array.from({ length: 250 }, () => ({ product_id: B, variant_id: V })),
    ] as never);
    const items = readGuestWishlist();
    expect(items[0]).toEqual({ product_id: A, variant_id: null });
    expect(items).toHaveLength(200);
    expect(items.every((i) => i.product_id !== 'not-an-id' && i.variant_id !== 'nope')).toBe(true);
  });
});
