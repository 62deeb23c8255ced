import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { createProduct } from '../../../test/factories.ts';

const suite = managerAppPerFile({ staff: true });
const { call } = suite;

describe('POST /api/admin/products/:id/restore (the undo of a delete)', () => {
  it('brings a deleted product back with its SKU and slug, in the list and the store', async () => {
    const product = await createProduct(suite.ctx.db, { sku: 'RESTORE-ME', slug: 'restore-me' });
    expect((await call('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/products/restore-me`)).statusCode).toBe(404);

    const res = await call('POST', `/api/admin/products/${product.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as AdminProductDetail).toMatchObject({
      id: product.id,
      sku: 'RESTORE-ME',
      slug: 'restore-me',
    });
    const list = (await call('GET', '/api/admin/products?search=RESTORE-ME')).json();
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expect((await call('GET', `/api/products/restore-me`)).statusCode).toBe(200);
  });

  it('answers 404 for a product that is not deleted, and 403 to staff, changing nothing', async () => {
    const live = await createProduct(suite.ctx.db);
    const notDeleted = await call('POST', `/api/admin/products/${live.id}/restore`);
    expect(notDeleted.statusCode).toBe(404);
    expect(notDeleted.json().error.message).toBe('No deleted product with this id');

    const gone = await createProduct(suite.ctx.db);
    await call('DELETE', `/api/admin/products/${gone.id}`);
    const staff = await call('POST', `/api/admin/products/${gone.id}/restore`, undefined, suite.staff);
    expect(staff.statusCode).toBe(403);
    expect((await call('GET', `/api/admin/products/${gone.id}`)).statusCode).toBe(404);
  });
});
