import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { testAdminUrl, testPoolOptions, withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data-dir dump. PostgreSQL: name of a migrated template database. */
    dbTemplate: string;
  }
}

/**
 * Migrates one template database per test run; every test file starts from a copy of it.
 * PGlite by default; PostgreSQL when TEST_DATABASE_URL is set (see scripts/test-pg.mjs).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const adminUrl = testAdminUrl();
  const pooled = process.env.TEST_DATABASE_DIRECT_URL ? ', through a transaction pooler' : '';
  console.log(
    url
      ? `API tests on PostgreSQL (${new URL(url).host}${pooled})`
      : 'API tests on the embedded PGlite database',
  );
  if (url && adminUrl) {
    const name = `cw_template_${process.pid}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    // Migrated through the pooler too: a deployment may run its migrations that way.
    const template = await openDatabase({ ...testPoolOptions(withDatabase(url, name)), poolSize: 1 });
    await template.migrate();
    await template.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cartwheel-test-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, await smallPgliteTemplate());
  project.provide('dbTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

/**
 * A migrated PGlite data directory, kept small: every test database unpacks it into memory, so each
 * byte is paid once per database. WAL segments of the smallest size initdb allows, and no template0
 * or template1 (no test creates a database on PGlite).
 */
async function smallPgliteTemplate(): Promise<Buffer> {
  const empty = await PGlite.create({ extensions: { pg_trgm }, initDbStartParams: ['--wal-segsize=1'] });
  for (const name of ['template0', 'template1']) {
    await empty.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await empty.exec(`DROP DATABASE ${name}`);
  }
  const bare = await empty.dumpDataDir('none');
  await empty.close();
  const template = await openDatabase({ loadDataDir: bare });
  await template.migrate();
  const client = (template as unknown as { db: { $client: PGlite } }).db.$client;
  const dump = await client.dumpDataDir('none');
  await template.close();
  return Buffer.from(await dump.arrayBuffer());
}
