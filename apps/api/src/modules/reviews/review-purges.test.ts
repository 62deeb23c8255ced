import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';

// Published reviews are part of the product's cached page: a review that is, was or becomes published
// purges the product's tag (the trigger on product_reviews); a pending one purges nothing.

const suite = appPerTest();

async function purgeJobs(): Promise<string[][]> {
  const rows = await queryRows<{ data: { tags: string[] } }>(
    suite.ctx.db,
    sql`SELECT data FROM pgboss.job WHERE name = 'cdn-purge' ORDER BY created_on`,
  );
  return rows.map((row) => row.data.tags);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CDN purges of review changes', () => {
  it("purges the product's tag when a review is published or hidden, and nothing for a pending one", async () => {
    const ctx = await suite.open({ CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'http://127.0.0.1:9/' });
    const product = await createProduct(ctx.db, { slug: 'purged-by-review' });
    await pause(800);
    await ctx.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'cdn-purge'`);

    const [review] = await queryRows<{ id: string }>(
      ctx.db,
      sql`INSERT INTO product_reviews (product_id, email, author_name, rating, title, body)
        VALUES (${product.id}, 'pending@example.com', 'Pat', 4, 'Fine', 'Does the job.') RETURNING id`,
    );
    await pause(800);
    expect(await purgeJobs()).toEqual([]);

    await ctx.db.execute(
      sql`UPDATE product_reviews SET status = 'published', published_at = now() WHERE id = ${review!.id}`,
    );
    await vi.waitFor(async () => expect(await purgeJobs()).toHaveLength(1), { timeout: 3000 });
    expect((await purgeJobs())[0]).toEqual(expect.arrayContaining([`product-${product.id}`]));
    expect((await purgeJobs())[0]).not.toContain('catalog');

    await ctx.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'cdn-purge'`);
    await ctx.db.execute(sql`UPDATE product_reviews SET status = 'hidden' WHERE id = ${review!.id}`);
    await vi.waitFor(async () => expect(await purgeJobs()).toHaveLength(1), { timeout: 3000 });
    expect((await purgeJobs())[0]).toEqual(expect.arrayContaining([`product-${product.id}`]));
  });
});
