import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../test/factories.ts';
import { fakeHttpServer } from '../../../test/fake-http.ts';
import { queryRows } from '../../db/client.ts';
import {
  brands,
  categories,
  productImages,
  productOptionValues,
  productVariants,
} from '../catalog/catalog.schema.ts';

// A catalog change queues a purge of exactly the tags it touched (the database's notifications
// name the rows: migration 0030), once however many processes heard it; a worker sends it to the CDN.

const suite = appPerTest();
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function purgeJobs(): Promise<string[][]> {
  const rows = await queryRows<{ data: { tags: string[] } }>(
    suite.ctx.db,
    sql`SELECT data FROM pgboss.job WHERE name = 'cdn-purge' ORDER BY created_on`,
  );
  return rows.map((row) => row.data.tags);
}

/**
 * Lets the earlier writes' purges land (until no new one arrives for half a second: every process
 * gathers and queues on its own), then forgets them.
 */
async function settle() {
  let seen = -1;
  for (let count = (await purgeJobs()).length; count !== seen; count = (await purgeJobs()).length) {
    seen = count;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await suite.ctx.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'cdn-purge'`);
}

/** The one purge the write queues (jobs gathered for a moment by every process that heard it). */
async function purgedBy(write: () => Promise<unknown>): Promise<string[]> {
  await settle();
  await write();
  await vi.waitFor(async () => expect(await purgeJobs()).toHaveLength(1), { timeout: 3000 });
  // Nothing more arrives a moment later (the peer's enqueue of the same tags was dropped).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const jobs = await purgeJobs();
  expect(jobs).toHaveLength(1);
  return jobs[0] ?? [];
}

describe('CDN purges of catalog changes', () => {
  it('queues the tags of what changed, once for two processes, and a worker purges Varnish', async () => {
    const varnish = await fakeHttpServer();
    servers.push(varnish);
    const ctx = await suite.open({
      CDN_PURGE: 'varnish',
      VARNISH_PURGE_URLS: `${varnish.url}/`,
      JOB_POLL_SECONDS: '0.5',
    });
    await ctx.peer();
    const brand = await createBrand(ctx.db, { name: 'Purge Brand', slug: 'purge-brand' });
    const category = await createCategory(ctx.db, { name: 'Purge Things', slug: 'purge-things' });
    const product = await createProduct(
      ctx.db,
      { name: 'Purged Mug', slug: 'purged-mug', price: 1000, brandId: brand.id },
      { categoryIds: [category.id] },
    );
    const { values } = await createOption(ctx.db, product.id, 'size', ['S', 'M']);
    const variant = await createVariant(ctx.db, product.id, [values[0]!.id], { price: 1000 });
    const productTags = [`product-${product.id}`, 'products'];

    // A price change: the product and the lists.
    expect(
      await purgedBy(() =>
        ctx.db.update(productVariants).set({ price: 1500 }).where(eq(productVariants.id, variant.id)),
      ),
    ).toEqual(productTags);
    // A new row and a deleted one name their product too.
    expect(
      await purgedBy(() =>
        ctx.db.insert(productImages).values({ productId: product.id, url: '/uploads/purge.jpg' }),
      ),
    ).toEqual(productTags);
    expect(
      await purgedBy(() => ctx.db.delete(productImages).where(eq(productImages.productId, product.id))),
    ).toEqual(productTags);
    // An option value reaches its product through its option.
    expect(
      await purgedBy(() =>
        ctx.db
          .update(productOptionValues)
          .set({ value: 'Small' })
          .where(eq(productOptionValues.id, values[0]!.id)),
      ),
    ).toEqual(productTags);
    // A category's name shows in its products, in the category list and in product lists; the
    // products' search text follows the name (search triggers), so their own tags go too.
    expect(
      await purgedBy(() =>
        ctx.db.update(categories).set({ name: 'Renamed' }).where(eq(categories.id, category.id)),
      ),
    ).toEqual([`category-${category.id}`, 'categories', ...productTags].sort());
    expect(
      await purgedBy(() => ctx.db.update(brands).set({ name: 'Renamed' }).where(eq(brands.id, brand.id))),
    ).toEqual([`brand-${brand.id}`, 'brands', ...productTags].sort());
    // A write the triggers cannot name (TRUNCATE, the content tables) purges everything.
    expect(await purgedBy(() => ctx.db.execute(sql`SELECT pg_notify('cartwheel_catalog', '')`))).toEqual([
      'catalog',
    ]);

    expect(varnish.requests).toEqual([]);
    await ctx.app.jobs.start();
    await vi.waitFor(() => expect(varnish.requests).toHaveLength(1), { timeout: 5000 });
    expect(varnish.requests[0]).toMatchObject({ method: 'PURGE', path: '/' });
    expect(varnish.requests[0]?.headers['x-purge-tags']).toBe('catalog');
    // Two apps, five changes each waited for until every process has queued its purge: longer than
    // the default limit on a loaded machine.
  }, 120_000);

  it('queues nothing when the shop has no CDN to purge', async () => {
    const ctx = await suite.open();
    await createProduct(ctx.db, { name: 'Quiet Mug', slug: 'quiet-mug', price: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await purgeJobs()).toEqual([]);
  });
});
