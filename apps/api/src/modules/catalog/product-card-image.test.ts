import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { planOf } from '../../../test/plan-of.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { productImages } from './catalog.schema.ts';
import { productCardJson } from './catalog.service.ts';

// A card's image is the product's first in reading order (the thumbnail, then by sort order): the
// start of one range of product_images_product_idx (migration 0058), not a sort of the product's
// images for every card of a page.

describe("a product card's image", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('is the thumbnail, then the lowest sort order, read from the index in that order', async () => {
    const product = await createProduct(ctx.db, {}, { images: 0 });
    await ctx.db.insert(productImages).values([
      { productId: product.id, url: '/a.webp', sortOrder: 0 },
      { productId: product.id, url: '/b.webp', sortOrder: 2, isThumbnail: true },
      { productId: product.id, url: '/c.webp', sortOrder: 1 },
    ]);
    const card = sql`SELECT ${productCardJson('en')} AS card FROM products p WHERE p.id = ${product.id}`;
    const [row] = await queryRows<{ card: { image: { url: string } } }>(ctx.db, card);
    expect(row?.card.image.url).toBe('/b.webp');

    await ctx.db.delete(productImages).where(sql`${productImages.url} = '/b.webp'`);
    const [next] = await queryRows<{ card: { image: { url: string } } }>(ctx.db, card);
    expect(next?.card.image.url).toBe('/a.webp');

    await ctx.db.execute(sql`ANALYZE product_images`);
    const plan = await planOf(ctx.db, card);
    expect(plan).toContain('Index Scan using product_images_product_idx on product_images i');
    expect(plan).not.toMatch(/Sort Key: i\.is_thumbnail/);
  });
});
