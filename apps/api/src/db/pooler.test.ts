import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { queryRows } from './client.ts';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.close());

// More reads at once than the pool has connections: postgres.js would send a read behind another on a
// busy connection. Through PgBouncer in transaction mode (npm run test:pgbouncer) such a read never got
// its answer, so behind a pooler nothing is sent behind another (patches/README.md); on PGlite and
// PostgreSQL the test holds too.
describe('many statements at once on a small pool', () => {
  it('answers 64 reads and 8 transactions, each with its own value', async () => {
    const values = Array.from({ length: 64 }, (_, i) => i);
    // Reads without parameters are sent at once; reads with them are described first (two round trips).
    const reads = values.map(async (i) => {
      const query = i % 2 ? sql`SELECT ${i}::int + 1 AS n, pg_sleep(0.01)` : sql.raw(`SELECT ${i + 1} AS n`);
      return (await queryRows<{ n: number }>(opened.db, query))[0]?.n;
    });
    const transactions = values.slice(0, 8).map((i) =>
      opened.db.transaction(async (tx) => {
        await queryRows(tx, sql`SELECT pg_sleep(0.01)`);
        return (await queryRows<{ n: number }>(tx, sql`SELECT ${i}::int * 2 AS n`))[0]?.n;
      }),
    );
    expect(await Promise.all(reads)).toEqual(values.map((i) => i + 1));
    expect(await Promise.all(transactions)).toEqual(values.slice(0, 8).map((i) => i * 2));
  });
});
