import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { productImages, products } from '../../db/schema.ts';
import { cartTestKit } from './test-helpers.ts';

const { suite, shopper, call, getCart, add, added, storedLines, productWithSizes } = cartTestKit();

describe('who may use the cart', () => {
  it('answers 401 "User not authenticated" to every cart route when signed out', async () => {
    const product = await createProduct(suite.ctx.db);
    const id = randomUUID();
    const attempts = [
      call(null, 'GET', '/api/cart'),
      call(null, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 }),
      call(null, 'PATCH', `/api/cart/items/${id}`, { quantity: 2 }),
      call(null, 'DELETE', `/api/cart/items/${id}`),
      call(null, 'DELETE', '/api/cart'),
      call(null, 'POST', '/api/cart/merge', { items: [] }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('User not authenticated');
    }
  });

  it('starts every shopper with an empty cart and never caches it', async () => {
    const user = await shopper();
    const res = await call(user, 'GET', '/api/cart');
    expect(res.json()).toEqual({ items: [], item_count: 0, subtotal: 0, currency: 'USD' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('adding to the cart', () => {
  it('adds a line with the product name, image, unit price, line total and stock', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { name: 'Blue Mug', price: 1250, inventoryLevel: 7 });
    const change = await added(user, { product_id: product.id, variant_id: null, quantity: 2 });
    expect(change).toMatchObject({ added: 2, capped: false, message: null });
    expect(change.cart).toMatchObject({ item_count: 2, subtotal: 2500 });
    expect(change.cart.items).toEqual([
      expect.objectContaining({
        product_id: product.id,
        variant_id: null,
        product_name: 'Blue Mug',
        product_slug: product.slug,
        image_url: expect.stringMatching(/^\/demo-images\//),
        variant_title: null,
        sku: product.sku,
        unit_price: 1250,
        regular_price: 1250,
        quantity: 2,
        line_total: 2500,
        available: 7,
      }),
    ]);
  });

  it("carries the image's smaller copies for the thumbnail's srcset, signed in and as a guest", async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    expect(
      (await added(user, { product_id: product.id, quantity: 1 })).cart.items[0]!.image_variants,
    ).toBeNull();
    const variants = [
      { width: 320, avif: '/uploads/a-320.avif', webp: '/uploads/a-320.webp' },
      { width: 640, avif: '/uploads/a-640.avif', webp: '/uploads/a-640.webp' },
    ];
    await suite.ctx.db.update(productImages).set({ variants }).where(eq(productImages.productId, product.id));
    expect((await getCart(user)).items[0]!.image_variants).toEqual(variants);
    const preview = await call(null, 'POST', '/api/cart/preview', {
      items: [{ product_id: product.id, variant_id: null, quantity: 1 }],
    });
    expect(preview.json().items[0].image_variants).toEqual(variants);
  });

  it('increases the quantity of the same product and variant instead of adding a second line', async () => {
    const user = await shopper();
    const { product, small } = await productWithSizes({ S: { inventoryLevel: 20 } });
    await added(user, { product_id: product.id, variant_id: small.id, quantity: 2 });
    const change = await added(user, { product_id: product.id, variant_id: small.id, quantity: 3 });
    expect(change.cart.items).toHaveLength(1);
    expect(change.cart.items[0]).toMatchObject({ quantity: 5, variant_title: 'S' });
    expect(await storedLines(user.id)).toHaveLength(1);
  });

  it('keeps one line for a product without variants when it is added twice', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    await added(user, { product_id: product.id, quantity: 1 });
    await added(user, { product_id: product.id, variant_id: null, quantity: 1 });
    expect(await storedLines(user.id)).toEqual([{ product_id: product.id, variant_id: null, quantity: 2 }]);
  });

  it('lists lines newest first', async () => {
    const user = await shopper();
    const first = await createProduct(suite.ctx.db);
    const second = await createProduct(suite.ctx.db);
    await added(user, { product_id: first.id, quantity: 1 });
    const change = await added(user, { product_id: second.id, quantity: 1 });
    expect((await getCart(user)).items.map((l) => l.product_id)).toEqual([second.id, first.id]);
    // The add answers the whole cart as it is after the add (the same as a read right after).
    expect(change.cart).toEqual(await getCart(user));
    const again = await added(user, { product_id: first.id, quantity: 2 });
    expect(again.cart).toEqual(await getCart(user));
    expect(again.cart).toMatchObject({ item_count: 4 });
  });

  it.each([0, -1, 1.5])('rejects a quantity of %s with a 400 and writes nothing', async (quantity) => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    const res = await add(user, { product_id: product.id, variant_id: null, quantity });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(/quantity/i);
    expect(await storedLines(user.id)).toEqual([]);
  });

  it('rejects a malformed product id with a 400', async () => {
    const user = await shopper();
    const res = await add(user, { product_id: 'not-a-uuid', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/product_id/);
  });

  it('answers 404 for an unknown, hidden or deleted product and writes nothing', async () => {
    const user = await shopper();
    const hidden = await createProduct(suite.ctx.db, { isVisible: false });
    const deleted = await createProduct(suite.ctx.db, { deletedAt: new Date() });
    for (const productId of [randomUUID(), hidden.id, deleted.id]) {
      const res = await add(user, { product_id: productId, quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'product_not_found', message: 'Product not found' });
    }
    expect(await storedLines(user.id)).toEqual([]);
  });

  it('rejects a variant of another product with a 400 and writes nothing', async () => {
    const user = await shopper();
    const mine = await productWithSizes();
    const other = await productWithSizes();
    const res = await add(user, { product_id: mine.product.id, variant_id: other.small.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('variant_mismatch');

    // A product without variants has none to give either.
    const simple = await createProduct(suite.ctx.db);
    const res2 = await add(user, { product_id: simple.id, variant_id: other.small.id, quantity: 1 });
    expect(res2.statusCode).toBe(400);
    expect(await storedLines(user.id)).toEqual([]);
  });

  it('takes ids in upper case as the same product and variant', async () => {
    const user = await shopper();
    const { product, small } = await productWithSizes();
    const upper = { product_id: product.id.toUpperCase(), variant_id: small.id.toUpperCase() };
    await added(user, { ...upper, quantity: 1 });
    const change = await added(user, { ...upper, quantity: 2 });
    expect(change.cart.items).toHaveLength(1);
    expect(change.cart.items[0]).toMatchObject({ product_id: product.id, variant_id: small.id, quantity: 3 });
  });

  it('answers 404 for a variant that does not exist', async () => {
    const user = await shopper();
    const { product } = await productWithSizes();
    const res = await add(user, { product_id: product.id, variant_id: randomUUID(), quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('variant_not_found');
  });

  it('requires a variant for a product that has variants', async () => {
    const user = await shopper();
    const { product } = await productWithSizes();
    const res = await add(user, { product_id: product.id, variant_id: null, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('variant_required');
    expect(await storedLines(user.id)).toEqual([]);
  });

  it('caps the quantity at the stock and says so', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 3 });
    const change = await added(user, { product_id: product.id, quantity: 5 });
    // The stock beside the English message: the storefront words it in the shopper's language.
    expect(change).toMatchObject({
      added: 3,
      capped: true,
      stock: 3,
      message: 'Only 3 in stock: quantity set to 3',
    });
    expect(change.cart.items[0]?.quantity).toBe(3);

    const again = await added(user, { product_id: product.id, quantity: 1 });
    expect(again).toMatchObject({
      added: 0,
      capped: true,
      stock: 3,
      message: 'Only 3 in stock, and all 3 are already in your cart',
    });
    expect(await storedLines(user.id)).toEqual([{ product_id: product.id, variant_id: null, quantity: 3 }]);
  });

  it('caps by the variant stock, not the product stock', async () => {
    const user = await shopper();
    const { product, medium } = await productWithSizes({ M: { inventoryLevel: 2 } }, { inventoryLevel: 50 });
    const change = await added(user, { product_id: product.id, variant_id: medium.id, quantity: 4 });
    expect(change.capped).toBe(true);
    expect(change.cart.items[0]).toMatchObject({ quantity: 2, available: 2 });
  });

  it('refuses an out-of-stock product or variant with a 409', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 0 });
    const res = await add(user, { product_id: product.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'out_of_stock', message: 'This product is out of stock' });

    const sized = await productWithSizes({ S: { inventoryLevel: 0 } }, { inventoryLevel: 10 });
    const res2 = await add(user, { product_id: sized.product.id, variant_id: sized.small.id, quantity: 1 });
    expect(res2.statusCode).toBe(409);
    expect(await storedLines(user.id)).toEqual([]);
  });

  it('ignores a price sent by the client', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { price: 4000 });
    const change = await added(user, { product_id: product.id, quantity: 1, price: 1, unit_price: 1 });
    expect(change.cart.items[0]?.unit_price).toBe(4000);
    expect(change.cart.subtotal).toBe(4000);
  });

  it('never exceeds the stock when the same line is added concurrently', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 5 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => add(user, { product_id: product.id, quantity: 1 })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await storedLines(user.id)).toEqual([{ product_id: product.id, variant_id: null, quantity: 5 }]);
  });
});

