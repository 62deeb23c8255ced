import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres, { type Sql as PostgresClient } from 'postgres';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { installJobQueue } from '../modules/jobs/install.ts';
import { runStatement } from './driver-internals.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. Services take this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Our migrations, then the job queue's tables and queues (modules/jobs/install.ts). */
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel: `onNotify` gets each payload; `onListen` runs once the LISTEN is in place
   * and again after every reconnect of the listening connection (notifications may have been missed).
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen: () => void): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when unset the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for the embedded database; unset = in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** false behind a pooler in transaction mode: no statement is prepared (default true). */
  prepare?: boolean | undefined;
  /** A URL straight to PostgreSQL for LISTEN, when `url` goes through a transaction pooler. */
  directUrl?: string | undefined;
  /** A PGlite data-dir dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
}

/** The database settings of the configuration (config.ts). */
interface DatabaseConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  databasePrepare: boolean;
  databaseDirectUrl: string | undefined;
}

/**
 * How every command of the API (the server, create-admin) opens the configured database: behind a
 * transaction pooler without prepared statements, and with its session-level work (the migration
 * lock, LISTEN) on the direct URL. `poolSize` overrides the configured pool.
 */
export function databaseOptions(config: DatabaseConfig, poolSize = config.databasePoolSize): DatabaseOptions {
  return {
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize,
    prepare: config.databasePrepare,
    directUrl: config.databaseDirectUrl,
  };
}

/**
 * The name this process's pool gives its connections (PostgreSQL's application_name): the host and
 * the process id, so that the metrics count this process's own connections (metrics/sources.ts).
 */
export const POOL_APPLICATION_NAME = `cartwheel ${hostname()}:${process.pid}`.slice(0, 63);

/** The advisory lock key migrations run under (any number no other code uses as a lock). */
const MIGRATION_LOCK = 7_147_001;

/** Opens the embedded PGlite database or a PostgreSQL pool, with the same schema and migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const lockUrl = options.directUrl ?? options.url;
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: POOL_APPLICATION_NAME },
      // Behind a pooler in transaction mode (prepare false): no statement prepared, and none sent
      // behind another on a busy connection. PgBouncer hands the server back at the first query's end,
      // so a query pipelined after it lost its answer and its caller waited forever.
      ...(options.prepare === false ? { prepare: false, max_pipeline: 0 } : {}),
    });
    // LISTEN holds a session, which a pooler in transaction mode does not keep: its own connection.
    const listener = options.directUrl
      ? postgres(options.directUrl, {
          max: 1,
          onnotice: () => {},
          connection: { application_name: 'cartwheel-listen' },
        })
      : client;
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Several processes may start on one new database at once (compose's web and worker
        // containers): one migrates while the others wait, then find nothing left to do. The lock
        // is a session's, so it is taken on a connection of its own, straight to PostgreSQL.
        const locker = postgres(lockUrl, { max: 1, onnotice: () => {} });
        try {
          await locker`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
          await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_DIR });
          await installJobQueue(db);
        } finally {
          await locker.end({ timeout: 5 });
        }
      },
      // postgres.js keeps one extra connection for LISTEN, reconnects it and calls onListen again.
      listen: async (channel, onNotify, onListen) => {
        await listener.listen(channel, onNotify, onListen);
      },
      close: async () => {
        if (listener !== client) await listener.end({ timeout: 5 });
        await client.end({ timeout: 5 });
      },
    };
  }
  // The embedded database (WebAssembly) loads only when it is used.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  let dir: string | undefined;
  if (options.dataDir) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      await installJobQueue(db);
    },
    // One in-process connection: notifications of its own commits arrive after each query.
    listen: async (channel, onNotify, onListen) => {
      await client.listen(channel, onNotify);
      onListen();
    },
    close: () => client.close(),
  };
}

/**
 * The driver's own client behind a database openDatabase opened (Drizzle's public `$client`): the
 * postgres.js pool or the PGlite instance. A transaction has none.
 */
export function driverClient(db: Db | Tx): PostgresClient | PGlite | undefined {
  return (db as { $client?: PostgresClient | PGlite }).$client;
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs raw SQL and returns its rows, whichever driver is behind `db`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows for hot statements whose text never changes (only their parameters): on PostgreSQL each
 * connection parses the statement once and reuses it, and after a few runs PostgreSQL keeps a generic
 * plan, so the statement is no longer planned on every call (planning a join of a few tables costs
 * more than running it). Drizzle's execute() sends unnamed statements, planned every time.
 */
export function queryPrepared<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return runStatement<T>(db, dialect.sqlToQuery(query), true);
}

/** A text is prepared once it has been run this many times: a one-off costs no plan cache. */
const PREPARE_AFTER_RUNS = 3;
/** At most this many texts are prepared per process (each connection keeps its own copy of each). */
const MAX_PREPARED_TEXTS = 16;
/** Texts counted at once; past this, the counts of texts not prepared start again from zero. */
const MAX_COUNTED_TEXTS = 256;
/** Runs per statement text so far; `prepared` once it is run as a prepared statement. */
const textRuns = new Map<string, number | 'prepared'>();
let preparedTexts = 0;

/**
 * queryRows for statements built from a query in a few shapes (the search with its filters): every
 * value is a parameter, so each shape is one text, and a text that recurs is run as queryPrepared runs
 * it, so PostgreSQL may keep its plan instead of planning the statement on every run. A text is
 * prepared from its PREPARE_AFTER_RUNS-th run, and at most MAX_PREPARED_TEXTS texts ever are: every
 * connection of the pool keeps every prepared statement with its plan (hundreds of kilobytes for the
 * search), so rare shapes, or a stream of made-up ones, are planned each time instead
 * (docs/decisions/0056-prepared-search.md).
 */
export async function queryRecurring<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const runs = textRuns.get(built.sql);
  if (runs === 'prepared') return runStatement<T>(db, built, true);
  const next = (runs ?? 0) + 1;
  if (next >= PREPARE_AFTER_RUNS && preparedTexts < MAX_PREPARED_TEXTS) {
    textRuns.set(built.sql, 'prepared');
    preparedTexts += 1;
    return runStatement<T>(db, built, true);
  }
  if (runs === undefined && textRuns.size >= MAX_COUNTED_TEXTS) {
    for (const [text, count] of textRuns) if (count !== 'prepared') textRuns.delete(text);
  }
  textRuns.set(built.sql, next);
  return runStatement<T>(db, built, false);
}
