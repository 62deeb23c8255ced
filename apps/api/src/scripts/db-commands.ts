// `npm run db:migrate` and `npm run db:seed`: main.ts runs these instead of the server when given
// --db-migrate or --db-seed (the same bundle, on the embedded database or DATABASE_URL).

import { sql } from 'drizzle-orm';
import { type Config, loadConfigOrReport } from '../config.ts';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { seedDemoShippingTranslations } from '../db/seed/demo-content.ts';
import { seedDemoShop } from '../db/seed/demo-shop.ts';
import { ensureShippingZones } from '../modules/shipping/default-zones.ts';

export type DbCommand = 'migrate' | 'seed';

/** What a command did, for the person who ran it; `ok` false is exit status 1. */
export interface DbCommandResult {
  ok: boolean;
  message: string;
}

/** Why the demo shop cannot go into this database, or null when it is empty. */
async function notEmpty(database: Database): Promise<string | null> {
  const [counts] = await queryRows<{ products: number; users: number; orders: number }>(
    database.db,
    sql`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM users)::int AS users,
               (SELECT count(*) FROM orders)::int AS orders`,
  );
  const held = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
  if (!held.length) return null;
  return `The database is not empty (${held.map(([what, n]) => `${n} ${what}`).join(', ')}): the demo shop goes only into an empty one, and nothing was changed. Use a new database (or DATA_DIR) for the demo.`;
}

/** Migrates `database`; with `seed`, then puts the demo shop into it when it is empty. */
export async function runDbCommand(
  command: DbCommand,
  config: Config,
  database: Database,
): Promise<DbCommandResult> {
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  await database.migrate();
  if (command === 'migrate') return { ok: true, message: `Migrated ${where}.` };
  const refusal = await notEmpty(database);
  if (refusal) return { ok: false, message: refusal };
  const { seeded } = await seedDemoShop(database.db);
  // Only between the check above and here could another process have filled it.
  if (!seeded) return { ok: false, message: 'The database filled up while seeding: nothing was added.' };
  await ensureShippingZones(database.db, config.checkout, 'demo');
  await seedDemoShippingTranslations(database.db);
  return {
    ok: true,
    message: `Seeded the demo shop into ${where}. Demo accounts use the password demo1234.`,
  };
}

/** The command line: reads the configuration, opens the database, runs, prints, answers the exit status. */
export async function runDbCommandLine(command: DbCommand): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 1;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    prepare: config.databasePrepare,
    directUrl: config.databaseDirectUrl,
  });
  try {
    const result = await runDbCommand(command, config, database);
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}
