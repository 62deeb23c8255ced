import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { openDatabase, queryRecurring, queryRows } from './client.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database() {
  const db = await openTestDatabase();
  cleanups.push(() => db.close());
  return db;
}

describe('queryRecurring', () => {
  it('answers every run with its own values, prepared or not, on either database', async () => {
    const { db } = await database();
    const answers: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const [row] = await queryRecurring<{ v: number }>(db, sql`SELECT ${n}::int * 10 AS v /* answers */`);
      answers.push(row?.v ?? -1);
    }
    expect(answers).toEqual([10, 20, 30, 40, 50]);
  });

  // Only PostgreSQL keeps prepared statements (PGlite runs every statement the same way).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'prepares a text from its third run, and at most 16 texts: later ones are planned every time',
    async () => {
      const test = await database();
      // One connection, so that pg_prepared_statements lists every statement the runs prepared.
      const one = await openDatabase({ ...test.options, poolSize: 1 });
      cleanups.push(() => one.close());
      const prepared = async (marker: string) => {
        const [row] = await queryRows<{ n: number }>(
          one.db,
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`}`,
        );
        return row?.n ?? -1;
      };
      const run = (marker: string, n: number) =>
        queryRecurring<{ v: number }>(one.db, sql`SELECT ${n}::int AS v /* ${sql.raw(marker)} */`);

      await run('recurring-a', 1);
      await run('recurring-a', 2);
      expect(await prepared('recurring-a')).toBe(0);
      const [third] = await run('recurring-a', 3);
      expect(third?.v).toBe(3);
      expect(await prepared('recurring-a')).toBe(1);

      // Sixteen more texts, three runs each: the process's prepared texts run out on the way.
      for (let t = 0; t < 16; t++) {
        for (let n = 0; n < 3; n++) await run(`recurring-b${t}-`, n);
      }
      expect(await prepared('recurring-')).toBeLessThanOrEqual(16);
      expect(await prepared('recurring-b15-')).toBe(0);
      const [late] = await run('recurring-b15-', 42);
      expect(late?.v).toBe(42);
      expect(await prepared('recurring-b15-')).toBe(0);
    },
  );
});
