// `npm run restore -- <file> [--force]`: a backup from `npm run backup` into an empty database and
// uploads folder (with --force, over the current ones). Stop the server first (docs/operations.md).
import { parseArgs } from 'node:util';
import { loadConfigOrReport } from '../config.ts';
import { isRefusal, restoreBackup } from '../modules/backups/backup-archive.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
const config = loadConfigOrReport();
if (!config) process.exit(1);
try {
  const { manifest, counts } = await restoreBackup({
    file,
    force: values.force,
    dataDir: config.dataDir,
    databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
    localUploads: config.uploads.storage === 'local',
  });
  console.log(`Restored the backup of ${manifest.created_at} (${manifest.database}); the counts match:`);
  for (const [name, count] of Object.entries(counts)) console.log(`  ${name}: ${count}`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(isRefusal(error) ? 2 : 1);
}
