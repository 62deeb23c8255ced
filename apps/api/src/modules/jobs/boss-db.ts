import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import { type Db, driverClient, type Tx } from '../../db/client.ts';
import { runStatement } from '../../db/driver-internals.ts';

/** What pg-boss calls to run its SQL (its `db` option): text with $1..$n and the values. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

type Row = Record<string, unknown>;

/** A JavaScript value as pg-boss's own driver (pg) would send it: text, JSON or an array literal. */
function param(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    return `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** The rows of a postgres.js result; of the last command when the text held several. */
function lastRows(result: unknown): Row[] {
  const results = result as unknown[];
  const last = Array.isArray(results[0]) ? results.at(-1) : results;
  return [...((last as Row[] | undefined) ?? [])];
}

/**
 * Runs a text of several commands without values (pg-boss's schema and maintenance: BEGIN; ...;
 * COMMIT;). postgres.js refuses BEGIN on a pooled connection but not on a reserved one. A failed
 * command leaves its transaction open and aborted, so it is rolled back before the connection is
 * used again (PGlite has only the one).
 */
async function runScript(client: Sql | PGlite, text: string): Promise<Row[]> {
  if ('reserve' in client) {
    const connection = await client.reserve();
    try {
      return lastRows(await connection.unsafe(text));
    } catch (error) {
      await connection.unsafe('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  }
  try {
    const results = await client.exec(text);
    return results.at(-1)?.rows ?? [];
  } catch (error) {
    await client.exec('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * pg-boss on our own connection: the PostgreSQL pool (postgres.js) or the embedded PGlite, or the
 * caller's transaction, so a job sent with it commits or rolls back with the caller's writes.
 */
export function bossDb(db: Db | Tx): BossDb {
  const client = driverClient(db);
  return {
    async executeSql(text, values) {
      if (!values?.length && client) return { rows: await runScript(client, text) };
      return { rows: await runStatement<Row>(db, { sql: text, params: values?.map(param) ?? [] }, false) };
    },
  };
}
