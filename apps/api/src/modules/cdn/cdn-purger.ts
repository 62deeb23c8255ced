import type { CdnConfig } from '../../config.ts';

/** Drops every cached response filed under any of the tags (docs/decisions/0036-shared-http-caching.md). */
export interface CdnPurger {
  readonly name: 'varnish' | 'cloudflare' | 'fastly';
  /** `signal` (the job's) stops the purge early. */
  purge(tags: readonly string[], signal?: AbortSignal): Promise<void>;
}

export interface PurgerOptions {
  /** Test seams: the providers' API roots (fake servers in tests). */
  cloudflareApi?: string;
  fastlyApi?: string;
  /** How long one purge request may take. */
  timeoutMs?: number;
}

/** Tags per request: Cloudflare takes up to 30 per purge call, Fastly 256 per batch purge. */
const BATCH = { varnish: 100, cloudflare: 30, fastly: 256 } as const;

/** The configured provider's purger, or null when the shop has no CDN to purge (CDN_PURGE=none). */
export function createCdnPurger(cdn: CdnConfig, options: PurgerOptions = {}): CdnPurger | null {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const send = async (url: string, init: RequestInit, stop: AbortSignal | undefined) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const res = await fetch(url, { ...init, signal: stop ? AbortSignal.any([stop, timeout]) : timeout });
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      throw new Error(`purge at ${new URL(url).host} answered ${res.status}${detail ? `: ${detail}` : ''}`);
    }
  };
  const inBatches =
    (size: number, each: (tags: string[], signal: AbortSignal | undefined) => Promise<void>) =>
    async (tags: readonly string[], signal?: AbortSignal) => {
      for (let i = 0; i < tags.length; i += size) {
        signal?.throwIfAborted();
        await each(tags.slice(i, i + size), signal);
      }
    };
  switch (cdn.purge) {
    case 'varnish':
      // deploy/varnish/default.vcl turns a PURGE with X-Purge-Tags into a ban on the Surrogate-Key header.
      return {
        name: 'varnish',
        purge: inBatches(BATCH.varnish, async (tags, signal) => {
          await Promise.all(
            cdn.varnishUrls.map((url) =>
              send(url, { method: 'PURGE', headers: { 'x-purge-tags': tags.join(' ') } }, signal),
            ),
          );
        }),
      };
    case 'cloudflare': {
      const api = options.cloudflareApi ?? 'https://api.cloudflare.com/client/v4';
      return {
        name: 'cloudflare',
        purge: inBatches(BATCH.cloudflare, (tags, signal) =>
          send(
            `${api}/zones/${encodeURIComponent(cdn.zoneId)}/purge_cache`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${cdn.apiToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({ tags }),
            },
            signal,
          ),
        ),
      };
    }
    case 'fastly': {
      const api = options.fastlyApi ?? 'https://api.fastly.com';
      return {
        name: 'fastly',
        purge: inBatches(BATCH.fastly, (tags, signal) =>
          send(
            `${api}/service/${encodeURIComponent(cdn.serviceId)}/purge`,
            {
              method: 'POST',
              headers: {
                'fastly-key': cdn.apiToken,
                'content-type': 'application/json',
                accept: 'application/json',
              },
              body: JSON.stringify({ surrogate_keys: tags }),
            },
            signal,
          ),
        ),
      };
    }
    default:
      return null;
  }
}
