#!/usr/bin/env node
// Catalog reads from a streaming replica without stale reads (docs/decisions/0040-read-replicas.md):
//   npm run test:replica        (needs the Debian package postgresql; .ci/run installs it)
// Starts a primary cluster and a streaming replica of it (pg_basebackup -R) on loopback, and two web
// processes with DATABASE_READ_URL at the replica. It checks that
//   - a storefront catalog read goes to the replica (the read counter in /metrics, and the replica's
//     own pg_stat_activity shows the catalog query on the read pool's connection),
//   - with the replica's replay paused (it lags), after a back-office price change neither the process
//     that wrote it nor the other one shows the old price, while the replica itself still has it: the
//     reads fall back to the primary,
//   - once the replica has replayed the change, the reads go to the replica again.
// Everything it started is stopped at the end, and the whole run is bounded in time.

import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import {
  adminWithMug,
  browser,
  makeTempDir,
  registerCluster,
  root,
  runTestScript,
  serverMain,
  sleep,
  startServer,
} from '../bench/processes.mjs';
import { findPgBin, freePort, startCluster } from './pg-cluster.mjs';

const RUN_LIMIT_MS = 240_000;
const METRICS_TOKEN = 'replica-test-metrics-token';
const say = (msg) => console.log(`[replica] ${msg}`);

function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  say(`ok: ${what}`);
}

/** pg_basebackup -R of the primary into `dir`: a standby that streams from it once started. */
function baseBackup(primaryDir, primaryPort, dir) {
  const bin = findPgBin();
  // As root the clusters belong to an unprivileged user (pg-cluster.mjs): the copy too.
  const owner = statSync(primaryDir).uid;
  const user =
    process.getuid?.() === 0
      ? execFileSync('id', ['-nu', String(owner)], { encoding: 'utf8' }).trim()
      : undefined;
  if (user) chownSync(dir, owner, statSync(primaryDir).gid);
  chmodSync(dir, 0o700);
  const args = [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ];
  const [cmd, argv] = user
    ? ['runuser', ['-u', user, '--', `${bin}/pg_basebackup`, ...args]]
    : [`${bin}/pg_basebackup`, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/' });
  if (result.status !== 0) throw new Error(`pg_basebackup failed: ${result.stderr}`);
}

/** The process's catalog reads by target, from its /metrics. */
async function readsOf(server) {
  const res = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const count = (target) =>
    Number(
      new RegExp(`^cartwheel_catalog_reads_total\\{[^}]*target="${target}"[^}]*\\} (\\d+)`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return { replica: count('replica'), primary: count('primary') };
}

async function waitFor(what, predicate, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await sleep(100);
  }
  throw new Error(`FAILED: ${what} within ${ms / 1000} s`);
}

async function main() {
  if (!existsSync(serverMain)) {
    say('building the API bundle');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'api'], { cwd: root, stdio: 'inherit' });
  }
  const primaryDir = makeTempDir('cartwheel-replica-primary-');
  registerCluster(primaryDir);
  const primaryPort = await freePort();
  const primaryUrl = await startCluster(primaryDir, primaryPort);
  const replicaDir = makeTempDir('cartwheel-replica-standby-');
  baseBackup(primaryDir, primaryPort, replicaDir);
  // The whole text of the catalog's statements in pg_stat_activity (1 kB by default).
  appendFileSync(join(replicaDir, 'postgresql.auto.conf'), 'track_activity_query_size = 32768\n');
  registerCluster(replicaDir);
  const replicaUrl = await startCluster(replicaDir, await freePort());
  const replica = postgres(replicaUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ standby }] = await replica`select pg_is_in_recovery() as standby`;
    check(standby === true, 'the replica is a streaming standby of the primary');
    await run(primaryUrl, replicaUrl, replica);
  } finally {
    await replica.end({ timeout: 1 });
  }
}

