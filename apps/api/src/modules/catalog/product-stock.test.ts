import type { AdminProductDetail, AdminProductList } from '@cartwheel/shared/contracts/admin-products';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';

const suite = managerAppPerFile();
const { call } = suite;

/** A product whose own number (12) differs from its two variants' stock (3 + 4). */
async function productWithVariants(sku: string) {
  const product = await createProduct(suite.ctx.db, { sku, name: `Stocked ${sku}`, inventoryLevel: 12 });
  const { values } = await createOption(suite.ctx.db, product.id, 'size', ['S', 'M']);
  const small = await createVariant(suite.ctx.db, product.id, [values[0]!.id], { inventoryLevel: 3 });
  const medium = await createVariant(suite.ctx.db, product.id, [values[1]!.id], { inventoryLevel: 4 });
  return { product, small, medium };
}

const stockRows = (productId: string) =>
  queryRows<{ own: number; variants: number[] }>(
    suite.ctx.db,
    sql`SELECT p.inventory_level AS own,
      (SELECT array_agg(v.inventory_level ORDER BY v.sku) FROM product_variants v WHERE v.product_id = p.id) AS variants
      FROM products p WHERE p.id = ${productId}`,
  );

describe('the stock of a product with variants', () => {
  it('is the sum of its variants in the back office, the storefront and the inventory sort', async () => {
    const { product } = await productWithVariants('STOCK-SUM');
    const detail: AdminProductDetail = (await call('GET', `/api/admin/products/${product.id}`)).json();
    expect(detail.inventory_level).toBe(7);

    const list: AdminProductList = (
      await call('GET', '/api/admin/products?search=STOCK-SUM&sort=inventory_level&order=asc')
    ).json();
    expect(list.items.map((p) => [p.sku, p.inventory_level, p.variant_count])).toEqual([['STOCK-SUM', 7, 2]]);

    const store = await call('GET', `/api/products/${product.slug}`);
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json().inventory_level).toBe(7);

    // Sorted by stock, the product sits at 7 (between 5 and 10), not at its own 12.
    await createProduct(suite.ctx.db, { sku: 'STOCK-SORT-5', inventoryLevel: 5 });
    await createProduct(suite.ctx.db, { sku: 'STOCK-SORT-10', inventoryLevel: 10 });
    const sorted: AdminProductList = (
      await call('GET', '/api/admin/products?search=STOCK-S&sort=inventory_level&order=asc')
    ).json();
    expect(sorted.items.map((p) => p.sku)).toEqual(['STOCK-SORT-5', 'STOCK-SUM', 'STOCK-SORT-10']);
  });

  it('is its own number again for a product without variants', async () => {
    const plain = await createProduct(suite.ctx.db, { sku: 'STOCK-PLAIN', inventoryLevel: 9 });
    const detail: AdminProductDetail = (await call('GET', `/api/admin/products/${plain.id}`)).json();
    expect(detail.inventory_level).toBe(9);
  });

  it('cannot be set on the product: a different number is refused with a 400 and writes nothing', async () => {
    const { product } = await productWithVariants('STOCK-PATCH');
    const res = await call('PATCH', `/api/admin/products/${product.id}`, { inventory_level: 50, price: 999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'stock_from_variants',
      message:
        "This product has variants: its stock is the sum of theirs. Change each variant's inventory instead.",
    });
    const [row] = await queryRows<{ price: number }>(
      suite.ctx.db,
      sql`SELECT price FROM products WHERE id = ${product.id}`,
    );
    expect(row!.price).toBe(1000);
    expect(await stockRows(product.id)).toEqual([{ own: 12, variants: [3, 4] }]);

    // The editor sends its whole form back: the same sum is no change.
    const same = await call('PATCH', `/api/admin/products/${product.id}`, { inventory_level: 7, price: 999 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ inventory_level: 7, price: 999 });
  });

  it("follows a variant's inventory edit", async () => {
    const { product, small } = await productWithVariants('STOCK-EDIT');
    const res = await call('PATCH', `/api/admin/products/${product.id}/variants/${small.id}`, {
      inventory_level: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail: AdminProductDetail = (await call('GET', `/api/admin/products/${product.id}`)).json();
    expect(detail.inventory_level).toBe(14);
  });
});

describe('bulk actions on stock and status', () => {
  it("sets a bulk inventory on each variant of a product with variants, and on a plain product's own row", async () => {
    const { product } = await productWithVariants('BULK-VAR');
    const plain = await createProduct(suite.ctx.db, { sku: 'BULK-PLAIN', inventoryLevel: 1 });
    const res = await call('POST', '/api/admin/products/bulk', {
      action: 'edit',
      ids: [product.id, plain.id],
      inventory_level: 6,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 2, variants_updated: 2 });
    expect(await stockRows(product.id)).toEqual([{ own: 12, variants: [6, 6] }]);
    expect(await stockRows(plain.id)).toEqual([{ own: 6, variants: null }]);
    const detail: AdminProductDetail = (await call('GET', `/api/admin/products/${product.id}`)).json();
    expect(detail.inventory_level).toBe(12);
  });

  it('archives only the Active products it was given, answers which, and activate puts exactly those back', async () => {
    const active = await createProduct(suite.ctx.db, { sku: 'ARCH-ACTIVE' });
    const draft = await createProduct(suite.ctx.db, { sku: 'ARCH-DRAFT', isVisible: false });
    const archived = await call('POST', '/api/admin/products/bulk', {
      action: 'archive',
      ids: [active.id, draft.id],
    });
    expect(archived.json()).toEqual({ updated: 1, ids: [active.id], variants_updated: 0 });

    const undone = await call('POST', '/api/admin/products/bulk', {
      action: 'activate',
      ids: archived.json().ids,
    });
    expect(undone.json()).toEqual({ updated: 1, ids: [active.id], variants_updated: 0 });
    const rows = await queryRows<{ sku: string; is_visible: boolean }>(
      suite.ctx.db,
      sql`SELECT sku, is_visible FROM products WHERE id IN (${active.id}, ${draft.id}) ORDER BY sku`,
    );
    expect(rows).toEqual([
      { sku: 'ARCH-ACTIVE', is_visible: true },
      { sku: 'ARCH-DRAFT', is_visible: false },
    ]);
  });

  it('answers the products set as featured that were not, for an undo', async () => {
    const plain = await createProduct(suite.ctx.db, { sku: 'FEAT-NEW' });
    const already = await createProduct(suite.ctx.db, { sku: 'FEAT-OLD', isFeatured: true });
    const res = await call('POST', '/api/admin/products/bulk', {
      action: 'feature',
      ids: [plain.id, already.id],
    });
    expect(res.json()).toEqual({ updated: 1, ids: [plain.id], variants_updated: 0 });
  });
});
