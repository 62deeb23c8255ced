import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { testAdminUrl, testPoolOptions, withDatabase } from '../../test/database-url.ts';
import { createProduct } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { runDbCommand } from './db-commands.ts';

// On PGlite here; on PostgreSQL with `npm run test:pg -- apps/api/src/scripts/db-commands.test.ts`.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' });
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A database with nothing in it, not even the tables: PGlite in memory, or a new PostgreSQL database. */
async function blankDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const adminUrl = testAdminUrl();
  if (!url || !adminUrl) {
    const database = await openDatabase({});
    closers.push(() => database.close());
    return database;
  }
  const name = `cw_blank_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ ...testPoolOptions(withDatabase(url, name)), poolSize: 2 });
  closers.push(async () => {
    await database.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return database;
}

describe('npm run db:migrate and db:seed', () => {
  it('migrates a blank database (again: nothing to do); seeds the demo shop only into an empty one', async () => {
    const database = await blankDatabase();
    const count = async (table: string) =>
      (await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

    expect(await runDbCommand('migrate', config, database)).toMatchObject({
      ok: true,
      message: /^Migrated /,
    });
    expect(await count('products')).toBe(0);
    expect(await runDbCommand('migrate', config, database)).toMatchObject({ ok: true });

    // A shop of its own: refused with the reason, nothing added.
    const own = await createProduct(database.db, { name: 'Our own lamp' });
    const refused = await runDbCommand('seed', config, database);
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('not empty (1 products)') });
    expect(await count('products')).toBe(1);
    expect(await count('users')).toBe(0);
    expect(await count('shipping_zones')).toBe(0);
    await queryRows(database.db, sql`DELETE FROM products WHERE id = ${own.id}`);

    const seeded = await runDbCommand('seed', config, database);
    expect(seeded).toMatchObject({ ok: true, message: /^Seeded the demo shop/ });
    const products = await count('products');
    expect(products).toBeGreaterThan(10);
    expect(await count('users')).toBeGreaterThan(0);
    expect(await count('shipping_zones')).toBeGreaterThan(0);

    const again = await runDbCommand('seed', config, database);
    expect(again.ok).toBe(false);
    expect(again.message).toMatch(/^The database is not empty \(\d+ products, \d+ users/);
    expect(await count('products')).toBe(products);
  });
});
