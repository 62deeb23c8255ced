import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { withDatabase } from '../../../test/database-url.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { completeCheckout, payLocal, startCheckout, startCheckoutOk } from '../checkout/test-helpers.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const testApp = appPerTest();

/** The value of one series in a Prometheus text body (undefined when it is not there). */
function sample(body: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of body.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    if (wanted.every((w) => inside.split(',').includes(w))) return Number(line.slice(line.indexOf('}') + 2));
  }
  return undefined;
}

async function scrape(app: Awaited<ReturnType<typeof testApp.open>>['app']): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const { app } = await testApp.open();
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for the token when one is set', async () => {
    const { app } = await testApp.open({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('cartwheel_');
    }
  });

  it('counts requests by route template and status, with their latency', async () => {
    const { app, db } = await testApp.open({ METRICS_TOKEN: TOKEN });
    const product = await createProduct(db, { name: 'Counted' });
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: `/api/products/${product.slug}` })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/products/not-a-product' })).statusCode).toBe(404);
    const body = await scrape(app);
    const route = { method: 'GET', route: '/api/products/:slug' };
    expect(sample(body, 'cartwheel_http_requests_total', { ...route, status: '200' })).toBe(3);
    expect(sample(body, 'cartwheel_http_requests_total', { ...route, status: '404' })).toBe(1);
    expect(sample(body, 'cartwheel_http_request_duration_seconds_count', route)).toBe(4);
    // A raw URL never becomes a label (one series per product would have no end).
    expect(body).not.toContain(product.slug);
    // The catalog cache: the first read rendered, the next two came from memory.
    expect(
      sample(body, 'cartwheel_cache_lookups_total', { cache: 'catalog', result: 'miss' }),
    ).toBeGreaterThan(0);
    expect(
      sample(body, 'cartwheel_cache_lookups_total', { cache: 'catalog', result: 'hit' }),
    ).toBeGreaterThan(0);
    // Read when scraped: the job queue (every queue it has) and process figures.
    expect(sample(body, 'cartwheel_jobs', { queue: 'checkout-expire', state: 'failed' })).toBe(0);
    expect(body).toMatch(/^cartwheel_process_resident_memory_bytes/m);
  });

  it('counts checkout outcomes: sessions opened, refusals by reason, and payments', async () => {
    const { app, db } = await testApp.open({ METRICS_TOKEN: TOKEN });
    const product = await createProduct(db, { name: 'Last one', inventoryLevel: 1 });
    const buyer = await signUp(app);
    const late = await signUp(app);
    await addCartItem(db, buyer.id, product.id, 1);
    await addCartItem(db, late.id, product.id, 1);
    const { sessionId } = await startCheckoutOk(app, buyer.cookie);
    expect((await startCheckout(app, late.cookie)).statusCode).toBe(409);
    expect((await payLocal(app, sessionId)).statusCode).toBeLessThan(400);
    expect((await completeCheckout(app, buyer.cookie, sessionId)).statusCode).toBe(200);
    // Completing again records nothing new.
    expect((await completeCheckout(app, buyer.cookie, sessionId)).statusCode).toBe(200);

    const body = await scrape(app);
    expect(sample(body, 'cartwheel_checkout_outcomes_total', { outcome: 'session_created' })).toBe(1);
    expect(sample(body, 'cartwheel_checkout_outcomes_total', { outcome: 'insufficient_inventory' })).toBe(1);
    expect(sample(body, 'cartwheel_checkout_outcomes_total', { outcome: 'paid' })).toBe(1);
  });
});

describe("this process's database pool", () => {
  it("reports its size, and its own connections by state, not those of the shop's other processes", async () => {
    const { app, db } = await testApp.open({ METRICS_TOKEN: TOKEN, DATABASE_POOL_SIZE: '7' });
    expect(sample(await scrape(app), 'cartwheel_db_pool_size', {})).toBe(7);
    const url = process.env.TEST_DATABASE_URL;
    // The embedded database has one connection, and no other process.
    if (!url) return;
    const [here] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
    // Another process of the shop, named as every process was before each got a name of its own.
    const other = postgres(withDatabase(url, here?.name ?? ''), {
      max: 4,
      connection: { application_name: 'cartwheel' },
      onnotice: () => {},
    });
    try {
      const busy = Promise.all([1, 2, 3, 4].map(() => other`SELECT pg_sleep(2)`));
      const activeElsewhere = async () => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'cartwheel' AND state = 'active'`,
        );
        return row?.n ?? 0;
      };
      await expect.poll(activeElsewhere, { timeout: 5_000 }).toBe(4);
      const active = sample(await scrape(app), 'cartwheel_db_connections', { state: 'active' }) ?? 0;
      expect(active).toBeLessThan(4);
      await busy;
    } finally {
      await other.end({ timeout: 5 });
    }
  });
});

describe('health checks', () => {
  it('answers liveness without the database and readiness with it', async () => {
    const { app } = await testApp.open();
    const live = await app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    for (const url of ['/api/health/ready', '/api/health']) {
      const ready = await app.inject({ url });
      expect(ready.statusCode, url).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });
});
