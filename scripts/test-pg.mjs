#!/usr/bin/env node
// Runs the API test suite against a real PostgreSQL (the same tests `npm test` runs on PGlite).
//
//   npm run test:pg                      private throwaway cluster on a free port
//   TEST_DATABASE_URL=postgres://... npm run test:pg    an existing server (CI starts one)
//
// Extra arguments go to vitest: `npm run test:pg -- -t checkout`. Arguments naming existing files or
// folders run those instead of the whole API suite: `npm run test:pg -- apps/api/src/modules/cart`.
// The API test helper (apps/api/test) creates a throwaway database per test file from TEST_DATABASE_URL.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startCluster, stopCluster } from './pg-cluster.mjs';

let clusterDir;
let child;

function cleanup() {
  if (!clusterDir) return;
  const dir = clusterDir;
  clusterDir = undefined;
  try {
    stopCluster(dir);
  } catch (err) {
    console.error(`[test-pg] could not stop the cluster: ${err.message}`);
  }
  rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    cleanup();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}
process.on('exit', cleanup);

async function main() {
  let url = process.env.TEST_DATABASE_URL;
  if (url) {
    console.error(`[test-pg] using TEST_DATABASE_URL (${url.replace(/\/\/[^@]*@/, '//***@')})`);
  } else {
    clusterDir = mkdtempSync(join(tmpdir(), 'cartwheel-pg-'));
    const port = await freePort();
    url = await startCluster(clusterDir, port, { log: (m) => console.error(`[test-pg] ${m}`) });
    console.error(`[test-pg] private PostgreSQL at ${url}`);
  }

  // `npx vitest run apps/api` (or the files named), in its own process group so a signal to this script reaches vitest and
  // its workers too (npm exec does not forward signals).
  const args = process.argv.slice(2);
  const suite = args.some((arg) => !arg.startsWith('-') && existsSync(arg)) ? [] : ['apps/api'];
  child = spawn('npx', ['vitest', 'run', ...suite, ...args], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  const code = await new Promise((resolve) => {
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`[test-pg] could not run vitest: ${err.message}`);
      resolve(1);
    });
  });
  cleanup();
  process.exit(code);
}

main().catch((err) => {
  console.error(`[test-pg] ${err.stack ?? err.message}`);
  cleanup();
  process.exit(1);
});
