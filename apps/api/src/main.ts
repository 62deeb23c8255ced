import { buildApp } from './app.ts';
import { loadConfigOrReport } from './config.ts';
import { databaseOptions, openDatabase } from './db/client.ts';
import { openReadReplicas, type ReadEvents } from './db/read-replicas.ts';
import { seedDemoShippingTranslations } from './db/seed/demo-content.ts';
import { seedDemoShop } from './db/seed/demo-shop.ts';
import { openChangeFeed } from './lib/change-feed.ts';
import { newOpsToken, removeOpsFile, writeOpsFile } from './modules/backups/ops-file.ts';
import { startTracing } from './modules/metrics/tracing.ts';
import { ensureShippingZones } from './modules/shipping/default-zones.ts';
import { runCreateAdmin } from './scripts/create-admin.ts';
import { runDbCommandLine } from './scripts/db-commands.ts';

const DEMO_ACCOUNTS = `  Demo accounts (password demo1234): admin@example.com, manager@example.com, staff@example.com,
  shopper@example.com (a customer with past orders).`;

/** Start-up: read config, open and migrate the database, seed the demo shop when asked, listen. */
async function main(): Promise<void> {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);

  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  const seeded = config.seedDemo ? (await seedDemoShop(database.db)).seeded : false;
  await ensureShippingZones(database.db, config.checkout, seeded ? 'demo' : 'everywhere');
  if (seeded) await seedDemoShippingTranslations(database.db);

  // Before the app: its request hooks and the jobs make spans through the provider registered here.
  const tracing = config.tracing ? await startTracing(config.tracing) : undefined;
  const changes = await openChangeFeed(database);
  const replicas = config.databaseReadUrls.length
    ? (events: ReadEvents) =>
        openReadReplicas({
          primary: database.db,
          urls: config.databaseReadUrls,
          poolSize: config.databasePoolSize,
          prepare: config.databasePrepare,
          events,
        })
    : undefined;
  // The embedded database is this process's alone: `npm run backup` asks it for a snapshot.
  const opsToken = config.databaseUrl ? undefined : newOpsToken();
  const app = await buildApp(config, {
    db: database.db,
    changes,
    ...(replicas ? { replicas } : {}),
    ...(opsToken ? { opsToken } : {}),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    if (opsToken) removeOpsFile(config.dataDir);
    await app.close();
    // Handlers of clients that already hung up may still be querying.
    await app.inFlight.settled(10_000);
    await app.catalogReads.close();
    await database.close();
    await tracing?.shutdown().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  if (opsToken) {
    const { port } = app.server.address() as { port: number };
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    writeOpsFile(config.dataDir, { pid: process.pid, url, token: opsToken });
  }
  // ROLE=web only serves HTTP: the jobs it queues are run by the worker processes.
  if (config.role !== 'web') await app.jobs.start();
  if (config.role === 'worker') {
    console.log(
      `\n  ${config.shopName} worker is running (health: http://${config.host}:${config.port}/api/health)`,
    );
    return;
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  console.log(
    `\n  ${config.shopName} is running at ${config.publicUrl} (back office: ${config.publicUrl}/admin)`,
  );
  console.log(`  Database: ${where}${seeded ? ' (demo shop seeded)' : ''}`);
  if (config.seedDemo) console.log(DEMO_ACCOUNTS);
}

if (process.argv.includes('--create-admin')) {
  // `npm run create-admin`: the same bundle, one command instead of the server.
  runCreateAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('create-admin failed:', error);
      process.exit(1);
    },
  );
} else if (process.argv.includes('--db-migrate') || process.argv.includes('--db-seed')) {
  // `npm run db:migrate` / `npm run db:seed`: the same bundle, on the configured database.
  runDbCommandLine(process.argv.includes('--db-seed') ? 'seed' : 'migrate').then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('The database command failed:', error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error('Start-up failed:', error);
    process.exit(1);
  });
}
