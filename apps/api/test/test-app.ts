import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { withDatabase } from './database-url.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** A fresh, migrated, empty database of its own: PGlite in memory, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
  }
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** buildApp() on a fresh database, for app.inject() tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'db'> = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    ...env,
  });
  const app = await buildApp(config, { db: database.db, ...deps });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
