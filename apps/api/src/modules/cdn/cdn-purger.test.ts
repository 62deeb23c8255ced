import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHttpServer } from '../../../test/fake-http.ts';
import { createCdnPurger } from './cdn-purger.ts';

// Each provider's purge-by-tag request, against a local server playing the provider: method, path,
// credentials and body as the provider documents them.

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function fake() {
  const server = await fakeHttpServer();
  servers.push(server);
  return server;
}

describe('CDN purgers', () => {
  it('is none by default: nothing to purge', () => {
    expect(createCdnPurger({ purge: 'none' })).toBeNull();
  });

  it('sends Varnish a PURGE with the tags (a ban by tag) to every configured instance', async () => {
    const [a, b] = [await fake(), await fake()];
    const purger = createCdnPurger({ purge: 'varnish', varnishUrls: [`${a.url}/`, `${b.url}/`] });
    await purger?.purge(['products', 'product-1']);
    for (const server of [a, b]) {
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]).toMatchObject({ method: 'PURGE', path: '/', body: '' });
      expect(server.requests[0]?.headers['x-purge-tags']).toBe('products product-1');
    }
  });

  it('calls Cloudflare purge_cache with the zone, the bearer token and at most 30 tags per call', async () => {
    const api = await fake();
    const purger = createCdnPurger(
      { purge: 'cloudflare', zoneId: 'zone123', apiToken: 'cf-token' },
      { cloudflareApi: `${api.url}/client/v4` },
    );
    const tags = Array.from({ length: 31 }, (_, i) => `product-${i}`);
    await purger?.purge(tags);
    expect(api.requests).toHaveLength(2);
    for (const req of api.requests) {
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/client/v4/zones/zone123/purge_cache');
      expect(req.headers.authorization).toBe('Bearer cf-token');
      expect(req.headers['content-type']).toBe('application/json');
    }
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual({ tags: tags.slice(0, 30) });
    expect(JSON.parse(api.requests[1]?.body ?? '')).toEqual({ tags: tags.slice(30) });
  });

  it("calls Fastly's batch surrogate-key purge with the service and the Fastly-Key", async () => {
    const api = await fake();
    const purger = createCdnPurger(
      { purge: 'fastly', serviceId: 'svc9', apiToken: 'fastly-token' },
      { fastlyApi: api.url },
    );
    await purger?.purge(['catalog', 'brand-2']);
    expect(api.requests).toHaveLength(1);
    const [req] = api.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/service/svc9/purge' });
    expect(req?.headers['fastly-key']).toBe('fastly-token');
    expect(JSON.parse(req?.body ?? '')).toEqual({ surrogate_keys: ['catalog', 'brand-2'] });
  });

  it('fails with the status when the provider refuses, so the job is retried', async () => {
    const api = await fake();
    api.status = 403;
    const purger = createCdnPurger(
      { purge: 'cloudflare', zoneId: 'z', apiToken: 'bad' },
      { cloudflareApi: api.url },
    );
    await expect(purger?.purge(['products'])).rejects.toThrow(/answered 403/);
  });

  it("stops with the job's signal: a purge aborted during its first batch sends no more", async () => {
    const job = new AbortController();
    let requests = 0;
    // The provider answers the first call only after the job's timeout has passed.
    const api = createServer((_req, res) => {
      requests += 1;
      job.abort(new Error('the job ran longer than 1 s'));
      res.end('{"success":true}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => new Promise<void>((resolve) => api.close(() => resolve())) });
    const purger = createCdnPurger(
      { purge: 'cloudflare', zoneId: 'z', apiToken: 't' },
      { cloudflareApi: `http://127.0.0.1:${(api.address() as AddressInfo).port}` },
    );
    const tags = Array.from({ length: 61 }, (_, i) => `product-${i}`);
    await expect(purger?.purge(tags, job.signal)).rejects.toThrow('the job ran longer than 1 s');
    expect(requests).toBe(1);
  });
});
