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
