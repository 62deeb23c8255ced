import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CDN_CACHE_CONTROL,
  markShared,
  PRIVATE_CACHE_CONTROL,
  registerPrivateByDefault,
  SHARED_CACHE_CONTROL,
} from './http-cache.ts';

function appWithRoutes() {
  const app = Fastify();
  registerPrivateByDefault(app);
  app.get('/api/shared', (_request, reply) => markShared(reply, ['catalog']).send({ ok: true }));
  app.get('/api/shared-with-cookie', (_request, reply) =>
    markShared(reply, ['catalog']).header('set-cookie', 'session=1; HttpOnly').send({ ok: true }),
  );
  return app;
}

describe('shared caching headers', () => {
  it('tells browsers to revalidate, never to show a stale copy; stale-while-revalidate is for CDNs only', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/api/shared' });
    expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
    expect(res.headers['cache-control']).not.toMatch(/stale/);
    expect(res.headers['cdn-cache-control']).toBe(CDN_CACHE_CONTROL);
    expect(res.headers['surrogate-key']).toBe('catalog');
  });

  it('makes a shared answer that sets a cookie private, without its CDN header or tags', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/api/shared-with-cookie' });
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers['cdn-cache-control']).toBeUndefined();
    expect(res.headers['surrogate-key']).toBeUndefined();
    expect(res.headers['cache-tag']).toBeUndefined();
  });
});
