import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeChannel, ChangeFeed } from './change-feed.ts';

/** A rendered response body with its strong validator. */
export interface RenderedBody {
  body: Buffer;
  etag: string;
}

export interface ReadCacheOptions {
  /** Memory budget for bodies and keys; 0 keeps nothing (every read renders). */
  maxBytes: number;
  /** Upper bound on an entry's age, in case a notification is ever missed. */
  ttlMs: number;
  feed: ChangeFeed;
  /** Any notification on this channel empties the cache. */
  channel: ChangeChannel;
}

export function renderedBody(text: string): RenderedBody {
  const body = Buffer.from(text);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Rendered read responses kept in memory until the database announces a change
 * (docs/decisions/0012-read-caches.md). Concurrent misses of one key share one render. A render that
 * started before a change is returned to its callers but not kept, so nothing stale outlives the
 * notification. Without a live change feed the cache keeps nothing.
 */
export class ReadCache {
  readonly #entries: LRUCache<string, RenderedBody> | undefined;
  readonly #pending = new Map<string, Promise<RenderedBody>>();
  #generation = 0;

  constructor(options: ReadCacheOptions) {
    if (options.maxBytes > 0 && options.feed.live) {
      this.#entries = new LRUCache<string, RenderedBody>({
        maxSize: options.maxBytes,
        sizeCalculation: (value, key) => value.body.length + value.etag.length + key.length + 64,
        ttl: options.ttlMs,
      });
    }
    options.feed.on(options.channel, () => this.clear());
  }

  /** Forgets everything, including renders still running. */
  clear(): void {
    this.#generation++;
    this.#entries?.clear();
    this.#pending.clear();
  }

  /** The kept body for `key`, or `render()`'s result (kept when nothing changed meanwhile). */
  get(key: string, render: () => Promise<string>): Promise<RenderedBody> {
    const entries = this.#entries;
    if (!entries) return render().then(renderedBody);
    const hit = entries.get(key);
    if (hit) return Promise.resolve(hit);
    const running = this.#pending.get(key);
    if (running) return running;
    const generation = this.#generation;
    const promise = render()
      .then(renderedBody)
      .then((rendered) => {
        if (generation === this.#generation) entries.set(key, rendered);
        return rendered;
      })
      .finally(() => {
        if (this.#pending.get(key) === promise) this.#pending.delete(key);
      });
    this.#pending.set(key, promise);
    return promise;
  }
}

/**
 * Sends a rendered body with its ETag; a request that already has it (If-None-Match) gets a 304.
 * Browsers revalidate every time (no-cache), so a change shows on the next read.
 */
export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: RenderedBody,
  contentType: string,
  status = 200,
): FastifyReply {
  reply.header('etag', rendered.etag).header('cache-control', 'no-cache').type(contentType);
  if (status === 200 && etagMatches(request.headers['if-none-match'], rendered.etag)) {
    return reply.code(304).send();
  }
  return reply.code(status).send(rendered.body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
