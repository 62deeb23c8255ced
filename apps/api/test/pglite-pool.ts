import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';

/**
 * One PGlite per test process, emptied back to the migrated template between test files: starting a
 * PGlite from the template's dump costs several times more than emptying the tables a file wrote.
 * A file that changed the schema (a table, column, function or trigger created, dropped or altered)
 * leaves a database that is closed instead, and the next file starts from the dump again.
 */

/** The schemas whose tables the app and the job queue write. */
const DATA_SCHEMAS = ['public', 'pgboss'];

/** Counts and row versions of the catalogs any schema change writes to (emptying tables does not). */
const SCHEMA_FINGERPRINT = `SELECT concat_ws(':',
  (SELECT count(*) || '/' || max(oid::text::bigint) FROM pg_class),
  (SELECT count(*) || '/' || sum(xmin::text::bigint) FROM pg_attribute),
  (SELECT count(*) || '/' || sum(xmin::text::bigint) FROM pg_proc),
  (SELECT count(*) || '/' || sum(xmin::text::bigint) FROM pg_trigger),
  (SELECT count(*) || '/' || sum(xmin::text::bigint) FROM pg_constraint),
  (SELECT count(*) || '/' || sum(xmin::text::bigint) FROM pg_type)) AS fingerprint`;

/** What a template database holds besides its schema: the rows and sequence values migrations wrote. */
interface Template {
  fingerprint: string;
  /** Every table of DATA_SCHEMAS, quoted, partitions left to their parent. */
  tables: string[];
  /** The template's rows of the tables migrations filled, as JSON. */
  rows: Map<string, string>;
  /** setval() calls that put every sequence back where the template had it. */
  sequences: string;
}

/** This process's database kept between files, and what its template holds. */
interface Pool {
  client?: PGlite | undefined;
  busy: boolean;
  template?: Template;
}

/** Kept on globalThis: a test process that loads this module again still finds its database. */
const POOL = Symbol.for('cartwheel.test.pglite');
const holder = globalThis as { [POOL]?: Pool };
holder[POOL] ??= { busy: false };
const pool: Pool = holder[POOL];

let templateBytes: Buffer | undefined;

async function openFromDump(path: string): Promise<PGlite> {
  templateBytes ??= readFileSync(path);
  return PGlite.create({ extensions: { pg_trgm }, loadDataDir: new Blob([templateBytes]) });
}

async function readTemplate(client: PGlite): Promise<Template> {
  const { rows: fp } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  const { rows: relations } = await client.query<{ name: string; kind: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'S') AND NOT c.relispartition
      ORDER BY 1`,
    [DATA_SCHEMAS],
  );
  const tables = relations.filter((r) => r.kind !== 'S').map((r) => r.name);
  const rows = new Map<string, string>();
  for (const table of await nonEmpty(client, tables)) {
    const { rows: json } = await client.query<{ rows: string }>(
      `SELECT json_agg(t)::text AS rows FROM ${table} t`,
    );
    rows.set(table, json[0]?.rows ?? '[]');
  }
  const calls: string[] = [];
  for (const { name } of relations.filter((r) => r.kind === 'S')) {
    const { rows: seq } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${name}`,
    );
    const value = seq[0];
    if (value) calls.push(`setval('${name.replaceAll("'", "''")}', ${value.last_value}, ${value.is_called})`);
  }
  return {
    fingerprint: fp[0]?.fingerprint ?? '',
    tables,
    rows,
    sequences: calls.length ? `SELECT ${calls.join(', ')}` : '',
  };
}

async function nonEmpty(client: PGlite, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const probes = tables.map((table, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${table})`);
  const { rows } = await client.query<{ i: number }>(probes.join(' UNION ALL '));
  return rows.map((r) => tables[r.i] as string);
}

/** Empties what a test file wrote; false when the file changed the schema (the database is then dropped). */
async function reset(client: PGlite, template: Template): Promise<boolean> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  if (rows[0]?.fingerprint !== template.fingerprint) return false;
  // The tables with rows now, and those the template has rows in (a file may have deleted them).
  const written = [...new Set([...(await nonEmpty(client, template.tables)), ...template.rows.keys()])];
  // Replica role: no trigger fires (a TRUNCATE trigger of one table would touch another being emptied).
  await client.exec('SET session_replication_role = replica');
  if (written.length) await client.exec(`TRUNCATE ${written.join(', ')} CASCADE`);
  for (const [table, json] of template.rows) {
    await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [
      json,
    ]);
  }
  if (template.sequences) await client.exec(template.sequences);
  await client.exec('RESET session_replication_role');
  // Session state a file may leave: settings, temporary tables, advisory locks, prepared statements.
  await client.exec('DISCARD ALL');
  return true;
}

/**
 * A test file's view of a PGlite: every call refused once the file has closed its database, so
 * work left running by a closed app fails as it would on a closed database, and never writes into
 * the next file's.
 */
function guarded(client: PGlite): { client: PGlite; revoke(): void } {
  let revoked = false;
  const proxy = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (revoked) throw new Error('this test database was closed');
        return value.apply(target, args);
      };
    },
  });
  return { client: proxy, revoke: () => (revoked = true) };
}

/** A migrated, empty PGlite database: the process's own when free, else a fresh one from the dump. */
export async function openPgliteTestDatabase(dumpPath: string): Promise<Database> {
  let client: PGlite;
  if (pool.client && !pool.busy && !pool.client.closed) {
    client = pool.client;
    pool.busy = true;
  } else {
    client = await openFromDump(dumpPath);
    // Read from a database no test has written to yet.
    pool.template ??= await readTemplate(client);
  }
  const view = guarded(client);
  const db = drizzle(view.client, { schema }) as unknown as Db;
  const unlistens: Array<() => Promise<void>> = [];
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => Promise.reject(new Error('a test database is migrated already')),
    listen: async (channel, onNotify, onListen) => {
      unlistens.push(await view.client.listen(channel, onNotify));
      onListen();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      view.revoke();
      for (const unlisten of unlistens) await unlisten();
      await release(client);
    },
  };
}

/** Empties a closed file's database and keeps it for the next file, or closes it. */
async function release(client: PGlite): Promise<void> {
  const own = pool.client === client;
  const free = !pool.client || pool.client.closed;
  if ((own || free) && pool.template && (await reset(client, pool.template).catch(() => false))) {
    pool.client = client;
    pool.busy = false;
    return;
  }
  if (own) pool.client = undefined;
  await client.close();
}
