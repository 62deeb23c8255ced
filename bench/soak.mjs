#!/usr/bin/env node
// A soak under faults (docs/operations.md, "Soak under faults"):
//   npm run soak                            30 minutes of load
//   npm run soak -- --minutes 5 --rate 10   shorter; --rate caps the requests started per second
// Starts a primary PostgreSQL with a streaming replica, PgBouncer in transaction mode in front of the
// primary, two web processes (ROLE=web, catalog reads from the replica) and a worker (ROLE=worker),
// a mail server and a webhook receiver. Seeds a shop and runs shoppers and staff against both web
// processes while it kills web A, then the worker, then PgBouncer (kill -9, then starts each again),
// and restarts PostgreSQL once. A fault's window runs from the kill until every process answers
// /api/health again, plus --grace seconds. Afterwards it waits for the worker to finish what was
// queued and checks (bench/soak-audit.mjs) that every payment, redemption, refund, email and webhook
// is there exactly once, that the stock is exact and that no request failed outside a fault window.
// Prints the figures, writes them to bench/results/soak-latest.json, exits 1 on any violation.

import { execFile, execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { baseBackup, freePort, startCluster } from '../scripts/pg-cluster.mjs';
import { requirePgBouncer, startPgBouncer } from '../scripts/pgbouncer.mjs';
import { parseFlags } from './options.mjs';
import {
  cleanupNow,
  createAdminAccount,
  isRunning,
  LOAD_ORIGIN,
  makeTempDir,
  onCleanup,
  registerCluster,
  root,
  runTestScript,
  serverMain,
  sleep,
  spawnServer,
  startServer,
  waitForHealth,
} from './processes.mjs';
import { seedCatalog, stockUpVariants } from './seed-catalog.mjs';
import { signIn, signUpShoppers } from './shoppers.mjs';
import { audit, drain, stockBalance } from './soak-audit.mjs';
import { createLoad } from './soak-load.mjs';
import { startMailCatcher, startWebhookReceiver } from './soak-receivers.mjs';

const args = parseFlags(process.argv.slice(2), { minutes: 30, rate: 10, shoppers: 6, grace: 5, drain: 180 });
const say = (msg) => console.log(`[soak] ${msg}`);
const DISCOUNT_CODE = 'SOAK10';
/** When each fault starts, as a share of the load's length. */
const FAULTS = [
  [0.15, 'kill -9 web A'],
  [0.35, 'kill -9 the worker'],
  [0.55, 'kill -9 PgBouncer'],
  [0.75, 'restart PostgreSQL'],
];
const run = promisify(execFile);

const withDb = (url, name) => url.replace(/\/postgres$/, `/${name}`);

/** The error lines (pino level 50 and up) of every server process, with their time. */
const serverErrors = [];
function watchErrors(server) {
  server.child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) {
      const level = /"level":(\d+)/.exec(line);
      const time = /"time":(\d+)/.exec(line);
      if (level && time && Number(level[1]) >= 50) {
        serverErrors.push({ server: server.name, time: Number(time[1]), line: line.slice(0, 1500) });
      }
    }
  });
  return server;
}

