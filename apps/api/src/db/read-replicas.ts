import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { type Db, queryRows } from './client.ts';
import * as schema from './schema.ts';

/** Where a catalog read went: a replica, or the primary (no replica configured, or none caught up). */
export type ReadTarget = 'replica' | 'primary';

/** What the router reports, for /metrics. */
export interface ReadEvents {
  /** A read was sent to `target` (a read retried after a failed replica counts once per try). */
  picked(target: ReadTarget): void;
  /** A replica failed (refused, timed out, cancelled by recovery) and was set aside for a while. */
  replicaFailed(): void;
}

const noEvents: ReadEvents = { picked: () => {}, replicaFailed: () => {} };

/**
 * Chooses the database for catalog and storefront reads (docs/decisions/0040-read-replicas.md).
 * Every other read and every write uses the primary.
 */
export interface ReadRouter {
  /** True when there are replicas to read from. */
  readonly replicated: boolean;
  /**
   * Runs `query` on a replica that has replayed everything this process must see (round robin), else
   * on the primary. Waits for a floor being raised (`raiseFloor`) first. When the replica fails
   * (connection refused or lost, timeout, recovery conflict), the query runs again on another caught-up
   * replica or the primary, and the failed replica is set aside until a health check finds it back.
   * `query` must only read: it may run more than once.
   */
  read<T>(query: (db: Db) => Promise<T>): Promise<T>;
  /**
   * From now on, reads need the primary's current WAL position: call after a write of this process
   * and on every change notification heard, before anything is read again for a cache.
   */
  raiseFloor(): Promise<void>;
  close(): Promise<void>;
}

/** Without replicas: every read on the primary, nothing to wait for. */
export function primaryReads(primary: Db, events: ReadEvents = noEvents): ReadRouter {
  return {
    replicated: false,
    read: (query) => {
      events.picked('primary');
      return query(primary);
    },
    raiseFloor: async () => {},
    close: async () => {},
  };
}

/** A WAL position (`16/B374D848`) as a number, to compare. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** Driver codes of a connection that could not be made or was lost (postgres.js and Node's own). */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * SQLSTATEs that say the server, not the query, failed: connection exceptions (08...), shutting down
 * or starting up (57P01-57P03), too many connections (53300), a statement cancelled by its timeout
 * (57014) and recovery conflicts, which a standby reports as serialization failures or deadlocks
 * (40001, 40P01). The same query may well succeed on the primary.
 */
const SERVER_STATES = /^(08...|57P0[1-3]|53300|57014|40001|40P01)$/;

/** True when `error` (possibly wrapped by Drizzle) is the replica's failure rather than the query's. */
export function isReplicaFailure(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SERVER_STATES.test(code))) return true;
  }
  return false;
}

/** How long a replica found behind is not asked again: behind, reads go to the primary meanwhile. */
const RECHECK_MS = 20;
/** A failed replica is set aside this long, doubled on each failed health check up to the maximum. */
const SET_ASIDE_MS = 1000;
const MAX_SET_ASIDE_MS = 30_000;
/** A replica that does not answer in time counts as failed; the read goes to the primary. */
const CONNECT_TIMEOUT_S = 2;
const STATEMENT_TIMEOUT_MS = 15_000;

interface Replica {
  db: Db;
  close(): Promise<void>;
  /** The WAL position it had replayed when last asked. */
  replayed: bigint;
  checkedAt: number;
  /** Set aside after a failure: no read is sent to it until a health check has answered. */
  down: boolean;
  setAsideMs: number;
  probe: ReturnType<typeof setTimeout> | undefined;
}

export interface ReplicaOptions {
  primary: Db;
  urls: readonly string[];
  poolSize: number;
  prepare: boolean;
  events?: ReadEvents;
  /** Tests: how long a failed replica is first set aside (1 s). */
  setAsideMs?: number;
}

/**
 * Pools to the replicas in `urls`. A read goes to a replica only when its replayed WAL position is at
 * least the floor: the primary's position after this process's last write or the last change it
 * heard of. The replica's position is asked again only when the floor has passed the one last seen,
 * so in a steady catalog a read costs no extra query.
 */
