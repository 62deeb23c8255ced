import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What may be kept of a public read (docs/decisions/0036-shared-http-caching.md). Browsers revalidate
 * every time (max-age=0: an edit shows on the shopper's next read, a 304 costs no body) and are never
 * told they may show a stale copy; shared caches keep it for five minutes unless a purge by tag drops
 * it first.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';

/**
 * The same for CDNs only (RFC 9213 `CDN-Cache-Control`, which browsers ignore): they may also serve
 * the copy a minute past its five while they fetch it again. deploy/varnish reads it for its grace.
 */
export const CDN_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';

/** Anything personal, and every /api answer that did not say otherwise. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** A tag names one thing a response shows (`product-<id>`) or one list (`products`). */
const TAG = /^[a-z0-9-]{1,100}$/;

export function isCacheTag(tag: string): boolean {
  return TAG.test(tag);
}

/**
 * Marks a response as the same for every visitor: shared caches may keep it, filed under `tags` in
 * both header forms (Surrogate-Key for Varnish and Fastly, space-separated; Cache-Tag for
 * Cloudflare, comma-separated), so a purge of one tag drops it.
 */
export function markShared(reply: FastifyReply, tags: readonly string[]): FastifyReply {
  const valid = tags.filter(isCacheTag);
  return reply
    .header('cache-control', SHARED_CACHE_CONTROL)
    .header('cdn-cache-control', CDN_CACHE_CONTROL)
    .header('surrogate-key', valid.join(' '))
    .header('cache-tag', valid.join(','));
}

/**
 * Every /api answer that did not choose a Cache-Control is `private, no-store`, so a new route cannot
 * leak into a shared cache; an answer that sets a cookie is private whatever it chose, and loses its
 * CDN header and tags.
 */
export function registerPrivateByDefault(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('set-cookie')) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      reply.removeHeader('cdn-cache-control');
      reply.removeHeader('surrogate-key');
      reply.removeHeader('cache-tag');
    } else if (!reply.hasHeader('cache-control') && isApiPath(request.url)) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
    done(null, payload);
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
