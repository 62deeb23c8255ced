import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { getAs } from '../../../test/requests.ts';
import { signUp } from '../../../test/sessions.ts';
import { completeCheckout, orderBySession, payLocal, startCheckoutOk } from '../checkout/test-helpers.ts';
import { productImages, productVariants } from './catalog.schema.ts';

// A variant shows one of its product's images: the product page, the cart and the order line all
// show the chosen variant's picture, and a variant without one shows the product's first.

const suite = appWithAdminPerFile();

async function imagesOf(productId: string) {
  return suite.ctx.db
    .select({ id: productImages.id, url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder));
}

describe("a variant's image", () => {
  it('is set in the back office and shown on the product page, the cart line and the order line', async () => {
    const { app, db } = suite.ctx;
    const tee = await createProduct(
      db,
      { name: 'Tee', slug: 'variant-image-tee', price: 2000 },
      { images: 2 },
    );
    const [front, blueShot] = await imagesOf(tee.id);
    const { values } = await createOption(db, tee.id, 'color', ['Red', 'Blue']);
    const red = await createVariant(db, tee.id, [values[0]!.id], { price: 2000, inventoryLevel: 5 });
    const blue = await createVariant(db, tee.id, [values[1]!.id], { price: 2000, inventoryLevel: 5 });

    const patch = (variantId: string, payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${tee.id}/variants/${variantId}`,
        headers: { cookie: suite.admin.cookie },
        payload,
      });
    const set = await patch(blue.id, { image_id: blueShot!.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().image_id).toBe(blueShot!.id);

    // Another product's image is refused, and nothing is written.
    const other = await createProduct(db, {}, { images: 1 });
    const [foreign] = await imagesOf(other.id);
    const refused = await patch(red.id, { image_id: foreign!.id, price: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('image_not_found');
    const [redRow] = await db.select().from(productVariants).where(eq(productVariants.id, red.id));
    expect(redRow).toMatchObject({ imageId: null, price: 2000 });

    const page = await app.inject({ method: 'GET', url: '/api/products/variant-image-tee' });
    expect(page.statusCode, page.body).toBe(200);
    const shown = Object.fromEntries(
      page.json().variants.map((v: { id: string; image_id: string | null }) => [v.id, v.image_id]),
    );
    expect(shown).toEqual({ [red.id]: null, [blue.id]: blueShot!.id });

    const shopper = await signUp(app);
    const add = (variantId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: shopper.cookie },
        payload: { product_id: tee.id, variant_id: variantId, quantity: 1 },
      });
    expect((await add(blue.id)).statusCode).toBe(200);
    expect((await add(red.id)).statusCode).toBe(200);
    const cart = await getAs(app, shopper.cookie, '/api/cart');
    const cartImages = Object.fromEntries(
      cart.json().items.map((l: { variant_id: string; image_url: string }) => [l.variant_id, l.image_url]),
    );
    expect(cartImages).toEqual({ [blue.id]: blueShot!.url, [red.id]: front!.url });

    const { sessionId } = await startCheckoutOk(app, shopper.cookie);
    expect((await payLocal(app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(app, shopper.cookie, sessionId)).statusCode).toBe(200);
    const order = await orderBySession(db, sessionId);

    // The order line keeps the picture it was bought with, even after the variant's image changes.
    expect((await patch(blue.id, { image_id: null })).statusCode).toBe(200);
    const lineImages = (items: Array<{ variant_id: string; image_url: string | null }>) =>
      Object.fromEntries(items.map((l) => [l.variant_id, l.image_url]));
    const mine = await getAs(app, shopper.cookie, `/api/account/orders/${order!.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(lineImages(mine.json().order_items)).toEqual(cartImages);
    const staff = await getAs(app, suite.admin.cookie, `/api/admin/orders/${order!.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(lineImages(staff.json().items)).toEqual(cartImages);

    // With the image cleared, a new cart line shows the product's first image again.
    const again = await getAs(app, shopper.cookie, '/api/cart');
    expect(again.json().items).toEqual([]);
    await add(blue.id);
    const cleared = await getAs(app, shopper.cookie, '/api/cart');
    expect(cleared.json().items[0].image_url).toBe(front!.url);
  });

  it('is dropped when the image is deleted, and copied with a duplicated product', async () => {
    const { app, db } = suite.ctx;
    const mug = await createProduct(db, { name: 'Mug' }, { images: 2 });
    const [, second] = await imagesOf(mug.id);
    const { values } = await createOption(db, mug.id, 'color', ['Green']);
    const green = await createVariant(db, mug.id, [values[0]!.id], { imageId: second!.id });

    const copy = await app.inject({
      method: 'POST',
      url: `/api/admin/products/${mug.id}/duplicate`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json();
    const copiedSecond = copied.images.find((i: { sort_order: number }) => i.sort_order === 1);
    expect(copiedSecond.id).not.toBe(second!.id);
    expect(copied.variants[0].image_id).toBe(copiedSecond.id);

    await db.delete(productImages).where(eq(productImages.id, second!.id));
    const [row] = await db.select().from(productVariants).where(eq(productVariants.id, green.id));
    expect(row!.imageId).toBeNull();
  });
});
