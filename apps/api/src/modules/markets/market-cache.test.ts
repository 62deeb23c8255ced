import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { handFeed } from '../../../test/hand-feed.ts';
import { queryRows } from '../../db/client.ts';
import { MarketsCache } from './market-cache.ts';

const suite = appPerFile();

describe('the markets cache', () => {
  it('keeps the markets when a product, category or brand changes, and reads them again after a markets change', async () => {
    const { db } = suite.ctx;
    const { feed, announce } = handFeed();
    const cache = new MarketsCache(feed);
    const first = await cache.resolve(db, undefined);
    expect(first.market.isBase).toBe(true);

    // A sale moves stock: the notification names the product, and the markets stay in memory.
    announce('product 3f2a6c1e-0000-4000-8000-000000000001');
    announce('category *');
    const kept = cache.state(db);
    announce('brand 3f2a6c1e-0000-4000-8000-000000000002');
    expect(cache.state(db)).toBe(kept);

    // Markets, rates and fixed prices notify without a payload (a lost feed says null): read again.
    announce('');
    const afterMarkets = cache.state(db);
    expect(afterMarkets).not.toBe(kept);
    announce(null);
    expect(cache.state(db)).not.toBe(afterMarkets);
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM markets`);
    expect((await cache.state(db)).markets).toHaveLength(count!.n);
  });
});
