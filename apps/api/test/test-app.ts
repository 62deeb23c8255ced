import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type DatabaseOptions, type Db, openDatabase } from '../src/db/client.ts';
import { openChangeFeed } from '../src/lib/change-feed.ts';
import { injectAsShopPage } from './browser-origin.ts';
import { testAdminUrl, testPoolOptions, withDatabase } from './database-url.ts';
import { openPgliteTestDatabase } from './pglite-pool.ts';
import { testPasswordHashing } from './test-passwords.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Builds another app on the same database with its own connection and change feed: a second server. */
  peer(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A migrated, empty database of its own: PGlite in memory (emptied back to the template between
 * files, test/pglite-pool.ts), or a new PostgreSQL database cloned from the template.
 */
export async function openTestDatabase(): Promise<Database & { url?: string; options?: DatabaseOptions }> {
  const template = inject('dbTemplate');
  const url = process.env.TEST_DATABASE_URL;
  const adminUrl = testAdminUrl();
  if (!url || !adminUrl) return openPgliteTestDatabase(template);
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const options = testPoolOptions(withDatabase(url, name));
  const database = await openDatabase({ ...options, poolSize: 4 });
  return {
    ...database,
    url: options.url,
    options,
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** buildApp() on a fresh database, for app.inject() tests. */
/** A second server's own pool, the size of the first server's. */
const PEER_POOL_SIZE = 4;

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
  // Caches on, as in production: a test that reads after a write sees a stale cache fail.
  const changes = await openChangeFeed(database);
  // The cheap password hash wherever buildApp accepts it (a test may load a production config).
  const passwords = config.env === 'test' ? { testPasswordHashing } : {};
  const app = await buildApp(config, {
    db: database.db,
    changes,
    syncChangesBeforeReads: true,
    ...passwords,
    ...deps,
  });
  await app.ready();
  injectAsShopPage(app, config.publicUrl);
  const peers: Array<() => Promise<void>> = [];
  return {
    app,
    db: database.db,
    config,
    peer: async () => {
      // PostgreSQL: a pool of its own, as another process would have; PGlite has one connection.
      const own = database.options
        ? await openDatabase({ ...database.options, poolSize: PEER_POOL_SIZE })
        : undefined;
      const peerDb = own ?? database;
      const peerApp = await buildApp(config, {
        db: peerDb.db,
        changes: await openChangeFeed(peerDb),
        syncChangesBeforeReads: true,
        ...passwords,
        ...deps,
      });
      await peerApp.ready();
      injectAsShopPage(peerApp, config.publicUrl);
      peers.push(async () => {
        await peerApp.close();
        await own?.close();
      });
      return peerApp;
    },
    close: async () => {
      for (const closePeer of peers) await closePeer();
      await app.close();
      await database.close();
    },
  };
}
