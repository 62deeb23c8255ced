// `npm start`: builds what is missing or stale, then starts the server (which migrates and seeds).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isStale, TARGETS } from './targets.mjs';

// `npm run create-admin`, `db:migrate` and `db:seed` need only the API bundle, not the front ends.
const apiOnly = ['--create-admin', '--db-migrate', '--db-seed'].some((flag) => process.argv.includes(flag));
const wanted = apiOnly ? TARGETS.filter((t) => t.name === 'api') : TARGETS;
const stale = wanted.filter(isStale);
if (stale.length) {
  console.log(`Building ${stale.map((t) => t.name).join(', ')}...`);
  // In a child process: Vite sets NODE_ENV=production in the process that builds, and the server
  // should not carry the bundlers in its memory either.
  const build = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('build.mjs', import.meta.url)), ...stale.map((t) => t.name)],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(TARGETS.find((t) => t.name === 'api').output);
