import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { testAdminUrl, testPoolOptions, withDatabase } from '../../test/database-url.ts';
import { type Database, openDatabase, queryRows } from './client.ts';

// Processes started at once on one new PostgreSQL database (compose's two web containers and the
// worker) all migrate it. The embedded database belongs to one process, so this runs with test:pg.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations started by several processes at once', () => {
  it('run once: every process starts, and the schema and the job queue are complete', async () => {
    const adminUrl = testAdminUrl() as string;
    const name = `cw_migrate_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const options = testPoolOptions(withDatabase(process.env.TEST_DATABASE_URL as string, name));
    const processes: Database[] = [];
    for (let i = 0; i < 3; i++) {
      const database = await openDatabase({ ...options, poolSize: 2 });
      cleanups.push(() => database.close());
      processes.push(database);
    }

    const results = await Promise.allSettled(processes.map((p) => p.migrate()));

    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'migrated'))).toEqual([
      'migrated',
      'migrated',
      'migrated',
    ]);
    const [applied] = await queryRows<{ n: number }>(
      processes[0]!.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    const journal = await import('./migrations/meta/_journal.json', { with: { type: 'json' } });
    expect(applied?.n).toBe(journal.default.entries.length);
  });
});
