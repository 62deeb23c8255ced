import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { type Db, queryRows } from './client.ts';
import * as schema from './schema.ts';

/** Where a catalog read went: a replica, or the primary (no replica configured, or none caught up). */
export type ReadTarget = 'replica' | 'primary';

/**
 * Chooses the database for catalog and storefront reads (docs/decisions/0040-read-replicas.md).
 * Every other read and every write uses the primary.
 */
export interface ReadRouter {
  /** True when there are replicas to read from. */
  readonly replicated: boolean;
  /**
   * A replica that has replayed everything this process must see (round robin), else the primary.
   * Waits for a floor being raised (`raiseFloor`) first.
   */
  pick(): Promise<Db>;
  /**
   * From now on, reads need the primary's current WAL position: call after a write of this process
   * and on every change notification heard, before anything is read again for a cache.
   */
  raiseFloor(): Promise<void>;
  close(): Promise<void>;
}

/** Without replicas: every read on the primary, nothing to wait for. */
export function primaryReads(primary: Db, onPick: (target: ReadTarget) => void = () => {}): ReadRouter {
  return {
    replicated: false,
    pick: async () => {
      onPick('primary');
      return primary;
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

/** How long a replica found behind is not asked again: behind, reads go to the primary meanwhile. */
const RECHECK_MS = 20;

interface Replica {
  db: Db;
  close(): Promise<void>;
  /** The WAL position it had replayed when last asked. */
  replayed: bigint;
  checkedAt: number;
}

export interface ReplicaOptions {
  primary: Db;
  urls: readonly string[];
  poolSize: number;
  prepare: boolean;
  onPick?: (target: ReadTarget) => void;
}

/**
 * Pools to the replicas in `urls`. A read goes to a replica only when its replayed WAL position is at
 * least the floor: the primary's position after this process's last write or the last change it
 * heard of. The replica's position is asked again only when the floor has passed the one last seen,
 * so in a steady catalog a read costs no extra query.
 */
export function openReadReplicas(options: ReplicaOptions): ReadRouter {
  const onPick = options.onPick ?? (() => {});
  const replicas: Replica[] = options.urls.map((url) => {
    const client = postgres(url, {
      max: options.poolSize,
      onnotice: () => {},
      connection: { application_name: 'cartwheel-read' },
      ...(options.prepare ? {} : { prepare: false }),
    });
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Db,
      close: () => client.end({ timeout: 5 }),
      replayed: 0n,
      checkedAt: 0,
    };
  });
  let floor = 0n;
  let raising: Promise<void> = Promise.resolve();
  let next = 0;

  const caughtUp = async (replica: Replica): Promise<boolean> => {
    if (replica.replayed >= floor) return true;
    if (Date.now() - replica.checkedAt < RECHECK_MS) return false;
    replica.checkedAt = Date.now();
    try {
      // A server that is not in recovery (a primary given as a replica) has everything it wrote.
      const [row] = await queryRows<{ lsn: string | null }>(
        replica.db,
        sql`select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_insert_lsn() end)::text as lsn`,
      );
      if (row?.lsn) replica.replayed = parseLsn(row.lsn);
    } catch {
      // Unreachable: behind, until asked again.
    }
    return replica.replayed >= floor;
  };

  return {
    replicated: replicas.length > 0,
    async pick() {
      await raising;
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length]!;
        if (await caughtUp(replica)) {
          next = (next + i + 1) % replicas.length;
          onPick('replica');
          return replica.db;
        }
      }
      onPick('primary');
      return options.primary;
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
      await Promise.all(replicas.map((r) => r.close()));
    },
  };
}