describe('the price rule', () => {
  it('charges the sale price when it is set and lower than the price', async () => {
    const user = await shopper();
    const onSale = await createProduct(suite.ctx.db, { price: 3000, salePrice: 2400 });
    const notLower = await createProduct(suite.ctx.db, { price: 1000, salePrice: 1500 });
    const zeroSale = await createProduct(suite.ctx.db, { price: 1800, salePrice: 0 });
    await added(user, { product_id: onSale.id, quantity: 2 });
    await added(user, { product_id: notLower.id, quantity: 1 });
    await added(user, { product_id: zeroSale.id, quantity: 1 });
    const cart = await getCart(user);
    const line = (id: string) => cart.items.find((l) => l.product_id === id);
    expect(line(onSale.id)).toMatchObject({ unit_price: 2400, regular_price: 3000, line_total: 4800 });
    expect(line(notLower.id)).toMatchObject({ unit_price: 1000, regular_price: 1000 });
    expect(line(zeroSale.id)).toMatchObject({ unit_price: 1800, regular_price: 1800 });
    expect(cart.subtotal).toBe(4800 + 1000 + 1800);
  });

  it("uses the variant's own price over the product's, and the variant's sale price when lower", async () => {
    const user = await shopper();
    const { product, small, medium } = await productWithSizes(
      { S: { price: 2500 }, M: { price: 2700, salePrice: 2100 } },
      { price: 9999, salePrice: 1000 },
    );
    await added(user, { product_id: product.id, variant_id: small.id, quantity: 1 });
    await added(user, { product_id: product.id, variant_id: medium.id, quantity: 2 });
    const cart = await getCart(user);
    expect(cart.items.find((l) => l.variant_id === small.id)).toMatchObject({
      unit_price: 2500,
      regular_price: 2500,
      sku: small.sku,
      variant_title: 'S',
    });
    expect(cart.items.find((l) => l.variant_id === medium.id)).toMatchObject({
      unit_price: 2100,
      regular_price: 2700,
      line_total: 4200,
      sku: medium.sku,
    });
    expect(cart.subtotal).toBe(2500 + 4200);
  });

  it("prices lines with today's database prices", async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { price: 1000 });
    await added(user, { product_id: product.id, quantity: 3 });
    await suite.ctx.db.update(products).set({ salePrice: 800 }).where(eq(products.id, product.id));
    expect((await getCart(user)).items[0]).toMatchObject({ unit_price: 800, line_total: 2400 });
  });
});

