import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Runs each statement in a transaction of its own that holds its locks a moment after it, all at once,
 * so that on PostgreSQL they overlap (PGlite, with one connection, runs them one after another).
 */
export async function inOverlappingTransactions(db: Db, statements: SQL[]): Promise<void> {
  await Promise.all(
    statements.map((statement) =>
      db.transaction(async (tx) => {
        await tx.execute(statement);
        await tx.execute(sql`SELECT pg_sleep(0.02)`);
      }),
    ),
  );
}

/** A promise and the function that settles it, for a test that holds one party until it lets go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
