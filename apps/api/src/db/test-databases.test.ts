import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { type Db, queryRows } from './client.ts';

/** What a test database holds that a test file may change: its rows, sequences and schema. */
async function state(db: Db) {
  const [row] = await queryRows<{
    products: number;
    versions: number;
    queues: number;
    scratch: string | null;
  }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM products) AS products,
               (SELECT count(*)::int FROM pricing_rules_version) AS versions,
               (SELECT count(*)::int FROM pgboss.queue) AS queues,
               to_regclass('public.scratch')::text AS scratch`,
  );
  return row;
}

// PostgreSQL gives every file a new database cloned from the template; PGlite empties one between files.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('test databases on PGlite', () => {
  it("starts each database as the migrated template, whatever the last one's file wrote", async () => {
    const first = await openTestDatabase();
    const template = await state(first.db);
    expect(template).toMatchObject({ products: 0, scratch: null });
    expect(template?.versions).toBeGreaterThan(0);
    expect(template?.queues).toBeGreaterThan(0);
    const [number] = await queryRows<{ n: string }>(
      first.db,
      sql`SELECT nextval('orders_order_number_seq')::text AS n`,
    );
    await createProduct(first.db);
    await first.db.execute(sql`DELETE FROM pricing_rules_version`);
    await first.close();

    const second = await openTestDatabase();
    expect(await state(second.db)).toEqual(template);
    const [again] = await queryRows<{ n: string }>(
      second.db,
      sql`SELECT nextval('orders_order_number_seq')::text AS n`,
    );
    expect(again?.n).toBe(number?.n);
    // A schema change: the next database must not have it.
    await second.db.execute(sql`CREATE TABLE scratch (x int)`);
    await second.close();

    const third = await openTestDatabase();
    expect(await state(third.db)).toEqual(template);
    await third.close();
  });

  it('refuses queries on a database its file has closed', async () => {
    const database = await openTestDatabase();
    await database.close();
    const error = await database.db.execute(sql`SELECT 1`).then(
      () => undefined,
      (failure: Error) => failure,
    );
    expect(error?.cause).toMatchObject({ message: 'this test database was closed' });
  });
});
