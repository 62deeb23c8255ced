import { randomUUID } from 'node:crypto';
import type { GuestCartPreview, MergeCartResult } from '@cartwheel/shared/contracts/cart';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { cartTestKit } from './test-helpers.ts';

const { suite, shopper, call, added, storedLines, productWithSizes } = cartTestKit();

describe('merging a guest cart at sign-in', () => {
  it('adds guest quantities to existing lines, caps them by the stock and reports what it skipped', async () => {
    const user = await shopper();
    const mug = await createProduct(suite.ctx.db, { inventoryLevel: 5 });
    const tee = await productWithSizes({ M: { inventoryLevel: 10 } });
    const soldOut = await createProduct(suite.ctx.db, { inventoryLevel: 0 });
    const other = await productWithSizes();
    await added(user, { product_id: mug.id, quantity: 3 });

    const res = await call(user, 'POST', '/api/cart/merge', {
      items: [
        { product_id: mug.id, variant_id: null, quantity: 4 },
        { product_id: tee.product.id, variant_id: tee.medium.id, quantity: 2 },
        { product_id: randomUUID(), variant_id: null, quantity: 1 },
        { product_id: tee.product.id, variant_id: other.small.id, quantity: 1 },
        { product_id: soldOut.id, variant_id: null, quantity: 1 },
        { product_id: tee.product.id, variant_id: tee.medium.id, quantity: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result: MergeCartResult = res.json();
    expect(result.merged).toBe(2);
    expect(result.capped).toEqual([
      expect.objectContaining({
        index: 0,
        product_id: mug.id,
        code: 'capped',
        message: expect.stringMatching(/Only 5/),
        name: expect.any(String),
        stock: 5,
      }),
    ]);
    expect(result.skipped.map((s) => [s.index, s.code])).toEqual([
      [2, 'product_not_found'],
      [3, 'variant_mismatch'],
      [4, 'out_of_stock'],
      [5, 'invalid_quantity'],
    ]);
    expect(
      Object.fromEntries(result.cart.items.map((l) => [l.variant_id ?? l.product_id, l.quantity])),
    ).toEqual({ [mug.id]: 5, [tee.medium.id]: 2 });
    expect(await storedLines(user.id)).toHaveLength(2);
  });

  it('adds guest lines that repeat the same product together', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 10 });
    const res = await call(user, 'POST', '/api/cart/merge', {
      items: [
        { product_id: product.id, variant_id: null, quantity: 2 },
        { product_id: product.id, variant_id: null, quantity: 3 },
      ],
    });
    expect(res.json().cart.items).toEqual([expect.objectContaining({ quantity: 5 })]);
  });

  it('merges an empty guest cart as a no-op', async () => {
    const user = await shopper();
    const res = await call(user, 'POST', '/api/cart/merge', { items: [] });
    expect(res.json()).toEqual({
      cart: { items: [], item_count: 0, subtotal: 0, currency: 'USD' },
      merged: 0,
      capped: [],
      skipped: [],
    });
  });

  it('rejects a malformed guest cart with a 400 and writes nothing', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    for (const items of [
      [
        { product_id: product.id, variant_id: null, quantity: 1 },
        { product_id: 'x', quantity: 1 },
      ],
      [{ product_id: product.id, variant_id: null, quantity: 'many' }],
      'not a list',
      Array.from({ length: 101 }, () => ({ product_id: product.id, variant_id: null, quantity: 1 })),
    ]) {
      const res = await call(user, 'POST', '/api/cart/merge', { items });
      expect(res.statusCode).toBe(400);
    }
    expect(await storedLines(user.id)).toEqual([]);
  });
});

describe('pricing a guest cart', () => {
  it('prices guest lines by position with the same rule, without sign-in and without storing them', async () => {
    const { product, medium } = await productWithSizes({
      M: { price: 2700, salePrice: 2100, inventoryLevel: 3 },
    });
    const countLines = async () =>
      (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM cart_items`))[0]?.n;
    const before = await countLines();
    const res = await call(null, 'POST', '/api/cart/preview', {
      items: [
        { product_id: randomUUID(), variant_id: null, quantity: 1 },
        { product_id: product.id, variant_id: medium.id, quantity: 2, price: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview: GuestCartPreview = res.json();
    expect(preview.items).toEqual([
      expect.objectContaining({
        index: 1,
        product_name: product.name,
        variant_title: 'M',
        unit_price: 2100,
        regular_price: 2700,
        line_total: 4200,
        available: 3,
      }),
    ]);
    expect(preview).toMatchObject({ item_count: 2, subtotal: 4200 });
    expect(preview.skipped).toEqual([expect.objectContaining({ index: 0, code: 'product_not_found' })]);
    expect(await countLines()).toBe(before);
  });
});
