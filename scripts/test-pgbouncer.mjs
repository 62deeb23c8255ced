#!/usr/bin/env node
// A smoke set of the API tests through PgBouncer in transaction mode (docs/decisions/0033-pooler.md):
//   npm run test:pgbouncer        (needs the Debian packages pgbouncer and postgresql; .ci/run installs them)
//   npm run test:pgbouncer -- cart   extra arguments go to vitest (e.g. a name filter)
// Starts a private PostgreSQL cluster and PgBouncer on loopback (its config in a temporary folder),
// then runs the catalog, cart, checkout (with its concurrency tests), accounts and jobs tests with
//   TEST_DATABASE_URL         at PgBouncer: every query of the apps under test goes through it, unprepared,
//   TEST_DATABASE_DIRECT_URL  at the cluster: CREATE/DROP DATABASE of the test helper, and LISTEN.
// Then it checks in PgBouncer's log that the test databases were reached through it. Everything it started is
// stopped at the end, and the whole run is bounded in time.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isRunning,
  makeTempDir,
  onCleanup,
  registerCluster,
  root,
  runTestScript,
  startChild,
} from '../bench/processes.mjs';
import { freePort, startCluster } from './pg-cluster.mjs';
import { requirePgBouncer, startPgBouncer } from './pgbouncer.mjs';

const RUN_LIMIT_MS = 420_000;
const say = (msg) => console.log(`[pgbouncer] ${msg}`);

/**
 * The smoke set: the paths where pooling breaks things (transactions, row locks under 50 parallel
 * checkouts, LISTEN for the caches, sessions, the job queue's fetches), kept to a few minutes. The
 * slowest process tests (worker-process, crash-recovery) are left to test:pg.
 */
export const SMOKE_SET = [
  'apps/api/src/db/pooler.test.ts',
  'apps/api/src/modules/catalog/catalog.routes.test.ts',
  'apps/api/src/modules/catalog/catalog-cache.test.ts',
  'apps/api/src/modules/catalog/admin-products.routes.test.ts',
  'apps/api/src/modules/cart/cart.routes.test.ts',
  'apps/api/src/modules/checkout/create-checkout-session.test.ts',
  'apps/api/src/modules/checkout/finalize-checkout.test.ts',
  'apps/api/src/modules/checkout/one-open-checkout.test.ts',
  'apps/api/src/modules/accounts/accounts.routes.test.ts',
  'apps/api/src/modules/accounts/admin-access.test.ts',
  'apps/api/src/modules/accounts/viewer-cache.test.ts',
  'apps/api/src/modules/jobs/jobs.test.ts',
];

/**
 * The test databases clients logged in to through PgBouncer, from its log (its statistics forget a
 * database once its pool is dropped, and every test file drops its own).
 */
function databasesReachedThrough(dir) {
  const log = readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
  return new Set([...log.matchAll(/login attempt: db=(cw_test_\w+)/g)].map((m) => m[1])).size;
}

function runVitest(env) {
  // Its own process group, so a time-out stops vitest and its workers together.
  const child = startChild('npx', ['vitest', 'run', ...SMOKE_SET, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  onCleanup(() => {
    if (isRunning(child)) process.kill(-child.pid, 'SIGKILL');
  });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      say(`could not run vitest: ${err.message}`);
      resolve(1);
    });
  });
}

async function main() {
  requirePgBouncer();
  const clusterDir = makeTempDir('cartwheel-pgbouncer-pg-');
  registerCluster(clusterDir);
  const pgPort = await freePort();
  const directUrl = await startCluster(clusterDir, pgPort);
  const bouncerPort = await freePort();
  const bouncerDir = makeTempDir('cartwheel-pgbouncer-');
  const { url: bouncerUrl } = await startPgBouncer(bouncerDir, bouncerPort, pgPort, {
    // Fewer server connections than clients: transactions of different clients do share them.
    max_db_connections: 10,
    // The per-file databases come and go: their pools are dropped soon after.
    autodb_idle_timeout: 5,
    server_idle_timeout: 5,
  });
  say(`PgBouncer (transaction mode) at ${bouncerUrl} in front of ${directUrl}`);

  const code = await runVitest({ TEST_DATABASE_URL: bouncerUrl, TEST_DATABASE_DIRECT_URL: directUrl });
  if (code !== 0) throw new Error(`the smoke set failed through PgBouncer (vitest exit ${code})`);
  // Every test file opens a database of its own (some several): fewer would mean they went around it.
  const reached = databasesReachedThrough(bouncerDir);
  if (reached < SMOKE_SET.length) {
    throw new Error(
      `only ${reached} test databases were reached through PgBouncer (${SMOKE_SET.length} files)`,
    );
  }
  say(`ok: the smoke set passed through PgBouncer (${reached} test databases reached through it)`);
}

await runTestScript('pgbouncer', RUN_LIMIT_MS, main);
