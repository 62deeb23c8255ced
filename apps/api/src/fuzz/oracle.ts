import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/** What a response body must never show a client: how the server is built inside. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack trace', /\n[ \t]{0,20}at [^\n]{1,300}?:\d+:\d+\)?$|^\s*at (?:async )?[\w$.<>]+ \(/m],
  [
    'an error class name with its stack',
    /\b(?:Type|Range|Syntax|Reference)Error: [^\n]{0,300}\n[ \t]{0,20}at /,
  ],
  ['SQL text', /\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[^\n]{0,400}\b(?:FROM|VALUES|SET|WHERE)\b/],
  ['SQL text', /\b(?:select|insert into|update|delete from)\s+(?:"|\*|distinct\b|count\()/],
  ['a failed query', /Failed query|DrizzleQueryError|PostgresError|PGlite/i],
  [
    'a PostgreSQL error message',
    /duplicate key value|violates (?:foreign key|unique|check|not-null|exclusion) constraint|invalid input syntax for|relation "[^"]*" does not exist|column "[^"]*" (?:does not exist|of relation)|syntax error at or near|current transaction is aborted|invalid byte sequence for encoding|value too long for type|out of range for type|unterminated quoted/i,
  ],
  [
    'a PostgreSQL error code',
    /"(?:code|sqlstate)"\s*:\s*"[0-9][0-9A-Z]{4}"|"(?:routine|severity_local|schema_name|table_name|constraint_name)"\s*:/,
  ],
  [
    'a file path',
    /\/work\/|\/home\/|\/usr\/(?:lib|local|src)|node_modules|nonexistent-test-data|\b[\w-]{1,80}\.(?:ts|tsx|mjs|cjs|js):\d+/,
  ],
];

/** The first thing a response body gives away, or null when it gives nothing away. */
export function leakIn(body: string): string | null {
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(body);
    if (match) return `${what}: ${JSON.stringify(match[0].slice(0, 200))}`;
  }
  return null;
}

/**
 * Tables a refused request may still write, and why:
 * - rate_limits: counting refused attempts (wrong passwords, sign-ups) is what a rate limit is for;
 * - sessions: Better Auth refreshes a session's expiry on use and signs a session in on a 2xx of
 *   sign-in, and rejected sign-ins must not be told apart from accepted ones by their side effects.
 */
export const MAY_CHANGE_ON_REFUSAL = ['rate_limits', 'sessions'] as const;

/**
 * A cheap fingerprint of everything the shop stores: per table, the row count and the sum of the
 * rows' xmin (the id of the transaction that wrote each row version). An insert, delete or update in
 * any committed transaction changes one or the other; one query, no row data read.
 */
export async function databaseFingerprint(db: Db): Promise<() => Promise<string>> {
  const listed = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const tables = listed
    .map((row) => row.tablename)
    .filter((name) => !(MAY_CHANGE_ON_REFUSAL as readonly string[]).includes(name));
  const columns = tables.map(
    (t) => `(SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM "${t}") AS "${t}"`,
  );
  const query = sql.raw(`SELECT ${columns.join(', ')}`);
  return async () => JSON.stringify((await queryRows<Record<string, string>>(db, query))[0]);
}

/** The tables two fingerprints differ in. */
export function changedTables(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, string>;
  const b = JSON.parse(after) as Record<string, string>;
  return Object.keys(b).filter((table) => a[table] !== b[table]);
}
