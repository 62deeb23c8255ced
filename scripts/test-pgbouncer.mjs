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

import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import {
  isRunning,
  makeTempDir,
  onCleanup,
  registerCluster,
  root,
  runTestScript,
  sleep,
  startChild,
} from '../bench/processes.mjs';
import { freePort, startCluster } from './pg-cluster.mjs';

const PGBOUNCER = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
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

/** PgBouncer 1.18 refuses to run as root: as root it runs as the cluster's user (pg-cluster.mjs). */
function runAsUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'cwpg']) {
    if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0) return name;
  }
  throw new Error('no unprivileged user to run PgBouncer as (pg-cluster.mjs makes one)');
}

async function startPgBouncer(dir, port, pgPort) {
  const user = runAsUser();
  // The cluster trusts loopback (pg-cluster.mjs), so PgBouncer does too; it still wants the user listed.
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      // Every database name (the tests make one per file) to the private cluster.
      `* = host=127.0.0.1 port=${pgPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 10',
      // Fewer server connections than clients: transactions of different clients do share them.
      'max_db_connections = 10',
      // The per-file databases come and go: their pools are dropped soon after.
      'autodb_idle_timeout = 5',
      'server_idle_timeout = 5',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  if (user) {
    const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
    for (const file of [dir, ini, join(dir, 'userlist.txt')]) chownSync(file, uid, gid);
    chmodSync(dir, 0o700);
  }
  // Its log goes to the file only (read back by loginsThrough).
  const child = startChild(PGBOUNCER, [...(user ? ['-u', user] : []), '-q', ini], { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 100; i++) {
    if (!isRunning(child)) throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode})`);
    const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 1 });
    try {
      await sql`select 1`;
      return url;
    } catch {
      await sleep(100);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
  throw new Error(`pgbouncer did not answer within 10 s (log: ${join(dir, 'pgbouncer.log')})`);
}

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
  if (spawnSync(PGBOUNCER, ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  }
  const clusterDir = makeTempDir('cartwheel-pgbouncer-pg-');
  registerCluster(clusterDir);
  const pgPort = await freePort();
  const directUrl = await startCluster(clusterDir, pgPort);
  const bouncerPort = await freePort();
  const bouncerDir = makeTempDir('cartwheel-pgbouncer-');
  const bouncerUrl = await startPgBouncer(bouncerDir, bouncerPort, pgPort);
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
