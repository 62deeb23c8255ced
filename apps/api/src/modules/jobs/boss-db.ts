import type { Db, Tx } from '../../db/client.ts';

/** What pg-boss calls to run its SQL (its `db` option): text with $1..$n and the values. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PostgresJsClient {
  unsafe(text: string, values?: unknown[]): Promise<unknown>;
  begin?<T>(run: (tx: PostgresJsClient) => Promise<T>): Promise<T>;
}
interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<Array<{ rows: Record<string, unknown>[] }>>;
}

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

/** pg-boss's `locked` command text: BEGIN; ...; COMMIT; around the statements. */
const LOCKED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/** The rows of a postgres.js result; of the last command when the text held several. */
function lastRows(result: unknown): Record<string, unknown>[] {
  const results = result as unknown[];
  const last = Array.isArray(results[0]) ? results.at(-1) : results;
  return [...((last as Record<string, unknown>[] | undefined) ?? [])];
}

/**
 * pg-boss on our own connection: the PostgreSQL pool (postgres.js) or the embedded PGlite, or the
 * caller's transaction, so a job sent with it commits or rolls back with the caller's writes.
 * Statements without values may hold several commands (pg-boss's schema and maintenance).
 */
export function bossDb(db: Db | Tx): BossDb {
  const client = (db as unknown as { _: { session: { client: PostgresJsClient | PgliteClient } } })._.session
    .client;
  return {
    async executeSql(text, values) {
      const params = values?.map(param);
      if ('unsafe' in client) {
        // postgres.js refuses BEGIN on a pooled connection: pg-boss's locked commands (its schema,
        // maintenance) run in a transaction of their own instead.
        const locked = params?.length ? null : LOCKED.exec(text);
        if (locked && client.begin) {
          const result = await client.begin((tx) => tx.unsafe(locked[1] as string));
          return { rows: lastRows(result) };
        }
        return { rows: lastRows(await client.unsafe(text, params?.length ? params : undefined)) };
      }
      if (params?.length) return client.query(text, params);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
