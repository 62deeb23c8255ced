import type { Query } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * The versions of the libraries whose unexported behaviour this file and jobs/boss-db.ts rely on, as
 * driver-internals.test.ts last checked them: that test fails when an installed version differs.
 */
export const CHECKED_VERSIONS = {
  'drizzle-orm': '0.45.4',
  'pg-boss': '10.4.2',
  postgres: '3.4.9',
  '@electric-sql/pglite': '0.5.16',
} as const;

/**
 * Runs a statement already built (text with $1..$n, and its values) on `db` or a transaction, and
 * returns its rows. Drizzle has no public call for this: execute() takes its own SQL objects and never
 * names a statement, and a transaction does not expose its connection. With `prepare`, the postgres.js
 * session names the statement, so each connection parses it once and may keep a generic plan; PGlite
 * ignores it. This is the only use of Drizzle's session (`db._.session`) in the code
 * (docs/decisions/0063-driver-internals.md).
 */
export async function runStatement<T>(db: Db | Tx, statement: Query, prepare: boolean): Promise<T[]> {
  // A named query is prepared even on a client opened with `prepare: false` (behind a pooler in
  // transaction mode), where a statement prepared on one server connection is missing on the next.
  const client = (db._.session as unknown as { client?: { options?: { prepare?: boolean } } }).client;
  const named = prepare && client?.options?.prepare !== false;
  const prepared = db._.session.prepareQuery(statement, undefined, named ? 'prepared' : undefined, false);
  const result = (await prepared.execute()) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
