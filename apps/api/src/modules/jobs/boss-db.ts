import type { Db, Tx } from '../../db/client.ts';

/** What pg-boss calls to run its SQL (its `db` option): text with $1..$n and the values. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PostgresJsClient {
  unsafe(text: string, values?: unknown[]): Promise<unknown>;
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
        const result = (await client.unsafe(text, params?.length ? params : undefined)) as unknown[];
        // Several commands answer with one result per command; pg-boss reads the last.
        const last = Array.isArray(result[0]) ? result.at(-1) : result;
        return { rows: [...((last as Record<string, unknown>[] | undefined) ?? [])] };
      }
      if (params?.length) return client.query(text, params);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
