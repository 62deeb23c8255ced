import { describe, expect, it } from 'vitest';
import { startCheckoutOk } from '../apps/api/src/modules/checkout/test-helpers.ts';
import { addCartItem, createProduct } from '../apps/api/test/factories.ts';
import { signUp } from '../apps/api/test/sessions.ts';
import { createTestApp } from '../apps/api/test/test-app.ts';
import { checkFamilies, jobFigures, METRIC_FAMILIES, metricsRow, parseMetrics } from './metrics-check.mjs';

/** A scrape of every family with one sample each, `value` for all but those in `zero`. */
function scrapeText(zero: string[] = [], leaveOut: string[] = []): string {
  return METRIC_FAMILIES.filter((f) => !leaveOut.includes(f.name))
    .map((f) => {
      const value = zero.includes(f.name) ? 0 : 3;
      if (f.name.endsWith('_seconds'))
        return `# TYPE ${f.name} histogram\n${f.name}_bucket{le="0.1",route="/api/cart"} ${value}\n${f.name}_count{route="/api/cart"} ${value}`;
      return `# HELP ${f.name} something\n# TYPE ${f.name} gauge\n${f.name}{state="created",queue="cdn-purge"} ${value}`;
    })
    .join('\n');
}

const scrape = (server: string, role: string, text: string, statusWithoutToken = 401) => ({
  server,
  role,
  status: 200,
  statusWithoutToken,
  families: checkFamilies(text, role),
  jobs: jobFigures(text),
});

describe('parseMetrics', () => {
  it("groups a histogram's buckets, sum and count under its family and reads quoted labels", () => {
    const families = parseMetrics(
      [
        '# HELP cartwheel_http_request_duration_seconds Time to answer',
        '# TYPE cartwheel_http_request_duration_seconds histogram',
        'cartwheel_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/products/:slug"} 4',
        'cartwheel_http_request_duration_seconds_sum{method="GET",route="/api/products/:slug"} 0.012',
        'cartwheel_http_request_duration_seconds_count{method="GET",route="/api/products/:slug"} 4',
        '# TYPE cartwheel_jobs gauge',
        'cartwheel_jobs{queue="a \\"quoted\\" queue",state="failed"} 2 1700000000000',
        'undeclared_series 5',
      ].join('\n'),
    );
    expect([...families.keys()]).toEqual(['cartwheel_http_request_duration_seconds', 'cartwheel_jobs']);
    const histogram = families.get('cartwheel_http_request_duration_seconds');
    expect(histogram?.type).toBe('histogram');
    expect(histogram?.samples.map((s) => s.value)).toEqual([4, 0.012, 4]);
    expect(histogram?.samples[0]?.labels).toEqual({
      le: '0.005',
      method: 'GET',
      route: '/api/products/:slug',
    });
    expect(families.get('cartwheel_jobs')?.samples[0]).toEqual({
      name: 'cartwheel_jobs',
      labels: { queue: 'a \\"quoted\\" queue', state: 'failed' },
      value: 2,
    });
  });
});

describe('checkFamilies and metricsRow', () => {
  it('meets the target when a web process and the worker have samples in every family they own', () => {
    const web = scrapeText();
    const worker = scrapeText(['cartwheel_cache_lookups_total', 'cartwheel_checkout_outcomes_total']);
    const row = metricsRow([scrape('web 1', 'web', web), scrape('worker', 'worker', worker)]);
    expect(row.met).toBe(true);
    expect(row.figure).toBe('web 1 6/6; worker 4/4; jobs waiting 3, failed 0');
  });

  it('names a family with no samples or missing, and misses the target', () => {
    const text = scrapeText(['cartwheel_checkout_outcomes_total'], ['cartwheel_db_connections']);
    const families = checkFamilies(text, 'web');
    expect(families.find((f) => f.name === 'cartwheel_db_connections')).toMatchObject({
      present: false,
      nonZero: false,
    });
    const row = metricsRow([scrape('web 1', 'web', text)]);
    expect(row.met).toBe(false);
    expect(row.figure).toBe(
      'web 1 4/6 (none: db_connections, checkout_outcomes_total); jobs waiting 3, failed 0; no worker in this run',
    );
  });

  it('misses the target when /metrics answers without the token', () => {
    const row = metricsRow([scrape('web 1', 'web', scrapeText(), 200)]);
    expect(row.met).toBe(false);
    expect(row.figure).toContain('200 without the token');
  });

  it("finds every family in the API's own /metrics after reads, a checkout and a queued job", async () => {
    const token = 'metrics-token-for-the-bench-check-0123';
    const ctx = await createTestApp({ METRICS_TOKEN: token });
    const { app, db } = ctx;
    try {
      const product = await createProduct(db, { name: 'Scraped' });
      for (let i = 0; i < 2; i++) await app.inject({ url: `/api/products/${product.slug}` });
      const buyer = await signUp(app);
      await addCartItem(db, buyer.id, product.id, 1);
      await startCheckoutOk(app, buyer.cookie);
      await app.jobs.enqueue('cdn-purge', { tags: ['catalog'] });
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      const families = checkFamilies(res.body, 'web');
      expect(families.filter((f) => !f.present).map((f) => f.name)).toEqual([]);
      // The embedded database may list no connections by application name; PostgreSQL does.
      const empty = families.filter((f) => !f.nonZero && f.name !== 'cartwheel_db_connections');
      expect(empty.map((f) => f.name)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