async function run(primaryUrl, replicaUrl, replica) {
  const env = { DATABASE_READ_URL: replicaUrl, METRICS_TOKEN, JOB_POLL_SECONDS: '0.5' };
  // One after the other: the first one migrates the primary.
  const web1 = await startServer(primaryUrl, { name: 'web1', extraEnv: env });
  const web2 = await startServer(primaryUrl, { name: 'web2', extraEnv: env });
  say(`web1 and web2 on the primary ${primaryUrl}, catalog reads from the replica ${replicaUrl}`);

  const { admin, product } = await adminWithMug(web1, 'replica');
  say('an admin signed in and made a product');
  const priceOnReplica = async () =>
    (await replica`select price from products where id = ${product.id}`)[0]?.price;
  await waitFor('the replica has the product', async () => (await priceOnReplica()) === 1500);

  // --- a catalog read goes to the replica -------------------------------------------------------------
  const shopper2 = browser(web2.baseUrl);
  const before = await readsOf(web2);
  const first = await shopper2('GET', `/api/products/${product.slug}`);
  check(first.status === 200 && first.json().price === 1500, 'the product reads on web2');
  const after = await readsOf(web2);
  check(
    after.replica > before.replica && after.primary === before.primary,
    `web2 read it from the replica (replica reads ${before.replica} -> ${after.replica}, primary ${before.primary} -> ${after.primary})`,
  );
  // The read pool's connections on the replica and their last statements: the product's read among them.
  const onReplica = await replica`
    select query from pg_stat_activity where application_name = 'cartwheel-read'`;
  check(
    onReplica.some(
      (row) => /\bfrom products\b/i.test(row.query) && !/pg_last_wal_replay_lsn/.test(row.query),
    ),
    `the replica ran the catalog query on the read pool (pg_stat_activity: ${onReplica.map((r) => r.query.slice(0, 60)).join(' | ')})`,
  );

  // --- a lagging replica never serves the old price ---------------------------------------------------
  await replica`select pg_wal_replay_pause()`;
  const changed = await admin('PATCH', `/api/admin/products/${product.id}`, { price: 1234 });
  check(
    changed.status === 200,
    `the price is changed on web1 while the replica's replay is paused (${changed.status})`,
  );
  const shopper1 = browser(web1.baseUrl);
  const lagging = { web1: await readsOf(web1), web2: await readsOf(web2) };
  const stale = [];
  const startedAt = Date.now();
  let reads = 0;
  // Both processes, the product and fresh list pages (new cache keys: every one is a database read).
  while (Date.now() - startedAt < 2000) {
    reads++;
    for (const [name, who] of [
      ['web1', shopper1],
      ['web2', shopper2],
    ]) {
      const one = await who('GET', `/api/products/${product.slug}`);
      if (one.json().price !== 1234) stale.push(`${name} product ${one.json().price}`);
      const list = await who('GET', `/api/products?limit=${(reads % 90) + 10}&search=replica`);
      const item = list.json().items.find((p) => p.id === product.id);
      if (item?.price !== 1234) stale.push(`${name} list ${item?.price}`);
    }
  }
  check(
    stale.length === 0,
    `no read showed the old price in 2 s of reads on both processes (${stale.slice(0, 3).join(', ')})`,
  );
  check((await priceOnReplica()) === 1500, 'the replica itself still had the old price meanwhile');
  const fellBack = { web1: await readsOf(web1), web2: await readsOf(web2) };
  check(
    fellBack.web1.primary > lagging.web1.primary && fellBack.web2.primary > lagging.web2.primary,
    'both processes read from the primary while the replica lagged',
  );

  // --- caught up: reads return to the replica --------------------------------------------------------
  await replica`select pg_wal_replay_resume()`;
  await waitFor('the replica replays the change', async () => (await priceOnReplica()) === 1234);
  // A replica found behind is asked again after a few milliseconds.
  await sleep(100);
  const caughtUp = await readsOf(web2);
  const again = await shopper2('GET', '/api/products?limit=7&search=replica&sort=newest');
  check(
    again.json().items.some((p) => p.id === product.id && p.price === 1234),
    'the list shows the new price',
  );
  const back = await readsOf(web2);
  check(
    back.replica > caughtUp.replica && back.primary === caughtUp.primary,
    `web2 reads from the replica again (replica ${caughtUp.replica} -> ${back.replica}, primary ${caughtUp.primary} -> ${back.primary})`,
  );
  say('passed');
}

await runTestScript('replica', RUN_LIMIT_MS, main);
