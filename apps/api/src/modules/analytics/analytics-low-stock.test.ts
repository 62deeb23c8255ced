import type { Analytics } from '@cartwheel/shared/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

// The low-stock list of the analytics screen on a shop with more low rows than it shows.
let ctx: TestContext;
let cookie: string;

const lowStock = async (): Promise<Analytics['low_stock']> =>
  okJson<Analytics>(await getAs(ctx.app, cookie, '/api/admin/analytics?from=2026-10-01&to=2026-10-15'))
    .low_stock;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
  const { db } = ctx;
  // A mug whose two low variants are named "Mug · Alpha" and "Mug · Zed", and a product whose name
  // starts with the mug's.
  const mug = await createProduct(db, { name: 'Mug', inventoryLevel: 0 });
  const sizes = await createOption(db, mug.id, 'size', ['Zed', 'Alpha']);
  for (const value of sizes.values) {
    await createVariant(db, mug.id, [value.id], { sku: `MUG-${value.label}`, inventoryLevel: 1 });
  }
  await createProduct(db, { name: 'Mug Large', sku: 'MUG-LARGE', inventoryLevel: 1 });
  // 60 low variants of one product (30 at 0, 30 at 2) and a product at 2 named before it.
  const tee = await createProduct(db, { name: 'Tee', inventoryLevel: 0 });
  const labels = Array.from({ length: 60 }, (_, i) => `v${String(i).padStart(2, '0')}`);
  const tees = await createOption(db, tee.id, 'version', labels);
  for (const [i, value] of tees.values.entries()) {
    await createVariant(db, tee.id, [value.id], {
      sku: `TEE-${value.label}`,
      inventoryLevel: i % 2 === 0 ? 0 : 2,
    });
  }
  await createProduct(db, { name: 'Apron', sku: 'APRON', inventoryLevel: 2 });
  // Not low: at its warning level plus one, and a deleted product at 0.
  await createProduct(db, { name: 'Bowl', sku: 'BOWL', inventoryLevel: 6, inventoryWarningLevel: 5 });
  await createProduct(db, { name: 'Gone', sku: 'GONE', inventoryLevel: 0, deletedAt: new Date() });
});
afterAll(async () => ctx?.close());

describe('the analytics low-stock list', () => {
  it('shows the 50 lowest, by stock, then product name, then variant title', async () => {
    const rows = await lowStock();
    expect(rows).toHaveLength(50);
    const evenTees = Array.from({ length: 30 }, (_, i) => `TEE-v${String(i * 2).padStart(2, '0')}`);
    const oddTees = Array.from({ length: 16 }, (_, i) => `TEE-v${String(i * 2 + 1).padStart(2, '0')}`);
    expect(rows.map((r) => r.sku)).toEqual([
      ...evenTees,
      'MUG-Alpha',
      'MUG-Zed',
      'MUG-LARGE',
      'APRON',
      ...oddTees,
    ]);
    expect(rows[0]).toMatchObject({ name: 'Tee · v00', inventory_level: 0, warning_level: 5 });
  });

  it("lists a product's variants under its name, before a longer name that starts the same", async () => {
    const mugs = (await lowStock()).filter((r) => r.sku.startsWith('MUG'));
    expect(mugs.map((r) => r.name)).toEqual(['Mug · Alpha', 'Mug · Zed', 'Mug Large']);
    expect(mugs[2]).toMatchObject({ variant_id: null, inventory_level: 1 });
  });
});
