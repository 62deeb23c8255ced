import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** The channels the database's triggers notify on (migration 0008_change_notifications). */
const CHANNELS = {
  /** Anything the storefront's catalog reads show changed; no payload. */
  catalog: 'cartwheel_catalog',
  /** A user's sessions, account or profile changed; the payload is the user's id. */
  viewer: 'cartwheel_viewer',
} as const;

/** Our own markers for sync(): PostgreSQL delivers notifications in commit order. */
const SYNC_CHANNEL = 'cartwheel_sync';

export type ChangeChannel = keyof typeof CHANNELS;

/**
 * A handler gets the notification's payload, or `null` when notifications may have been missed
 * (the listening connection was re-established) and everything it keeps must go.
 */
export type ChangeHandler = (payload: string | null) => void;

/**
 * Committed database changes, as PostgreSQL announces them to every server process through
 * LISTEN/NOTIFY. In-process caches subscribe and drop what a change made stale
 * (docs/decisions/0012-read-caches.md).
 */
export interface ChangeFeed {
  /** False when nothing listens: a cache must then keep nothing. */
  readonly live: boolean;
  on(channel: ChangeChannel, handler: ChangeHandler): void;
  /**
   * Resolves once every change committed before the call has been heard (and handled). Tests use it
   * to read their own writes at once; a server hears changes within milliseconds anyway.
   */
  sync(): Promise<void>;
}

/** A feed that hears nothing: caches built on it stay off. */
export const silentChangeFeed: ChangeFeed = { live: false, on() {}, sync: async () => {} };

/** LISTENs on every channel; resolves once the LISTENs are in place. */
export async function openChangeFeed(database: Pick<Database, 'db' | 'listen'>): Promise<ChangeFeed> {
  const handlers = new Map<ChangeChannel, Set<ChangeHandler>>();
  const emit = (channel: ChangeChannel, payload: string | null) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };
  for (const channel of Object.keys(CHANNELS) as ChangeChannel[]) {
    handlers.set(channel, new Set());
    let listening = false;
    await database.listen(
      CHANNELS[channel],
      (payload) => emit(channel, payload),
      () => {
        // The first call is the LISTEN itself; later ones are reconnects, after a gap.
        if (listening) emit(channel, null);
        listening = true;
      },
    );
  }
  const waiting = new Map<string, () => void>();
  await database.listen(
    SYNC_CHANNEL,
    (token) => {
      waiting.get(token)?.();
      waiting.delete(token);
    },
    // After a reconnect a marker may be lost: release every waiter rather than hang.
    () => {
      for (const release of waiting.values()) release();
      waiting.clear();
    },
  );
  return {
    live: true,
    on(channel, handler) {
      handlers.get(channel)?.add(handler);
    },
    async sync() {
      const token = randomUUID();
      const heard = new Promise<void>((resolve) => waiting.set(token, resolve));
      await database.db.execute(sql`SELECT pg_notify(${SYNC_CHANNEL}, ${token})`);
      await heard;
    },
  };
}
