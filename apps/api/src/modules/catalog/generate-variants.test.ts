import type { AdminVariant, GenerateVariantsResult } from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { createProduct } from '../../../test/factories.ts';
import type { AppError } from '../../lib/errors.ts';
import { planVariants } from './generate-variants.ts';

const base = {
  sku: 'TEE',
  price: 2000,
  cost_price: 900,
  sale_price: 1800,
  inventory_warning_level: 3,
  weight: 0.4,
};
const size = {
  name: 'size',
  values: [
    { id: 's', value: 's', price_adjustment: 0 },
    { id: 'xl', value: 'xl', price_adjustment: 300 },
  ],
};
const color = {
  name: 'color',
  values: [
    { id: 'red', value: 'red', price_adjustment: 50 },
    { id: 'navy-blue', value: 'navy-blue', price_adjustment: -100 },
  ],
};

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected an error');
}

describe('planVariants', () => {
  it('makes one variant per combination, option by option', () => {
    const plan = planVariants(base, [size, color]);
    expect(plan.map((v) => v.option_value_ids)).toEqual([
      ['s', 'red'],
      ['s', 'navy-blue'],
      ['xl', 'red'],
      ['xl', 'navy-blue'],
    ]);
  });

  it('builds the SKU from the base SKU and the values joined by hyphens', () => {
    expect(planVariants(base, [size, color]).map((v) => v.sku)).toEqual([
      'TEE-s-red',
      'TEE-s-navy-blue',
      'TEE-xl-red',
      'TEE-xl-navy-blue',
    ]);
  });

  it('prices each variant at the base price plus the sum of its price adjustments', () => {
    expect(planVariants(base, [size, color]).map((v) => v.price)).toEqual([2050, 1900, 2350, 2200]);
  });

  it('never prices a variant below 0', () => {
    const cheap = { ...base, price: 50 };
    expect(planVariants(cheap, [color]).map((v) => v.price)).toEqual([100, 0]);
  });

  it('copies cost, retail and sale price and weight and the warning level, and starts inventory at 0', () => {
    const [variant] = planVariants({ ...base, retail_price: 2500 }, [size]);
    expect(variant).toMatchObject({
      cost_price: 900,
      retail_price: 2500,
      sale_price: 1800,
      weight: 0.4,
      inventory_level: 0,
      inventory_warning_level: 3,
    });
  });

  it('defaults the warning level to 5 when the base has none', () => {
    const [variant] = planVariants({ ...base, inventory_warning_level: null }, [size]);
    expect(variant).toMatchObject({ inventory_level: 0, inventory_warning_level: 5, retail_price: null });
  });

  it('needs at least one option, and a value in every option', () => {
    expect(errorOf(() => planVariants(base, [])).message).toBe(
      'Please add at least one option before generating variants',
    );
    expect(errorOf(() => planVariants(base, [size, { name: 'color', values: [] }])).message).toBe(
      'All options must have at least one value',
    );
  });
});