/** kill -9 and wait for the exit. */
async function killHard(child) {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Starts the clusters and PgBouncer; returns their URLs and how to restart the primary and PgBouncer. */
async function startDatabases() {
  const primaryDir = makeTempDir('cartwheel-soak-primary-');
  registerCluster(primaryDir);
  const pgPort = await freePort();
  const primaryRoot = await startCluster(primaryDir, pgPort);
  const admin = postgres(primaryRoot, { max: 1, onnotice: () => {} });
  await admin`create database cartwheel_soak`;
  await admin.end({ timeout: 5 });
  const replicaDir = makeTempDir('cartwheel-soak-replica-');
  baseBackup(primaryDir, pgPort, replicaDir);
  registerCluster(replicaDir);
  const replicaRoot = await startCluster(replicaDir, await freePort());
  const bouncer = await startPgBouncer(makeTempDir('cartwheel-soak-pgbouncer-'), await freePort(), pgPort, {
    default_pool_size: 20,
    max_db_connections: 30,
    // After PostgreSQL's restart, PgBouncer tries the server again within a second, not 15.
    server_login_retry: 1,
  });
  say(`PostgreSQL ${primaryRoot}, replica ${replicaRoot}, PgBouncer ${bouncer.url}`);
  // pg_ctl in a child process: the load and the receivers go on meanwhile.
  const pgCluster = (...argv) => run(process.execPath, [join(root, 'scripts/pg-cluster.mjs'), ...argv]);
  return {
    directUrl: withDb(primaryRoot, 'cartwheel_soak'),
    replicaUrl: withDb(replicaRoot, 'cartwheel_soak'),
    poolUrl: withDb(bouncer.url, 'cartwheel_soak'),
    bouncer,
    async restartPrimary() {
      await pgCluster('stop', primaryDir);
      await pgCluster('start', primaryDir, String(pgPort));
    },
  };
}

/** The shop: a catalog, the variants checkouts rotate over, an admin, a discount code, a webhook endpoint. */
async function seedShop(sql, web, hooksUrl) {
  await seedCatalog(sql, { products: 40, variants: 2 });
  // Half the variants can sell out during the run (refunds put units back), half cannot.
  const plenty = await stockUpVariants(sql, { count: 8, stock: 1_000_000 });
  const few = plenty.slice(4);
  await sql`update product_variants set inventory_level = 15 where id = any(${few.map((l) => l.variant_id)}::uuid[])`;
  const slugs = (await sql`select slug from products where is_visible and deleted_at is null limit 20`).map(
    (r) => r.slug,
  );
  const email = 'soak-admin@example.com';
  const password = 'soak-admin-password-1';
  await createAdminAccount(web.env, email, password);
  const staffCookie = await signIn(web.baseUrl, email, password);
  const post = async (path, body) => {
    const res = await fetch(`${web.baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie: staffCookie, origin: LOAD_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
  await post('/api/admin/discounts', {
    title: 'Soak',
    code: DISCOUNT_CODE,
    kind: 'percentage',
    percent_bps: 1000,
  });
  await post('/api/admin/webhooks', { url: hooksUrl, events: ['order.paid', 'order.refunded'] });
  return { lines: plenty, slugs, staffCookie };
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/** The load's figures, its errors sorted by whether a fault window overlaps them. */
function figures(samples, windows, seconds) {
  const inWindow = (s) => windows.some((w) => s.start <= w.end && s.start + s.ms >= w.start);
  const errors = samples.filter((s) => s.error);
  const outside = errors.filter((s) => !inWindow(s));
  const quiet = samples
    .filter((s) => !s.error && !inWindow(s))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    requests: samples.length,
    reqPerSec: Math.round((samples.length / seconds) * 10) / 10,
    p50Ms: pct(quiet, 0.5),
    p99Ms: pct(quiet, 0.99),
    errorsInWindows: errors.length - outside.length,
    errorsOutside: outside.length,
    soldOut: samples.filter((s) => s.expected).length,
    firstErrorsOutside: outside
      .slice(0, 10)
      .map((s) => `${new Date(s.start).toISOString()} ${s.step}: ${s.error}`),
  };
}

async function main() {
  if (!existsSync(serverMain)) {
    say('building the API bundle');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'api'], { cwd: root, stdio: 'inherit' });
  }
  requirePgBouncer();
  const db = await startDatabases();
  const mail = await startMailCatcher();
  const hooks = await startWebhookReceiver();
  onCleanup(() => mail.close());
  onCleanup(() => hooks.close());
  const env = {
    DATABASE_PREPARE: 'false',
    DATABASE_DIRECT_URL: db.directUrl,
    DATABASE_READ_URL: db.replicaUrl,
    DATABASE_POOL_SIZE: '8',
    MAILER: 'smtp',
    SMTP_URL: mail.url,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // A killed worker's jobs come back within half a minute, not the default five.
    JOB_TIMEOUT_SECONDS: '20',
    JOB_RETRY_DELAY_SECONDS: '2',
    JOB_POLL_SECONDS: '0.5',
    CHECKOUT_RECONCILE_INTERVAL_SECONDS: '5',
  };
  // The worker first: it migrates the database.
  const procs = {
    worker: await startServer(db.poolUrl, { name: 'worker', extraEnv: { ...env, ROLE: 'worker' } }),
  };
  procs.webA = await startServer(db.poolUrl, { name: 'web A', extraEnv: { ...env, ROLE: 'web' } });
  procs.webB = await startServer(db.poolUrl, { name: 'web B', extraEnv: { ...env, ROLE: 'web' } });
  const sql = postgres(db.directUrl, { max: 2, onnotice: () => {} });
  onCleanup(() => sql.end({ timeout: 5 }));
  const shop = await seedShop(sql, procs.webA, hooks.url);
  const shoppers = await signUpShoppers(procs.webA.baseUrl, args.shoppers);
  say(`seeded; ${shoppers.length} shoppers and one member of staff, ${args.rate} requests/s at most`);

  const variantIds = shop.lines.map((l) => l.variant_id);
  const before = await stockBalance(sql, variantIds);
  const [{ since }] = await sql`select now() as since`;
  const load = createLoad({
    targets: () => [procs.webA.baseUrl, procs.webB.baseUrl],
    shoppers,
    staffCookie: shop.staffCookie,
    lines: shop.lines,
    slugs: shop.slugs,
    discountCode: DISCOUNT_CODE,
    rate: args.rate,
  });
  const seconds = args.minutes * 60;
  const started = Date.now();
  const loadDone = load.run(started + seconds * 1000);

  const restart = async (key) => {
    await killHard(procs[key].child);
    procs[key] = watchErrors(spawnServer(procs[key].env, procs[key].name));
  };
  const actions = [
    () => restart('webA'),
    () => restart('worker'),
    async () => {
      await killHard(db.bouncer.child);
      await db.bouncer.restart();
    },
    () => db.restartPrimary(),
  ];
  const windows = [];
  for (const [i, [at, name]] of FAULTS.entries()) {
    await sleep(Math.max(0, started + at * seconds * 1000 - Date.now()));
    const start = Date.now();
    say(`fault: ${name}`);
    await actions[i]();
    await Promise.all(Object.values(procs).map((p) => waitForHealth(p, { timeoutMs: 120_000 })));
    const healthy = Date.now();
    windows.push({
      fault: name,
      start,
      end: healthy + args.grace * 1000,
      recoverySeconds: (healthy - start) / 1000,
    });
    say(`healthy again after ${((healthy - start) / 1000).toFixed(1)} s`);
  }
  await loadDone;
  const loadSeconds = (Date.now() - started) / 1000;
  say(`load done: ${load.samples.length} requests in ${loadSeconds.toFixed(0)} s; waiting for the worker`);
  const drained = await drain(sql, args.drain * 1000);
  const result = {
    ...figures(load.samples, windows, loadSeconds),
    counts: load.counts,
    faults: windows.map(({ fault, recoverySeconds }) => ({ fault, recoverySeconds })),
    drainSeconds: drained.seconds,
    backlogLeft: drained.left,
    emailsReceived: mail.messages.size,
    webhookEventsReceived: hooks.events.size,
  };
  const checks = await audit(sql, {
    mail,
    hooks,
    before,
    variantIds,
    discountCode: DISCOUNT_CODE,
    load,
    since,
  });
  const inWindow = (time) => windows.some((w) => time >= w.start && time <= w.end);
  for (const e of serverErrors.filter((x) => !inWindow(x.time)).slice(0, 5))
    say(`${e.server} logged outside the windows: ${e.line}`);
  checks.push({
    name: 'no error outside the fault windows',
    ok: result.errorsOutside === 0,
    detail: `${result.errorsOutside} outside, ${result.errorsInWindows} inside (${result.firstErrorsOutside.slice(0, 3).join(' | ')})`,
  });
  checks.push({
    name: 'the worker caught up',
    ok: Object.values(drained.left).every((n) => n === 0),
    detail: `${drained.seconds.toFixed(0)} s; left ${JSON.stringify(drained.left)}`,
  });
  print(result, checks);
  writeFileSync(
    join(root, 'bench/results/soak-latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), args, result, checks }, null, 2)}\n`,
  );
  const failed = checks.filter((c) => !c.ok);
  if (failed.length)
    throw new Error(`${failed.length} check(s) failed: ${failed.map((c) => c.name).join('; ')}`);
  say('passed');
}

function print(r, checks) {
  const rows = [
    [
      'requests',
      `${r.requests} (${r.reqPerSec}/s), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms outside the windows`,
    ],
    [
      'errors',
      `${r.errorsOutside} outside the fault windows, ${r.errorsInWindows} inside; ${r.soldOut} sold-out 409s`,
    ],
    [
      'orders',
      `${r.counts.paid} paid (${r.counts.discounted} with the code), ${r.counts.refunds} refunded by staff`,
    ],
    ...r.faults.map((f) => [f.fault, `healthy again after ${f.recoverySeconds.toFixed(1)} s`]),
    ['worker caught up', `${r.drainSeconds.toFixed(0)} s after the load`],
    ['received', `${r.emailsReceived} emails, ${r.webhookEventsReceived} webhook events`],
  ];
  console.log('\n| figure | value |\n| --- | --- |');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  console.log('\n| check | ok | detail |\n| --- | --- | --- |');
  for (const c of checks) console.log(`| ${c.name} | ${c.ok ? 'yes' : '**NO**'} | ${c.detail} |`);
  console.log('');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanupNow();
    process.exit(130);
  });
}
await runTestScript('soak', (args.minutes * 60 + args.drain + 600) * 1000, main);
