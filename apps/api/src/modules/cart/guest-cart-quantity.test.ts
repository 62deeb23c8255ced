import type { GuestCartPreview, MergeCartResult } from '@cartwheel/shared/contracts/cart';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { cartTestKit } from './test-helpers.ts';

const { suite, shopper, call } = cartTestKit();

// A negative quantity beyond PostgreSQL's int range gave a 500 (found by the route fuzz test).
describe('a guest line with a hugely negative quantity', () => {
  it('is skipped as an invalid quantity when merging, not a server error', async () => {
    const user = await shopper();
    const mug = await createProduct(suite.ctx.db);
    const res = await call(user, 'POST', '/api/cart/merge', {
      items: [{ product_id: mug.id, variant_id: null, quantity: -Number.MAX_SAFE_INTEGER }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result: MergeCartResult = res.json();
    expect(result.merged).toBe(0);
    expect(result.skipped.map((s) => s.code)).toEqual(['invalid_quantity']);
  });

  it('is skipped as an invalid quantity in a preview, not a server error', async () => {
    const mug = await createProduct(suite.ctx.db);
    const res = await call(null, 'POST', '/api/cart/preview', {
      items: [{ product_id: mug.id, variant_id: null, quantity: -3_000_000_000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview: GuestCartPreview = res.json();
    expect(preview.skipped.map((s) => s.code)).toEqual(['invalid_quantity']);
  });
});