describe('POST /api/admin/products/:id/variants/generate', () => {
  const suite = managerAppPerFile();
  const { call } = suite;

  async function addOption(productId: string, body: object): Promise<ProductOption> {
    const res = await call('POST', `/api/admin/products/${productId}/options`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('says the product must be saved first when it does not exist', async () => {
    const res = await call(
      'POST',
      '/api/admin/products/3f2d1a56-5c1e-4b8a-9d6f-1a2b3c4d5e6f/variants/generate',
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Product must be saved before generating variants');
  });

  it('refuses a product without options, or with an option without values, and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db);
    const none = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please add at least one option before generating variants');

    await addOption(product.id, { name: 'size', values: [{ label: 'S' }] });
    await addOption(product.id, { name: 'color', values: [] });
    const empty = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('All options must have at least one value');
    const variants = await call('GET', `/api/admin/products/${product.id}/variants`);
    expect(variants.json().items).toEqual([]);
  });

  it('generates every combination with the generated SKU, price and copied fields', async () => {
    const product = await createProduct(suite.ctx.db, {
      sku: 'GEN-TEE',
      price: 2000,
      costPrice: 700,
      salePrice: 1500,
      inventoryLevel: 9,
      inventoryWarningLevel: 2,
      weight: 0.3,
    });
    await addOption(product.id, {
      name: 'Size',
      values: [{ label: 'Small' }, { label: 'Extra Large', price_adjustment: 500 }],
    });
    await addOption(product.id, {
      name: 'Color',
      type: 'color',
      values: [
        { label: 'Red', value: '#c8452d', price_adjustment: 100 },
        { label: 'Blue', value: '#2c5aa0' },
        { label: 'Sea Green', value: '#2e8b57' },
      ],
    });

    const res = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(res.statusCode, res.body).toBe(200);
    const result: GenerateVariantsResult = res.json();
    expect(result.generated).toBe(6);
    expect(result.kept).toBe(0);
    expect(result.items.map((v) => [v.sku, v.price, v.title])).toEqual([
      ['GEN-TEE-small-red', 2100, 'Small / Red'],
      ['GEN-TEE-small-blue', 2000, 'Small / Blue'],
      ['GEN-TEE-small-sea-green', 2000, 'Small / Sea Green'],
      ['GEN-TEE-extra-large-red', 2600, 'Extra Large / Red'],
      ['GEN-TEE-extra-large-blue', 2500, 'Extra Large / Blue'],
      ['GEN-TEE-extra-large-sea-green', 2500, 'Extra Large / Sea Green'],
    ]);
    for (const v of result.items) {
      expect(v).toMatchObject({
        cost_price: 700,
        retail_price: null,
        sale_price: 1500,
        weight: 0.3,
        inventory_level: 0,
        inventory_warning_level: 2,
      });
      expect(v.option_values.map((o) => o.option_name)).toEqual(['Size', 'Color']);
    }
  });

  it('makes SKUs of letters, digits and dashes only, whatever the product SKU and the values hold', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'MUG/12 oz.' });
    await addOption(product.id, {
      name: 'Size',
      values: [
        { label: 'S/M', value: 'S/M' },
        { label: 'Half', value: '1/2"' },
        { label: 'Crème', value: 'Crème brûlée' },
      ],
    });
    const res = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(res.statusCode, res.body).toBe(200);
    const skus = (res.json() as GenerateVariantsResult).items.map((v) => v.sku);
    expect(skus).toEqual(['MUG-12-oz-s-m', 'MUG-12-oz-1-2', 'MUG-12-oz-creme-brulee']);
    for (const sku of skus) expect(sku).toMatch(/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/);
  });

  it('starts every new variant at 0 in stock, so four variants of a product with 10 do not make 40', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'STOCK10', inventoryLevel: 10 });
    await addOption(product.id, { name: 'size', values: [{ label: 'S' }, { label: 'M' }] });
    await addOption(product.id, { name: 'fit', values: [{ label: 'Slim' }, { label: 'Loose' }] });
    const res = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(res.statusCode, res.body).toBe(200);
    const result: GenerateVariantsResult = res.json();
    expect(result.items.map((v) => v.inventory_level)).toEqual([0, 0, 0, 0]);
    const saved = await call('GET', `/api/admin/products/${product.id}`);
    expect(saved.json().inventory_level).toBe(0);
  });

  it('keeps the variants whose combination exists (with their edits) and adds only the new ones', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'REGEN', price: 1000 });
    const sizeOption = await addOption(product.id, {
      name: 'size',
      values: [{ label: 'S' }, { label: 'M' }],
    });
    const first: GenerateVariantsResult = (
      await call('POST', `/api/admin/products/${product.id}/variants/generate`)
    ).json();
    expect(first.generated).toBe(2);

    const small = first.items.find((v) => v.sku === 'REGEN-s')!;
    const edit = await call('PATCH', `/api/admin/products/${product.id}/variants/${small.id}`, {
      price: 1234,
      inventory_level: 77,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const values = sizeOption.values.map(({ id, label }) => ({ id, label }));
    const updated = await call('PATCH', `/api/admin/products/${product.id}/options/${sizeOption.id}`, {
      values: [...values, { label: 'L' }],
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const again: GenerateVariantsResult = (
      await call('POST', `/api/admin/products/${product.id}/variants/generate`)
    ).json();
    expect(again).toMatchObject({ generated: 1, kept: 2 });
    expect(again.items.map((v) => v.sku)).toEqual(['REGEN-s', 'REGEN-m', 'REGEN-l']);
    expect(again.items.find((v) => v.id === small.id)).toMatchObject({ price: 1234, inventory_level: 77 });

    const third: GenerateVariantsResult = (
      await call('POST', `/api/admin/products/${product.id}/variants/generate`)
    ).json();
    expect(third).toMatchObject({ generated: 0, kept: 3 });
  });

  it('refuses to generate a SKU another variant already has, writing nothing', async () => {
    const other = await createProduct(suite.ctx.db, { sku: 'OTHER' });
    await addOption(other.id, { name: 'size', values: [{ label: 'S' }] });
    const product = await createProduct(suite.ctx.db, { sku: 'CLASH' });
    await addOption(product.id, { name: 'size', values: [{ label: 'S' }, { label: 'M' }] });
    // A variant of another product already uses CLASH-m.
    const taken = await call('POST', `/api/admin/products/${other.id}/variants`, { sku: 'CLASH-m' });
    expect(taken.statusCode, taken.body).toBe(201);
    const res = await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Variant SKU "CLASH-m" already exists');
    expect((await call('GET', `/api/admin/products/${product.id}/variants`)).json().items).toEqual([]);
  });

  it('shows generated variants on the storefront product page', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'SHOWN', slug: 'shown-product' });
    await addOption(product.id, { name: 'size', values: [{ label: 'S' }, { label: 'M' }, { label: 'L' }] });
    await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/shown-product' });
    expect(
      res
        .json()
        .variants.map((v: { sku: string }) => v.sku)
        .sort(),
    ).toEqual(['SHOWN-l', 'SHOWN-m', 'SHOWN-s']);
  });
});

