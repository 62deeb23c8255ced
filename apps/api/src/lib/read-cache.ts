import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeChannel, ChangeFeed } from './change-feed.ts';
import { markShared } from './http-cache.ts';

/** A rendered response body with its strong validator, and its compressed forms once asked for. */
export interface RenderedBody {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /**
   * The cache tags of a body that is the same for every visitor: sent with it, shared caches may
   * keep it (docs/decisions/0036-shared-http-caching.md). Without tags, browsers and shared caches
   * revalidate every time.
   */
  tags?: readonly string[];
  /** The HTTP status the body goes out with when it is not 200 (a not-found page). */
  status?: number;
}

/** A body and its compressed forms, each made the first time a client asks for it. */
export type EncodedForms = Pick<RenderedBody, 'body' | 'br' | 'gzip'>;

/**
 * What a render returns: the body's text, with its cache tags when shared caches may keep it, and
 * its status when it is not 200.
 */
export type Rendered = string | { text: string; tags?: readonly string[]; status?: number };

/** Smaller bodies go out as they are (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;

export interface ReadCacheOptions {
  /** Memory budget for bodies and keys; 0 keeps nothing (every read renders). */
  maxBytes: number;
  /** Upper bound on an entry's age, in case a notification is ever missed. */
  ttlMs: number;
  feed: ChangeFeed;
  /** Any notification on this channel empties the cache. */
  channel: ChangeChannel;
  /** Told of every lookup: answered from memory (hit) or rendered (miss). */
  onLookup?: (hit: boolean) => void;
}

export function renderedBody(rendered: Rendered): RenderedBody {
  const body = Buffer.from(typeof rendered === 'string' ? rendered : rendered.text);
  // Weak: the same validator serves the identity, br and gzip forms of one body.
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  if (typeof rendered === 'string') return { body, etag };
  return {
    body,
    etag,
    ...(rendered.tags ? { tags: rendered.tags } : {}),
    ...(rendered.status ? { status: rendered.status } : {}),
  };
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
  readonly #onLookup: (hit: boolean) => void;
  #generation = 0;

  constructor(options: ReadCacheOptions) {
    this.#onLookup = options.onLookup ?? (() => {});
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
  get(key: string, render: () => Promise<Rendered>): Promise<RenderedBody> {
    const entries = this.#entries;
    const hit = entries?.get(key);
    this.#onLookup(hit !== undefined);
    if (!entries) return render().then(renderedBody);
    if (hit) return Promise.resolve(hit);
    const running = this.#pending.get(key);
    if (running) return running;
    const generation = this.#generation;
    const promise = render()
      .then(renderedBody)
      .then((rendered) => {
        if (generation === this.#generation) {
          entries.set(key, rendered);
          return rendered;
        }
        // Rendered across a change, maybe from the rows before it: a shared cache must not keep it
        // (the change's purge may already have gone by).
        const { tags: _stale, ...untagged } = rendered;
        return untagged;
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
 * Browsers revalidate every time, so a change shows on the next read; a 200 of a tagged body may be
 * kept by shared caches until its tags are purged.
 */
export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: RenderedBody,
  contentType: string,
  status = 200,
): FastifyReply {
  reply.header('etag', rendered.etag).type(contentType);
  if (rendered.tags && status === 200) markShared(reply, rendered.tags);
  else reply.header('cache-control', 'no-cache');
  if (status === 200 && etagMatches(request.headers['if-none-match'], rendered.etag)) {
    return reply.code(304).send();
  }
  reply.code(status);
  return sendEncoded(request, reply, rendered);
}

/**
 * Sends `forms.body` in the encoding the client prefers (br, else gzip), compressing it once: the
 * compressed form is kept in `forms` for the next send of the same body. For replies @fastify/compress
 * does not see (it leaves a reply alone when it already has a Content-Encoding, and it compresses
 * only routes, not the not-found handler that serves the storefront's pages).
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, forms: EncodedForms): FastifyReply {
  if (forms.body.length < COMPRESS_THRESHOLD) return reply.send(forms.body);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    forms.br ??= brotliCompressSync(forms.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: forms.body.length },
    });
    return reply.header('content-encoding', 'br').send(forms.br);
  }
  if (encoding === 'gzip') {
    forms.gzip ??= gzipSync(forms.body);
    return reply.header('content-encoding', 'gzip').send(forms.gzip);
  }
  return reply.send(forms.body);
}

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
