import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/concurrency.ts';
import { handFeed } from '../../test/hand-feed.ts';
import { preferredEncoding, ReadCache } from './read-cache.ts';

function counter(text = 'body') {
  let calls = 0;
  return {
    render: async () => `${text}-${++calls}`,
    get calls() {
      return calls;
    },
  };
}

const options = { maxBytes: 1 << 20, ttlMs: 60_000, channel: 'catalog' } as const;

describe('ReadCache', () => {
  it('keeps a rendered body until a change is announced, with a stable ETag', async () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache({ ...options, feed });
    const r = counter();
    const first = await cache.get('k', r.render);
    const second = await cache.get('k', r.render);
    expect(second.body.toString()).toBe('body-1');
    expect(second.etag).toBe(first.etag);
    expect(r.calls).toBe(1);

    announce();
    const third = await cache.get('k', r.render);
    expect(third.body.toString()).toBe('body-2');
    expect(third.etag).not.toBe(first.etag);
  });

  it('shares one render among concurrent misses of a key', async () => {
    const cache = new ReadCache({ ...options, feed: handFeed().feed });
    const r = counter();
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', r.render)));
    expect(r.calls).toBe(1);
    expect(new Set(bodies.map((b) => b.body.toString()))).toEqual(new Set(['body-1']));
  });

  it('does not keep a render that started before a change (it may have read the old rows)', async () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache({ ...options, feed });
    const slow = deferred<string>();
    const before = cache.get('k', () => slow.promise);
    announce(); // the change commits while the render is still running
    // A read after the change does not join the stale render.
    const after = cache.get('k', async () => 'new');
    slow.resolve('old');
    expect((await before).body.toString()).toBe('old');
    expect((await after).body.toString()).toBe('new');
    expect((await cache.get('k', async () => 'not called')).body.toString()).toBe('new');
  });

  it('a reconnect of the listener (null payload) empties it too', async () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache({ ...options, feed });
    const r = counter();
    await cache.get('k', r.render);
    announce(null);
    await cache.get('k', r.render);
    expect(r.calls).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = new ReadCache({ ...options, feed: handFeed().feed });
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', async () => 'ok')).body.toString()).toBe('ok');
  });

  it('keeps nothing without a live feed or with no memory', async () => {
    for (const cache of [
      new ReadCache({ ...options, feed: handFeed(false).feed }),
      new ReadCache({ ...options, maxBytes: 0, feed: handFeed().feed }),
    ]) {
      const r = counter();
      await cache.get('k', r.render);
      await cache.get('k', r.render);
      expect(r.calls).toBe(2);
    }
  });

  it('stays within its memory budget, dropping the least recently used', async () => {
    const cache = new ReadCache({ ...options, maxBytes: 3_000, feed: handFeed().feed });
    const big = 'x'.repeat(900);
    const r = { a: counter(big), b: counter(big), c: counter(big), d: counter(big) };
    await cache.get('a', r.a.render);
    await cache.get('b', r.b.render);
    await cache.get('c', r.c.render);
    await cache.get('a', r.a.render); // a is used again: b is now the oldest
    await cache.get('d', r.d.render);
    await cache.get('a', r.a.render);
    await cache.get('b', r.b.render);
    expect(r.a.calls).toBe(1);
    expect(r.b.calls).toBe(2);
  });
});

describe('sendRendered compression', () => {
  it('picks br, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
