// The web server Playwright starts: a fresh embedded database every run, then the built API
// (apps/api/dist/main.js, made by `npm run build`), which migrates, seeds the demo shop and listens.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = resolve(root, 'apps/api/dist/main.js');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data-e2e');

if (!existsSync(main)) {
  console.error(`[e2e] ${main} is missing: run \`npm run build\` first`);
  process.exit(1);
}
// Only ever delete the e2e scratch folder, never a real shop's data.
if (!basename(dataDir).startsWith('.data-e2e')) {
  console.error(`[e2e] refusing to delete DATA_DIR=${dataDir} (must be named .data-e2e*)`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });

// Always the embedded database, even when the shell has a DATABASE_URL.
const { DATABASE_URL: _ignored, ...env } = process.env;
const server = spawn(process.execPath, [main], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