export function openReadReplicas(options: ReplicaOptions): ReadRouter {
  const events = options.events ?? noEvents;
  const firstSetAside = options.setAsideMs ?? SET_ASIDE_MS;
  let closed = false;
  const replicas: Replica[] = options.urls.map((url) => {
    const client = postgres(url, {
      max: options.poolSize,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_S,
      connection: {
        application_name: 'cartwheel-read',
        statement_timeout: STATEMENT_TIMEOUT_MS,
      },
      ...(options.prepare ? {} : { prepare: false }),
    });
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Db,
      close: () => client.end({ timeout: 5 }),
      replayed: 0n,
      checkedAt: 0,
      down: false,
      setAsideMs: firstSetAside,
      probe: undefined,
    };
  });
  let floor = 0n;
  let raising: Promise<void> = Promise.resolve();
  let next = 0;

  /** Asks the replica how far it has replayed; throws when it cannot answer. */
  const askReplayed = async (replica: Replica) => {
    // A server that is not in recovery (a primary given as a replica) has everything it wrote.
    const [row] = await queryRows<{ lsn: string | null }>(
      replica.db,
      sql`select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_insert_lsn() end)::text as lsn`,
    );
    if (row?.lsn) replica.replayed = parseLsn(row.lsn);
  };

  /** No reads for a while; then a health check (the replay position) brings it back or doubles the wait. */
  const setAside = (replica: Replica) => {
    events.replicaFailed();
    if (replica.down || closed) return;
    replica.down = true;
    const check = (wait: number) => {
      replica.probe = setTimeout(() => {
        askReplayed(replica).then(
          () => {
            replica.down = false;
            replica.setAsideMs = firstSetAside;
            replica.checkedAt = Date.now();
          },
          () => {
            if (closed) return;
            replica.setAsideMs = Math.min(replica.setAsideMs * 2, MAX_SET_ASIDE_MS);
            check(replica.setAsideMs);
          },
        );
      }, wait);
      replica.probe.unref();
    };
    check(replica.setAsideMs);
  };

  const caughtUp = async (replica: Replica): Promise<boolean> => {
    if (replica.down) return false;
    if (replica.replayed >= floor) return true;
    if (Date.now() - replica.checkedAt < RECHECK_MS) return false;
    replica.checkedAt = Date.now();
    try {
      await askReplayed(replica);
    } catch (error) {
      // Behind until asked again; a replica that cannot answer is set aside.
      if (isReplicaFailure(error)) setAside(replica);
    }
    return replica.replayed >= floor;
  };

  /** The next caught-up replica not in `tried`, round robin, or undefined. */
  const choose = async (tried: ReadonlySet<Replica>): Promise<Replica | undefined> => {
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(next + i) % replicas.length]!;
      if (!tried.has(replica) && (await caughtUp(replica))) {
        next = (next + i + 1) % replicas.length;
        return replica;
      }
    }
    return undefined;
  };

  return {
    replicated: replicas.length > 0,
    async read(query) {
      await raising;
      const tried = new Set<Replica>();
      for (;;) {
        const replica = await choose(tried);
        if (!replica) {
          events.picked('primary');
          return query(options.primary);
        }
        events.picked('replica');
        try {
          return await query(replica.db);
        } catch (error) {
          if (!isReplicaFailure(error)) throw error;
          tried.add(replica);
          setAside(replica);
        }
      }
    },
    raiseFloor() {
      const raised = queryRows<{ lsn: string }>(
        options.primary,
        sql`select pg_current_wal_insert_lsn()::text as lsn`,
      ).then(([row]) => {
        const lsn = row ? parseLsn(row.lsn) : 0n;
        if (lsn > floor) floor = lsn;
      });
      // Reads wait for every raise under way; a failed one leaves the floor where it was.
      raising = Promise.all([raising, raised.catch(() => {})]).then(() => {});
      return raised;
    },
    close: async () => {
      closed = true;
      for (const replica of replicas) clearTimeout(replica.probe);
      await Promise.all(replicas.map((r) => r.close()));
    },
  };
}
