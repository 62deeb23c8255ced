import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { bossDb } from '../modules/jobs/boss-db.ts';
import { driverClient, queryRows } from './client.ts';
import { CHECKED_VERSIONS, runStatement } from './driver-internals.ts';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.close());
const database = () => opened;

/** The version of a package as Node finds it from here (some packages do not export their package.json). */
function installedVersion(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${name} is not installed`);
}

describe('the library internals behind driver-internals.ts and boss-db.ts', () => {
  it('are the versions they were checked against', () => {
    const changed = Object.entries(CHECKED_VERSIONS)
      .map(([name, checked]) => ({ name, checked, installed: installedVersion(name) }))
      .filter(({ checked, installed }) => checked !== installed)
      .map(
        ({ name, checked, installed }) =>
          `${name} ${installed} is installed, but src/db/driver-internals.ts was checked against ${checked}`,
      );
    expect(
      changed,
      'read the changelogs for Drizzle session, postgres.js reserve/unsafe, PGlite exec and pg-boss db-option ' +
        'changes, run this file on PGlite and on PostgreSQL (npm run test:pg), then update CHECKED_VERSIONS',
    ).toEqual([]);
  });

  it('runs a built statement, prepared or not, on the database and on the connection of a transaction', async () => {
    const { db, kind } = database();
    const statement = { sql: 'SELECT $1::int + 1 AS n, $2::text AS word', params: [41, 'answer'] };
    for (const prepare of [false, true]) {
      expect(await runStatement(db, statement, prepare)).toEqual([{ n: 42, word: 'answer' }]);
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE seen (v int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO seen VALUES (7)`);
      // The transaction's own uncommitted row: the statement ran on its connection.
      const seen = { sql: 'SELECT v FROM seen WHERE v = $1', params: [7] };
      expect(await runStatement(tx, seen, true)).toEqual([{ v: 7 }]);
      if (kind === 'postgres') {
        const named = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = ${seen.sql}`,
        );
        expect(named).toEqual([{ n: 1 }]);
      }
    });
  });

  it("gives the driver's client of a database, and none of a transaction", async () => {
    const { db, kind } = database();
    const client = driverClient(db);
    expect(client && (kind === 'postgres' ? 'reserve' in client : 'exec' in client)).toBe(true);
    await db.transaction(async (tx) => {
      expect(driverClient(tx)).toBeUndefined();
    });
  });

  it("runs pg-boss's locked commands (BEGIN; ...; COMMIT;), and a failed one leaves no transaction open", async () => {
    const { db } = database();
    const boss = bossDb(db);
    await boss.executeSql(PgBoss.getConstructionPlans('pgboss_check'));
    const [version] = await queryRows<{ version: number }>(db, sql`SELECT version FROM pgboss_check.version`);
    expect(version?.version).toBeGreaterThan(0);

    await expect(
      boss.executeSql('BEGIN; CREATE TABLE half_done (v int); SELECT 1 / 0; COMMIT;'),
    ).rejects.toThrow(/division by zero/);
    expect(await queryRows(db, sql`SELECT to_regclass('half_done') AS t`)).toEqual([{ t: null }]);
    // Still in the aborted transaction, this would fail on PGlite's only connection.
    expect(await queryRows(db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('sends a pg-boss job in a transaction that rolls back with it', async () => {
    const { db } = database();
    const boss = new PgBoss({
      db: bossDb(db),
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    const sent = await db
      .transaction(async (tx) => {
        await boss.send('email-deliver', { n: 1 }, { db: bossDb(tx) });
        tx.rollback();
      })
      .catch(() => 'rolled back');
    expect(sent).toBe('rolled back');
    const kept = await db.transaction((tx) => boss.send('email-deliver', { n: 2 }, { db: bossDb(tx) }));
    const jobs = await queryRows<{ id: string; data: { n: number } }>(
      db,
      sql`SELECT id::text, data FROM pgboss.job WHERE name = 'email-deliver'`,
    );
    expect(jobs).toEqual([{ id: kept, data: { n: 2 } }]);
    await boss.stop({ graceful: false, close: false });
  });
});
