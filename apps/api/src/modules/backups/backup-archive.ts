import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { z } from 'zod';
import { liveOpsFile } from './ops-file.ts';
import { requirePgTool, run } from './pg-tools.ts';
import { countDifferences, type RunSql, type ShopCounts, shopCounts } from './shop-counts.ts';

/** Where a shop keeps its data: DATA_DIR (the embedded database and uploads) and DATABASE_URL. */
export interface ShopData {
  dataDir: string;
  /** Set: PostgreSQL (a direct URL, not through a transaction pooler). Unset: the embedded database. */
  databaseUrl?: string | undefined;
  /** False when uploads go to an S3 bucket: the bucket keeps its own copies. */
  localUploads: boolean;
}

const manifestSchema = z.object({
  format: z.literal('cartwheel-backup'),
  version: z.literal(1),
  created_at: z.string(),
  database: z.enum(['pglite', 'postgres']),
  server_version: z.string(),
  counts: z.record(z.string(), z.number()),
  uploads: z.object({ included: z.boolean(), files: z.number().int() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const PGLITE_FILE = 'database/pglite.tar';
const PG_DUMP_FILE = 'database/postgres.dump';

async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

const pgliteRunner =
  (client: PGlite): RunSql =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/** Counts and server version of a PGlite data folder's tar, opened in memory: proof that it opens. */
async function countsOfPgliteTar(tar: Buffer): Promise<{ counts: ShopCounts; version: string }> {
  const client = await openPglite('memory://', new Blob([new Uint8Array(tar)]));
  try {
    const [row] = await pgliteRunner(client)('SHOW server_version');
    return { counts: await shopCounts(pgliteRunner(client)), version: String(row?.server_version) };
  } finally {
    await client.close();
  }
}

/**
 * The embedded database's folder as a tar: from the running server (DATA_DIR/ops.json names it),
 * else by opening the folder here. Never both: PGlite has no lock, and two processes on one
 * folder would corrupt it.
 */
async function pgliteSnapshot(dataDir: string): Promise<Buffer> {
  const ops = liveOpsFile(dataDir);
  if (ops) {
    const res = await fetch(`${ops.url}/api/ops/snapshot`, {
      headers: { authorization: `Bearer ${ops.token}` },
    });
    if (!res.ok)
      throw new Error(`The running server refused the snapshot (${res.status}): ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }
  const dir = join(dataDir, 'pglite');
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${dir}`);
  const client = await openPglite(dir);
  try {
    await client.exec('CHECKPOINT');
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await client.close();
  }
}

/**
 * pg_dump in the custom format, under a snapshot exported by a repeatable-read transaction that
 * also counts: the counts in the manifest are of exactly the rows in the dump.
 */
async function postgresDump(url: string, file: string): Promise<{ counts: ShopCounts; version: string }> {
  const pgDump = requirePgTool('pg_dump');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [row] = await tx.unsafe(
        'SELECT pg_export_snapshot() AS snapshot, current_setting($1) AS version',
        ['server_version'],
      );
      const counts = await shopCounts((text) => tx.unsafe(text));
      await run(pgDump, [
        '--format=custom',
        `--snapshot=${row!.snapshot}`,
        '--no-owner',
        '--file',
        file,
        '--dbname',
        url,
      ]);
      return { counts, version: String(row!.version) };
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const filesIn = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce(
        (n, entry) => n + (entry.isDirectory() ? filesIn(join(dir, entry.name)) : 1),
        0,
      )
    : 0;

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * `npm run backup`: the database (a consistent snapshot, while the server runs too), the uploads and
 * a manifest of counts in one `cartwheel-<time>.tar.gz` in `outDir`.
 */
export async function createBackup(
  shop: ShopData & { outDir: string; now?: Date },
): Promise<{ file: string; manifest: BackupManifest }> {
  const staging = mkdtempSync(join(tmpdir(), 'cartwheel-backup-'));
  try {
    mkdirSync(join(staging, 'database'));
    let taken: { counts: ShopCounts; version: string };
    if (shop.databaseUrl) {
      taken = await postgresDump(shop.databaseUrl, join(staging, PG_DUMP_FILE));
    } else {
      const tar = await pgliteSnapshot(shop.dataDir);
      writeFileSync(join(staging, PGLITE_FILE), tar);
      taken = await countsOfPgliteTar(tar);
    }
    const uploads = join(shop.dataDir, 'uploads');
    if (shop.localUploads && existsSync(uploads))
      cpSync(uploads, join(staging, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      format: 'cartwheel-backup',
      version: 1,
      created_at: (shop.now ?? new Date()).toISOString(),
      database: shop.databaseUrl ? 'postgres' : 'pglite',
      server_version: taken.version,
      counts: { ...taken.counts },
      uploads: { included: shop.localUploads, files: filesIn(join(staging, 'uploads')) },
    };
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(shop.outDir, { recursive: true });
    const file = resolve(shop.outDir, `cartwheel-${stamp(shop.now ?? new Date())}.tar.gz`);
    await run('tar', ['-czf', file, '-C', staging, '.']);
    return { file, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Refusals of a restore that would overwrite something, checked before anything is written. */
class RestoreRefused extends Error {}

const nonEmpty = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

async function postgresTables(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`SELECT count(*)::int AS n FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`;
    return Number(row?.n ?? 0);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function postgresCounts(url: string): Promise<ShopCounts> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await shopCounts((text) => sql.unsafe(text));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * `npm run restore -- <file>`: the archive's database and uploads into an empty database and uploads
 * folder, or over them with `force` (an embedded database is moved aside, not deleted). Checks the
 * restored counts against the manifest and throws when they differ.
 */
export async function restoreBackup(
  shop: ShopData & { file: string; force: boolean; now?: Date },
): Promise<{ manifest: BackupManifest; counts: ShopCounts }> {
  if (!existsSync(shop.file)) throw new RestoreRefused(`There is no file ${shop.file}`);
  const staging = mkdtempSync(join(tmpdir(), 'cartwheel-restore-'));
  try {
    await run('tar', ['-xzf', shop.file, '-C', staging]);
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8')));
    const target = shop.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target) {
      throw new RestoreRefused(
        manifest.database === 'pglite'
          ? 'This is a backup of the embedded database: restore it without DATABASE_URL set.'
          : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set.',
      );
    }
    const pgliteDir = join(shop.dataDir, 'pglite');
    const uploadsDir = join(shop.dataDir, 'uploads');
    if (!shop.databaseUrl && liveOpsFile(shop.dataDir)) {
      throw new RestoreRefused('The server is running on this data folder: stop it, then restore.');
    }
    const occupied = shop.databaseUrl
      ? (await postgresTables(shop.databaseUrl)) > 0
      : existsSync(join(pgliteDir, 'PG_VERSION'));
    const hasUploads = shop.localUploads && existsSync(join(staging, 'uploads')) && nonEmpty(uploadsDir);
    if ((occupied || hasUploads) && !shop.force) {
      throw new RestoreRefused(
        `The ${occupied ? 'database' : 'uploads folder'} is not empty. Restore into a new one, or pass --force to replace it${shop.databaseUrl ? '' : ` (the current database is moved aside, not deleted)`}.`,
      );
    }

    let counts: ShopCounts;
    if (shop.databaseUrl) {
      const pgRestore = requirePgTool('pg_restore');
      const clean = occupied ? ['--clean', '--if-exists'] : [];
      const args = ['--no-owner', '--no-privileges', ...clean, '--dbname', shop.databaseUrl];
      // pg_restore exits 1 on errors it skipped (a COMMENT ON EXTENSION a non-superuser may not
      // write); the counts below decide whether the shop's data came back.
      const restored = await run(pgRestore, [...args, join(staging, PG_DUMP_FILE)]).then(
        () => null,
        (error: Error) => error,
      );
      counts = await postgresCounts(shop.databaseUrl);
      if (restored && countDifferences(manifest.counts as unknown as ShopCounts, counts).length)
        throw restored;
    } else {
      if (occupied) renameSync(pgliteDir, `${pgliteDir}.before-restore-${stamp(shop.now ?? new Date())}`);
      mkdirSync(pgliteDir, { recursive: true });
      const tar = readFileSync(join(staging, PGLITE_FILE));
      const client = await openPglite(pgliteDir, new Blob([new Uint8Array(tar)]));
      try {
        counts = await shopCounts(pgliteRunner(client));
      } finally {
        await client.close();
      }
    }
    if (shop.localUploads && existsSync(join(staging, 'uploads'))) {
      cpSync(join(staging, 'uploads'), uploadsDir, { recursive: true });
    }
    const differences = countDifferences(manifest.counts as unknown as ShopCounts, counts);
    if (differences.length)
      throw new Error(`The restored database differs from the backup: ${differences.join('; ')}`);
    return { manifest, counts };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** True for a restore refused before anything was written (the command exits 2). */
export const isRefusal = (error: unknown) => error instanceof RestoreRefused;

/** Bytes of a file, for the command's report. */
export const sizeOf = (file: string) => statSync(file).size;