describe('changing and removing lines', () => {
  it('sets a new quantity and caps it by the stock with a message', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 4 });
    const [line] = (await added(user, { product_id: product.id, quantity: 1 })).cart.items;
    const res = await call(user, 'PATCH', `/api/cart/items/${line!.id}`, { quantity: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, capped: false, stock: null, cart: { item_count: 3 } });

    const capped = await call(user, 'PATCH', `/api/cart/items/${line!.id}`, { quantity: 10 });
    expect(capped.json()).toMatchObject({
      capped: true,
      stock: 4,
      message: 'Only 4 in stock: quantity set to 4',
      cart: { items: [{ quantity: 4 }] },
    });
  });

  it.each([0, -3])('removes the line when the quantity is set to %s', async (quantity) => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    const [line] = (await added(user, { product_id: product.id, quantity: 2 })).cart.items;
    const res = await call(user, 'PATCH', `/api/cart/items/${line!.id}`, { quantity });
    expect(res.statusCode).toBe(200);
    expect(res.json().cart.items).toEqual([]);
    expect(await storedLines(user.id)).toEqual([]);
  });

  it('rejects a quantity that is not a whole number with a 400', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    const [line] = (await added(user, { product_id: product.id, quantity: 2 })).cart.items;
    for (const quantity of ['two', 1.5, null]) {
      const res = await call(user, 'PATCH', `/api/cart/items/${line!.id}`, { quantity });
      expect(res.statusCode).toBe(400);
    }
    expect((await storedLines(user.id))[0]?.quantity).toBe(2);
  });

  it("answers 404 for another shopper's line and leaves it alone", async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const product = await createProduct(suite.ctx.db);
    const [line] = (await added(owner, { product_id: product.id, quantity: 2 })).cart.items;

    const patch = await call(intruder, 'PATCH', `/api/cart/items/${line!.id}`, { quantity: 5 });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error).toEqual({ code: 'cart_item_not_found', message: 'Cart item not found' });
    const patchZero = await call(intruder, 'PATCH', `/api/cart/items/${line!.id}`, { quantity: 0 });
    expect(patchZero.statusCode).toBe(404);
    const del = await call(intruder, 'DELETE', `/api/cart/items/${line!.id}`);
    expect(del.statusCode).toBe(404);

    expect((await getCart(intruder)).items).toEqual([]);
    expect(await storedLines(owner.id)).toEqual([{ product_id: product.id, variant_id: null, quantity: 2 }]);
  });

  it('removes one line and clears the whole cart', async () => {
    const user = await shopper();
    const other = await shopper();
    const a = await createProduct(suite.ctx.db);
    const b = await createProduct(suite.ctx.db);
    await added(user, { product_id: a.id, quantity: 1 });
    const lines = (await added(user, { product_id: b.id, quantity: 1 })).cart.items;
    await added(other, { product_id: a.id, quantity: 1 });

    const del = await call(user, 'DELETE', `/api/cart/items/${lines[0]!.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().items.map((l: { product_id: string }) => l.product_id)).toEqual([a.id]);

    const clear = await call(user, 'DELETE', '/api/cart');
    expect(clear.json()).toEqual({ items: [], item_count: 0, subtotal: 0, currency: 'USD' });
    expect(await storedLines(user.id)).toEqual([]);
    // Clearing is scoped to the shopper: someone else's cart is untouched.
    expect(await storedLines(other.id)).toHaveLength(1);
  });

  it('answers 400 for a malformed line id', async () => {
    const user = await shopper();
    const res = await call(user, 'DELETE', '/api/cart/items/123');
    expect(res.statusCode).toBe(400);
  });

  it('hides lines whose product has since been hidden', async () => {
    const user = await shopper();
    const product = await createProduct(suite.ctx.db);
    await added(user, { product_id: product.id, quantity: 1 });
    await suite.ctx.db.update(products).set({ isVisible: false }).where(eq(products.id, product.id));
    expect(await getCart(user)).toEqual({ items: [], item_count: 0, subtotal: 0, currency: 'USD' });
  });
});
