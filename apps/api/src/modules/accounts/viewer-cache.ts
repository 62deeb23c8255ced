import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Viewer } from './viewer.ts';

export interface ViewerCacheOptions {
  /** The longest an entry is kept, should a notification ever be missed. */
  ttlMs: number;
  /** Most cookie headers kept (each entry is a few hundred bytes plus its key). */
  maxEntries: number;
  /** Memory budget for keys and entries, so long cookie headers cannot grow it unbounded. */
  maxBytes: number;
  feed: ChangeFeed;
}

interface Entry {
  viewer: Viewer;
  /** The session's own expiry (ms since epoch): an entry never outlives it. */
  expiresAt: number;
}

/**
 * Who a session cookie belongs to, kept in memory for a short while so a signed-in request does not
 * verify the cookie's signature and read the session, user and profile rows every time.
 *
 * Keyed by the request's whole Cookie header, the only input Better Auth's getSession reads, so an
 * entry answers exactly what getSession answered for the same header. Emptied through the database's
 * change feed: the triggers of migration 0008 announce every UPDATE or DELETE of a user's sessions,
 * account row or profile (sign-out, password reset, role change, two-factor) with the user's id, and
 * every entry of that user goes. A lookup that started before such a change is answered but not kept.
 * Without a live feed it keeps nothing. Only signed-in answers are kept (a miss for an unknown cookie
 * costs at most the signature check and one query, and is not worth memory an attacker could fill).
 */
export class ViewerCache {
  readonly #entries: LRUCache<string, Entry> | undefined;
  /** userId -> the keys of its entries, to drop them all on a notification. */
  readonly #keysByUser = new Map<string, Set<string>>();
  readonly #ttlMs: number;
  readonly #feed: ChangeFeed;
  #generation = 0;

  constructor(options: ViewerCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#feed = options.feed;
    if (options.feed.live && options.ttlMs > 0 && options.maxEntries > 0) {
      this.#entries = new LRUCache<string, Entry>({
        max: options.maxEntries,
        maxSize: options.maxBytes,
        sizeCalculation: (_entry, key) => key.length * 2 + 512,
        ttl: options.ttlMs,
        dispose: (entry, key) => this.#unindex(entry.viewer.userId, key),
      });
    }
    options.feed.on('viewer', (userId) => (userId ? this.dropUser(userId) : this.clear()));
  }

  /** True when entries are kept at all (a live change feed). */
  get enabled(): boolean {
    return this.#entries !== undefined;
  }

  /** The kept viewer for this Cookie header, or `load()`'s answer (kept when nothing changed meanwhile). */
  async get(
    cookieHeader: string,
    load: () => Promise<{ viewer: Viewer; expiresAt: Date } | null>,
  ): Promise<Viewer | null> {
    const entries = this.#entries;
    if (!entries) return (await load())?.viewer ?? null;
    const hit = entries.get(cookieHeader);
    if (hit && hit.expiresAt > Date.now()) return hit.viewer;
    const generation = this.#generation;
    const loaded = await load();
    if (!loaded) return null;
    const ttl = Math.min(this.#ttlMs, loaded.expiresAt.getTime() - Date.now());
    // A change announced while the lookup ran may not be in what it read: answer it, keep nothing.
    if (generation === this.#generation && ttl > 0) {
      entries.set(cookieHeader, { viewer: loaded.viewer, expiresAt: loaded.expiresAt.getTime() }, { ttl });
      const keys = this.#keysByUser.get(loaded.viewer.userId) ?? new Set<string>();
      keys.add(cookieHeader);
      this.#keysByUser.set(loaded.viewer.userId, keys);
    }
    return loaded.viewer;
  }

  /** Forgets every entry of one user (their sessions, account or profile changed). */
  dropUser(userId: string): void {
    this.#generation++;
    const keys = this.#keysByUser.get(userId);
    if (!keys) return;
    for (const key of [...keys]) this.#entries?.delete(key);
    this.#keysByUser.delete(userId);
  }

  /** Forgets the entry of one Cookie header (its session was just ended in this process). */
  drop(cookieHeader: string): void {
    this.#generation++;
    this.#entries?.delete(cookieHeader);
  }

  /** Forgets everything (notifications may have been missed). */
  clear(): void {
    this.#generation++;
    this.#entries?.clear();
    this.#keysByUser.clear();
  }

  /**
   * Resolves once every change committed so far has been heard, so the entries it made stale are gone.
   * Routes that change accounts wait for it before answering: the next request, in this process, is
   * then answered from the database's new state.
   */
  async settle(): Promise<void> {
    if (this.#entries) await this.#feed.sync();
  }

  #unindex(userId: string, key: string): void {
    const keys = this.#keysByUser.get(userId);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.#keysByUser.delete(userId);
  }
}
