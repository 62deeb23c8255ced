import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testAdminUrl, withDatabase } from '../../../test/database-url.ts';
import { createCustomer, createOrder, createProduct, createVariant } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Db, openDatabase, queryRows } from '../../db/client.ts';
import { createBackup, isRefusal, restoreBackup } from './backup-archive.ts';
import { newOpsToken, removeOpsFile, writeOpsFile } from './ops-file.ts';
import { findPgTool } from './pg-tools.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Each embedded database opened (the server's, the snapshot's check, each restore) boots PGlite. */
const SLOW = 300_000;
const work = mkdtempSync(join(tmpdir(), 'cartwheel-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A shop with stock on products and a variant, customers, and paid orders. */
async function seedShop(db: Db) {
  const boots = await createProduct(db, { inventoryLevel: 7, price: 5000 });
  const socks = await createProduct(db, { inventoryLevel: 40, price: 900 });
  await createVariant(db, socks.id, [], { inventoryLevel: 12 });
  for (const [i, product] of [boots, socks, boots].entries()) {
    const customer = await createCustomer(db);
    await createOrder(
      db,
      { status: 'processing', paymentStatus: 'paid', customerId: customer.id, customerEmail: customer.email },
      [{ product, quantity: i + 1 }],
    );
  }
}

/** Everything the restore must bring back exactly: orders, their lines, customers and stock. */
async function figures(db: Db) {
  return {
    orders: await queryRows(
      db,
      sql`SELECT id, order_number, status, payment_status, total_amount, customer_email FROM orders ORDER BY id`,
    ),
    lines: await queryRows(db, sql`SELECT id, order_id, quantity, total_amount FROM order_items ORDER BY id`),
    customers: await queryRows(
      db,
      sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.id = u.id WHERE p.role = 'customer' ORDER BY u.id`,
    ),
    stock: await queryRows(db, sql`SELECT id, inventory_level FROM products ORDER BY id`),
    variantStock: await queryRows(db, sql`SELECT id, inventory_level FROM product_variants ORDER BY id`),
  };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'restored',
    (error: unknown) => (isRefusal(error) ? (error as Error).message : `failed: ${String(error)}`),
  );

describe.skipIf(onPostgres)('npm run backup / restore on the embedded database', () => {
  it(
    'backs up while the server runs, restores into a fresh data folder, and orders, customers and stock match',
    async () => {
      const source = join(work, 'source');
      mkdirSync(join(source, 'uploads'), { recursive: true });
      writeFileSync(join(source, 'uploads', 'logo.webp'), 'image bytes');
      const template = new Blob([readFileSync(inject('dbTemplate'))]);
      const database = await openDatabase({ dataDir: source, loadDataDir: template });
      await seedShop(database.db);
      const before = await figures(database.db);
      expect(before.orders).toHaveLength(3);

      const token = newOpsToken();
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: source });
      const app = await buildApp(config, { db: database.db, opsToken: token });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      writeOpsFile(source, { pid: process.pid, url, token });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/ops/snapshot' })).statusCode).toBe(401);
        const { file, manifest } = await createBackup({
          dataDir: source,
          localUploads: true,
          outDir: join(work, 'out'),
        });
        expect(file).toMatch(/cartwheel-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
        expect(manifest).toMatchObject({
          database: 'pglite',
          counts: { orders: 3, customers: 3, products: 2, product_stock: 47, variant_stock: 12 },
          uploads: { included: true, files: 1 },
        });
        // The server holds its folder: a restore into it is refused, and nothing is touched.
        expect(
          await refusal(restoreBackup({ file, dataDir: source, localUploads: true, force: true })),
        ).toContain('The server is running');

        const fresh = join(work, 'fresh');
        await restoreBackup({ file, dataDir: fresh, localUploads: true, force: false });
        expect(readFileSync(join(fresh, 'uploads', 'logo.webp'), 'utf8')).toBe('image bytes');
        const restored = await openDatabase({ dataDir: fresh });
        try {
          expect(await figures(restored.db)).toEqual(before);
        } finally {
          await restored.close();
        }

        // A second restore into the same folder is refused without --force, and moves it aside with it.
        expect(
          await refusal(restoreBackup({ file, dataDir: fresh, localUploads: true, force: false })),
        ).toContain('is not empty');
        await restoreBackup({ file, dataDir: fresh, localUploads: true, force: true });
        expect(readdirSync(fresh).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
      } finally {
        removeOpsFile(source);
        await app.close();
        await database.close();
      }

      // With the server stopped, the command opens the folder itself.
      const offline = await createBackup({
        dataDir: source,
        localUploads: true,
        outDir: join(work, 'offline'),
      });
      expect(offline.manifest.counts).toMatchObject({ orders: 3, customers: 3, product_stock: 47 });
    },
    SLOW,
  );
});

const pgTools = Boolean(findPgTool('pg_dump') && findPgTool('pg_restore'));

describe.skipIf(!onPostgres || !pgTools)(
  'npm run backup / restore on PostgreSQL (pg_dump, pg_restore)',
  () => {
    it(
      'restores a pg_dump into an empty database, and orders, customers and stock match',
      async () => {
        const source = await openTestDatabase();
        const admin = postgres(testAdminUrl()!, { max: 1, onnotice: () => {} });
        const name = `cw_restore_${Date.now().toString(36)}`;
        try {
          await seedShop(source.db);
          const before = await figures(source.db);
          const { file, manifest } = await createBackup({
            dataDir: join(work, 'pg'),
            databaseUrl: source.url!,
            localUploads: true,
            outDir: join(work, 'pg-out'),
          });
          expect(manifest).toMatchObject({
            database: 'postgres',
            counts: { orders: 3, customers: 3, product_stock: 47 },
          });

          // Into the database it came from: not empty, so refused.
          expect(
            await refusal(
              restoreBackup({
                file,
                dataDir: join(work, 'pg'),
                databaseUrl: source.url!,
                localUploads: true,
                force: false,
              }),
            ),
          ).toContain('is not empty');

          await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE template0`);
          const targetUrl = withDatabase(source.url!, name);
          await restoreBackup({
            file,
            dataDir: join(work, 'pg-target'),
            databaseUrl: targetUrl,
            localUploads: true,
            force: false,
          });
          const target = await openDatabase({ url: targetUrl, poolSize: 2 });
          try {
            expect(await figures(target.db)).toEqual(before);
            // The restored database is the shop's whole schema: its migrations have nothing left to do.
            await target.migrate();
          } finally {
            await target.close();
          }
          expect(existsSync(join(work, 'pg-target'))).toBe(false);
        } finally {
          await source.close();
          await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        }
      },
      SLOW,
    );
  },
);
