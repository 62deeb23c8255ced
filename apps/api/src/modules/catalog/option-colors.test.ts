import type { GenerateVariantsResult } from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { planVariants } from './generate-variants.ts';

const suite = managerAppPerFile();
const { call } = suite;

const optionCount = async (productId: string) =>
  (
    await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM product_options WHERE product_id = ${productId}`,
    )
  )[0]!.n;

describe('colour options', () => {
  it('refuses a colour value that is not a colour code (the label slug default) with a 400 and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db);
    const res = await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'Color',
      type: 'color',
      values: [{ label: 'Navy', value: '#1f3a5f' }, { label: 'Forest Green' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_color',
      message: 'Choose a color for "Forest Green": a code like #1f3a5f',
    });
    expect(await optionCount(product.id)).toBe(0);
  });

  it('accepts #rgb and #rrggbb codes, and refuses a type change to colour over values that are not colours', async () => {
    const product = await createProduct(suite.ctx.db);
    const ok = await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'Color',
      type: 'color',
      values: [
        { label: 'Navy', value: '#1F3A5F' },
        { label: 'White', value: '#fff' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);

    const size: ProductOption = (
      await call('POST', `/api/admin/products/${product.id}/options`, {
        name: 'Size',
        values: [{ label: 'Small' }],
      })
    ).json();
    const change = await call('PATCH', `/api/admin/products/${product.id}/options/${size.id}`, {
      type: 'color',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe('Choose a color for "Small": a code like #1f3a5f');
    const [row] = await queryRows<{ type: string }>(
      suite.ctx.db,
      sql`SELECT type FROM product_options WHERE id = ${size.id}`,
    );
    expect(row!.type).toBe('select');
  });

  it("builds variant SKUs from a colour's label slug, never its hex code", async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'AUD-MUG-001' });
    await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'Color',
      type: 'color',
      values: [{ label: 'Navy Blue', value: '#1f3a5f' }],
    });
    await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'Size',
      values: [{ label: '12 oz' }],
    });
    const res = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as GenerateVariantsResult).items.map((v) => v.sku)).toEqual([
      'AUD-MUG-001-navy-blue-12-oz',
    ]);

    // Generating again with nothing new adds nothing and says how many it kept.
    const again: GenerateVariantsResult = (
      await call('POST', `/api/admin/products/${product.id}/variants/generate`)
    ).json();
    expect([again.generated, again.kept]).toEqual([0, 1]);
  });

  it('plans colour SKU parts from the label even when the value is a code', () => {
    const plan = planVariants(
      {
        sku: 'TEE',
        price: 0,
        cost_price: null,
        sale_price: null,
        inventory_warning_level: 5,
        weight: null,
      },
      [
        {
          name: 'Color',
          type: 'color',
          values: [{ id: 'a', label: 'Sea Green', value: '#2e8b57', price_adjustment: 0 }],
        },
      ],
    );
    expect(plan.map((v) => v.sku)).toEqual(['TEE-sea-green']);
  });
});
