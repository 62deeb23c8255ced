import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/db/client.ts';

class RollBack extends Error {}

/**
 * The plan PostgreSQL (or PGlite) chooses for `query`, as EXPLAIN's text, with sequential scans priced
 * out: a test's tables are tiny, and the question is which index a read can take.
 */
export async function planOf(db: Db, query: SQL): Promise<string> {
  let plan = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(tx, sql`EXPLAIN ${query}`);
      plan = rows.map((r) => Object.values(r)[0]).join('\n');
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return plan;
}
