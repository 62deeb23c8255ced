// `npm run backup [-- --out <folder>]`: the shop's database and uploads in one archive,
// backups/cartwheel-<time>.tar.gz by default (docs/operations.md). Works while the server runs.
import { parseArgs } from 'node:util';
import { loadConfigOrReport } from '../config.ts';
import { createBackup, sizeOf } from '../modules/backups/backup-archive.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
const config = loadConfigOrReport();
if (!config) process.exit(1);
try {
  const { file, manifest } = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
    localUploads: config.uploads.storage === 'local',
    outDir: values.out,
  });
  console.log(`Backup written: ${file} (${(sizeOf(file) / 1_048_576).toFixed(1)} MB)`);
  console.log(`  database: ${manifest.database} ${manifest.server_version}`);
  for (const [name, count] of Object.entries(manifest.counts)) console.log(`  ${name}: ${count}`);
  console.log(
    `  uploads: ${manifest.uploads.included ? `${manifest.uploads.files} files` : 'not included (S3)'}`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
