import { randomUUID } from 'node:crypto';
import type { Wishlist } from '@cartwheel/shared/contracts/wishlist';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { cartTestKit } from '../cart/test-helpers.ts';

const { suite, shopper, productWithSizes } = cartTestKit();

const call = (
  user: TestUser | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function save(user: TestUser, productId: string, variantId: string | null = null): Promise<Wishlist> {
  const res = await call(user, 'PUT', '/api/wishlist/items', {
    product_id: productId,
    variant_id: variantId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const storedItems = () =>
  queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM wishlist_items`).then(
    (r) => r[0]!.n,
  );

describe('who may use a wishlist', () => {
  it('answers 401 to every wishlist route when signed out', async () => {
    const product = await createProduct(suite.ctx.db);
    for (const res of await Promise.all([
      call(null, 'GET', '/api/wishlist'),
      call(null, 'PUT', '/api/wishlist/items', { product_id: product.id }),
      call(null, 'DELETE', `/api/wishlist/items/${randomUUID()}`),
      call(null, 'POST', '/api/wishlist/merge', { items: [] }),
    ])) {
      expect(res.statusCode).toBe(401);
    }
  });

  it("keeps each shopper's list to themselves: another's item id is a 404 and stays saved", async () => {
    const [ann, bob] = [await shopper(), await shopper()];
    const product = await createProduct(suite.ctx.db, { name: 'Ann Mug' });
    const list = await save(ann, product.id);
    expect((await call(bob, 'GET', '/api/wishlist')).json().items).toEqual([]);
    const res = await call(bob, 'DELETE', `/api/wishlist/items/${list.items[0]!.id}`);
    expect(res.statusCode).toBe(404);
    expect((await call(ann, 'GET', '/api/wishlist')).json().items).toHaveLength(1);
  });
});

describe('saving and removing', () => {
  it('saves a product once with its price and stock, and removes it', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { name: 'Blue Mug', price: 1250, inventoryLevel: 4 });
    await save(user, product.id);
    const list = await save(user, product.id);
    expect(list.items).toEqual([
      expect.objectContaining({
        product_id: product.id,
        variant_id: null,
        product_name: 'Blue Mug',
        unit_price: 1250,
        available: 4,
        needs_options: false,
      }),
    ]);
    expect(list.share_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await call(user, 'DELETE', `/api/wishlist/items/${list.items[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('keeps a product with variants saved without one, marked as needing options', async () => {
    const user = await shopper();
    const { product, medium } = await productWithSizes();
    await save(user, product.id);
    const list = await save(user, product.id, medium.id);
    expect(list.items.map((i) => [i.variant_id, i.needs_options, i.variant_title])).toEqual([
      [medium.id, false, 'M'],
      [null, true, null],
    ]);
  });

  it('refuses an unknown product (404), a variant of another product (400) and bad ids (400), writing nothing', async () => {
    const user = await shopper();
    const before = await storedItems();
    const { medium } = await productWithSizes();
    const other = await createProduct(suite.ctx.db);
    const unknown = await call(user, 'PUT', '/api/wishlist/items', { product_id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const mismatch = await call(user, 'PUT', '/api/wishlist/items', {
      product_id: other.id,
      variant_id: medium.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('variant_mismatch');
    const bad = await call(user, 'PUT', '/api/wishlist/items', { product_id: 'mug' });
    expect(bad.statusCode).toBe(400);
    expect(await storedItems()).toBe(before);
  });

  it('leaves out a product hidden after it was saved', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    await save(user, product.id);
    await suite.ctx.db.execute(sql`UPDATE products SET is_visible = false WHERE id = ${product.id}`);
    expect((await call(user, 'GET', '/api/wishlist')).json().items).toEqual([]);
  });
});

describe('merging a guest list at sign-in', () => {
  it('adds the guest items to the saved ones once, and skips unknown products', async () => {
    const user = await shopper();
    const [a, b] = [await createProduct(suite.ctx.db), await createProduct(suite.ctx.db)];
    await save(user, a.id);
    const res = await call(user, 'POST', '/api/wishlist/merge', {
      items: [
        { product_id: a.id, variant_id: null },
        { product_id: b.id },
        { product_id: b.id },
        { product_id: randomUUID() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged.skipped).toBe(1);
    expect(merged.items.map((i: { product_id: string }) => i.product_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses more items than a list holds with a 400, writing nothing', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    const before = await storedItems();
    const res = await call(user, 'POST', '/api/wishlist/merge', {
      items: Array.from({ length: 201 }, () => ({ product_id: product.id })),
    });
    expect(res.statusCode).toBe(400);
    expect(await storedItems()).toBe(before);
  });
});

describe('the share link', () => {
  it('opens the list read-only to anyone, without the owner, and unknown tokens are 404', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { name: 'Shared Lamp', price: 3000 });
    const list = await save(user, product.id);
    const res = await call(null, 'GET', `/api/wishlists/shared/${list.share_token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const shared = res.json();
    expect(shared.items).toEqual([
      expect.objectContaining({ product_name: 'Shared Lamp', unit_price: 3000 }),
    ]);
    expect(JSON.stringify(shared)).not.toContain(user.email);
    expect(shared.items[0]).not.toHaveProperty('id');
    const unknown = await call(null, 'GET', `/api/wishlists/shared/${'A'.repeat(22)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/wishlists/shared/short')).statusCode).toBe(400);
  });

  it('gives every list its own token', async () => {
    const [ann, bob] = [await shopper(), await shopper()];
    const product = await createProduct(suite.ctx.db);
    const [a, b] = [await save(ann, product.id), await save(bob, product.id)];
    expect(a.share_token).not.toBe(b.share_token);
  });
});
