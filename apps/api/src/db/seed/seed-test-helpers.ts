import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database, Db } from '../client.ts';
import { seedDemoShop } from './demo-shop.ts';

// Migrating and seeding a whole year of orders: tens of seconds when other test files share the cores.
export const SEED_HOOK_TIMEOUT = 120_000;

/** Rows of a raw query, whichever driver answers it. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * A fresh test database (the run's migrated template), seeded with the demo shop on the clock `now`,
 * for the enclosing describe block: opened in its beforeAll, closed in its afterAll. Read `db` (and
 * the seed's answer, `seeded`) inside the tests.
 */
export function seededDemoShop(now: Date): { readonly db: Db; readonly seeded: { seeded: boolean } } {
  let database: Database | undefined;
  let seeded: { seeded: boolean } | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    seeded = await seedDemoShop(database.db, { now });
  }, SEED_HOOK_TIMEOUT);
  afterAll(async () => {
    await database?.close();
  }, SEED_HOOK_TIMEOUT);
  return {
    get db() {
      if (!database) throw new Error('seededDemoShop: the database is opened in beforeAll');
      return database.db;
    },
    get seeded() {
      if (!seeded) throw new Error('seededDemoShop: the shop is seeded in beforeAll');
      return seeded;
    },
  };
}