describe('options and variants CRUD', () => {
  const suite = managerAppPerFile();
  const { call } = suite;

  it('adds an option whose values default to the label lower-cased with hyphens, ordered by sort_order', async () => {
    const product = await createProduct(suite.ctx.db);
    const res = await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'size',
      values: [
        { label: 'Extra Large', sort_order: 2 },
        { label: 'Small', sort_order: 0, price_adjustment: -200 },
        { label: 'Medium', value: 'med', sort_order: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'size', display_name: 'size', type: 'select', sort_order: 0 });
    const list = await call('GET', `/api/admin/products/${product.id}/options`);
    const [option] = list.json().items as ProductOption[];
    expect(option!.values.map((v) => [v.label, v.value, v.price_adjustment])).toEqual([
      ['Small', 'small', -200],
      ['Medium', 'med', 0],
      ['Extra Large', 'extra-large', 0],
    ]);
    const second = await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'color',
      display_name: 'Colour',
      type: 'color',
    });
    expect(second.json()).toMatchObject({ display_name: 'Colour', type: 'color', sort_order: 1 });
  });

  it('refuses the same value twice in an option and the same option name twice', async () => {
    const product = await createProduct(suite.ctx.db);
    const twice = await call('POST', `/api/admin/products/${product.id}/options`, {
      name: 'size',
      values: [{ label: 'Large' }, { label: 'large' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe('Value "large" is used more than once in this option');
    await call('POST', `/api/admin/products/${product.id}/options`, { name: 'size' });
    const again = await call('POST', `/api/admin/products/${product.id}/options`, { name: 'size' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This product already has an option named "size"');
  });

  it('removes the variants of a removed value, and all the variants of a deleted option', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'OPTDEL' });
    const size: ProductOption = (
      await call('POST', `/api/admin/products/${product.id}/options`, {
        name: 'size',
        values: [{ label: 'S' }, { label: 'M' }],
      })
    ).json();
    await call('POST', `/api/admin/products/${product.id}/variants/generate`);
    const kept = size.values[0]!;
    const patched = await call('PATCH', `/api/admin/products/${product.id}/options/${size.id}`, {
      display_name: 'Size',
      values: [{ id: kept.id, label: 'Small', value: 's' }],
    });
    expect(patched.json()).toMatchObject({ display_name: 'Size', values: [{ id: kept.id, label: 'Small' }] });
    const variants: AdminVariant[] = (await call('GET', `/api/admin/products/${product.id}/variants`)).json()
      .items;
    expect(variants.map((v) => [v.sku, v.title])).toEqual([['OPTDEL-s', 'Small']]);

    const deleted = await call('DELETE', `/api/admin/products/${product.id}/options/${size.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/products/${product.id}/variants`)).json().items).toEqual([]);
    expect((await call('GET', `/api/admin/products/${product.id}/options`)).json().items).toEqual([]);
  });

  it('creates, edits and deletes a variant by hand', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'HAND', price: 1000, inventoryLevel: 4 });
    const color: ProductOption = (
      await call('POST', `/api/admin/products/${product.id}/options`, {
        name: 'color',
        values: [{ label: 'Red', price_adjustment: 250 }],
      })
    ).json();
    const created = await call('POST', `/api/admin/products/${product.id}/variants`, {
      sku: 'HAND-red',
      option_value_ids: [color.values[0]!.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const variant: AdminVariant = created.json();
    expect(variant).toMatchObject({ sku: 'HAND-red', price: 1250, inventory_level: 4, title: 'Red' });

    const duplicate = await call('POST', `/api/admin/products/${product.id}/variants`, {
      sku: 'HAND-red-2',
      option_value_ids: [color.values[0]!.id],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A variant with these options already exists');
    const sameSku = await call('POST', `/api/admin/products/${product.id}/variants`, { sku: 'HAND-red' });
    expect(sameSku.statusCode).toBe(409);
    expect(sameSku.json().error.message).toBe('SKU already exists');

    const badPrice = await call('PATCH', `/api/admin/products/${product.id}/variants/${variant.id}`, {
      price: -5,
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().error.message).toContain('Price must be 0 or greater');
    const edited = await call('PATCH', `/api/admin/products/${product.id}/variants/${variant.id}`, {
      price: 1999,
      sale_price: 1499,
      inventory_level: 0,
      sku: 'HAND-RED',
    });
    expect(edited.json()).toMatchObject({
      price: 1999,
      sale_price: 1499,
      inventory_level: 0,
      sku: 'HAND-RED',
    });

    const removed = await call('DELETE', `/api/admin/products/${product.id}/variants/${variant.id}`);
    expect(removed.statusCode).toBe(204);
    const missing = await call('DELETE', `/api/admin/products/${product.id}/variants/${variant.id}`);
    expect(missing.statusCode).toBe(404);
  });

  it("will not touch another product's option or variant through the wrong product id", async () => {
    const a = await createProduct(suite.ctx.db);
    const b = await createProduct(suite.ctx.db);
    const option: ProductOption = (
      await call('POST', `/api/admin/products/${a.id}/options`, { name: 'size', values: [{ label: 'S' }] })
    ).json();
    const res = await call('DELETE', `/api/admin/products/${b.id}/options/${option.id}`);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/admin/products/${a.id}/options`)).json().items).toHaveLength(1);
  });
});
