// The processes a bench run starts (API servers, the ceiling server, the admin CLI) and their cleanup,
// plus the RSS sampling. Everything listens on 127.0.0.1. See bench/README.md.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stopCluster } from '../scripts/pg-cluster.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverMain = join(root, 'apps/api/dist/main.js');

export const log = (msg) => console.error(`[bench] ${msg}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident set size of a process in bytes, from /proc (undefined when it is gone or not Linux). */
export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the RSS of some processes every `intervalMs` until stopped; `peaks()` gives pid -> bytes. */
export function sampleRss(pids, intervalMs = 200) {
  const peak = new Map();
  const take = () => {
    for (const pid of pids) {
      const rss = rssOf(pid);
      if (rss !== undefined && rss > (peak.get(pid) ?? 0)) peak.set(pid, rss);
    }
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    peak: (pid) => peak.get(pid),
    stop() {
      clearInterval(timer);
      take();
    },
  };
}

/** Rejects with `what timed out` after `ms` (the work itself is not cancelled). */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs a phase with a time limit; a throw becomes `{ error }` so the other phases still run. */
export async function phase(name, ms, fn) {
  const started = Date.now();
  try {
    const value = await withTimeout(fn(), ms, name);
    log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { value };
  } catch (err) {
    log(`${name}: could not measure: ${err.stack ?? err.message}`);
    return { error: err };
  }
}

/**
 * Waits (at most `ms`) until no other session on `sql`'s database runs a statement: requests cut off
 * at the end of a load still run on the server, and stopping it then makes them fail.
 */
export async function waitForIdle(sql, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const [{ n }] = await sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
    if (n === 0) return true;
    await sleep(100);
  }
  return false;
}

// --- things to clean up, whatever happens ---------------------------------------------------------

const children = new Set();
const tempDirs = [];
const clusterDirs = [];
const cleanupHooks = [];

export function startChild(cmd, args, options) {
  const child = spawn(cmd, args, options);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export const isRunning = (child) => child.exitCode === null && child.signalCode === null;

export async function stopChild(child) {
  if (!isRunning(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

export function makeTempDir(prefix) {
  const dir = mkdtempSync(join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** A PostgreSQL cluster folder to stop and remove at the end. */
export function registerCluster(dir) {
  clusterDirs.push(dir);
}

/** Something else to undo at the end (e.g. a browser the Lighthouse module may have left). */
export function onCleanup(fn) {
  cleanupHooks.push(fn);
}

let cleanedUp = false;

/** Stops the PostgreSQL clusters (a failure is logged) and removes them and the temporary folders. */
function removeClustersAndDirs() {
  for (const dir of clusterDirs) {
    try {
      stopCluster(dir);
    } catch (err) {
      log(`could not stop PostgreSQL: ${err.message}`);
    }
  }
  for (const dir of [...clusterDirs, ...tempDirs]) rmSync(dir, { recursive: true, force: true });
}

/**
 * `cleanup` without waiting, for a signal: another module's SIGINT listener (chrome-launcher's) may
 * call process.exit right after ours. Servers get SIGTERM; PostgreSQL's fast stop drops their sessions.
 */
export function cleanupNow() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of children) if (isRunning(child)) child.kill('SIGTERM');
  removeClustersAndDirs();
}

/** Stops every process the run started, the PostgreSQL clusters, and removes the temporary folders. */
export async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const hook of cleanupHooks) {
    try {
      await hook();
    } catch (err) {
      log(`cleanup: ${err.message}`);
    }
  }
  await Promise.all([...children].map(stopChild));
  removeClustersAndDirs();
}

/** The Origin every write of the load generator carries; each bench server trusts it. */
export const LOAD_ORIGIN = 'http://bench.localhost';

/** The bearer token of every bench server's GET /metrics (bench/metrics-check.mjs reads it). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

// --- the API server -----------------------------------------------------------------------------------

/**
 * The environment of one server process on `databaseUrl` and `port` (the admin CLI gets the same):
 * production mode, no demo data, quiet logs, the default (local) payment provider.
 */
export function serverEnv(databaseUrl, port, extra = {}) {
  const env = { ...process.env };
  // The server's default payment provider (local, on this database): nothing leaves the machine.
  delete env.PAYMENT_PROVIDER;
  return {
    ...env,
    NODE_ENV: 'production',
    // The local provider in production mode, on purpose: the bench's shop takes no real payments.
    ALLOW_TEST_PAYMENTS: 'true',
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-only-secret-0123456789abcdef0123456789',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Better Auth trusts only this origin for sign-up and sign-in (the Origin header the bench sends).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Writes must come from a trusted page: the load generator plays the shop's page for every server.
    TRUSTED_ORIGINS: LOAD_ORIGIN,
    // The load generator plays the CDN in front of the shop too: the flash sale's shoppers arrive with
    // their own addresses in X-Forwarded-For (per-address limits apply to each, as in production).
    TRUST_PROXY: 'true',
    DATA_DIR: makeTempDir('cartwheel-bench-data-'),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    ...extra,
  };
}

/**
 * Spawns `node apps/api/dist/main.js` with `env` without waiting. The server logs JSON lines (pino);
 * the ones at level error or above are counted and the first few kept, so a run can report them.
 * BENCH_SERVER_NODE_ARGS adds Node flags to the servers only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * (Node refuses --cpu-prof in NODE_OPTIONS).
 */
export function spawnServer(env, name = 'server', main = serverMain) {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = startChild(process.execPath, [...nodeArgs, main], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  let pending = '';
  const errors = { count: 0, first: [] };
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', (chunk) => {
    keep(chunk);
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line);
      if (level && Number(level[1]) >= 50) {
        errors.count++;
        if (errors.first.length < 5) errors.first.push(line.slice(0, 600));
      }
    }
  });
  child.stderr.on('data', (chunk) => {
    keep(chunk);
    process.stderr.write(`[${name}] ${chunk}`);
  });
  const server = {
    name,
    child,
    env,
    baseUrl: env.PUBLIC_URL,
    port: Number(env.PORT),
    output: () => output,
    errors,
  };
  spawned.push(server);
  return server;
}

const spawned = [];

/** The error log lines of every server process the run started: [{ name, pid, count, first }]. */
export function serverErrorLogs() {
  return spawned.map((s) => ({
    name: s.name,
    pid: s.child.pid,
    count: s.errors.count,
    first: s.errors.first,
  }));
}

export async function waitForHealth(server, { timeoutMs = 90_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server.child)) {
      throw new Error(
        `${server.name} exited (${server.child.exitCode ?? server.child.signalCode}) during start-up:\n${server.output()}`,
      );
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`${server.name} did not become healthy within ${timeoutMs / 1000} s:\n${server.output()}`);
}

/**
 * Starts a server on `databaseUrl` (a free port unless given) and waits until it is healthy; `main`
 * runs another build of the API than this worktree's.
 */
export async function startServer(databaseUrl, { name = 'server', port, extraEnv, main } = {}) {
  const env = serverEnv(databaseUrl, port ?? (await freePort()), extraEnv);
  const server = spawnServer(env, name, main);
  await waitForHealth(server);
  return server;
}

/** `node apps/api/dist/main.js --create-admin ...` with a server's environment (the same database). */
export async function createAdminAccount(env, email, password) {
  const child = startChild(
    process.execPath,
    [serverMain, '--create-admin', '--email', email, '--password', password],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    },
  );
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const code = await withTimeout(
    new Promise((r) => child.once('exit', (c) => r(c))),
    60_000,
    'create-admin',
  ).catch(async (err) => {
    await stopChild(child);
    throw err;
  });
  if (code !== 0) throw new Error(`create-admin exited with ${code}: ${output.trim().slice(0, 500)}`);
}

/** A bare node:http server answering every request with the given bytes: what the harness can reach. */
export async function startCeiling(body, contentType) {
  const port = await freePort();
  const dir = makeTempDir('cartwheel-bench-ceiling-');
  writeFileSync(join(dir, 'body'), body);
  const source = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.argv[1]);
    const headers = { 'content-type': process.argv[2], 'content-length': body.length };
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(Number(process.argv[3]), '127.0.0.1', () => console.log('ready'));`;
  const child = startChild(process.execPath, ['-e', source, join(dir, 'body'), contentType, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, fail) => {
    child.stdout.once('data', ready);
    child.once('exit', (code) => fail(new Error(`the ceiling server exited (${code})`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

/** A small HTTP client with a cookie jar of one session, like one browser. */
export function browser(base) {
  let cookie = '';
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: LOAD_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  };
}

/**
 * An admin account made with the CLI on `server`'s database (`<name>-admin@example.com`), signed in on
 * `server`, and a visible product `<Name> Mug` at 15.00 made through the back-office API.
 */
export async function adminWithMug(server, name) {
  const email = `${name}-admin@example.com`;
  const password = `${name}-test-password`;
  await createAdminAccount(server.env, email, password);
  const admin = browser(server.baseUrl);
  const signIn = await admin('POST', '/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`FAILED: the admin signs in (${signIn.status})`);
  const title = name[0].toUpperCase() + name.slice(1);
  const created = await admin('POST', '/api/admin/products', {
    name: `${title} Mug`,
    sku: `${name.toUpperCase()}-MUG`,
    price: 1500,
    inventory_level: 20,
    is_visible: true,
  });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`FAILED: a product is created (${created.status} ${created.text.slice(0, 200)})`);
  }
  return { admin, product: created.json() };
}

/**
 * The end of a test script: runs `main` within `ms`, prints a failure with `tag`, stops everything the
 * run started and exits 1 on a failure, 0 otherwise.
 */
export async function runTestScript(tag, ms, main) {
  let failed = false;
  try {
    await withTimeout(main(), ms, `the ${tag} test`);
  } catch (error) {
    failed = true;
    console.error(`[${tag}] ${error.stack ?? error.message}`);
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}

/** utime + stime of a process, in milliseconds (Linux /proc; clock ticks of 10 ms). */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Runs a bench script's `main`; everything it started is stopped at the end, on error or on Ctrl-C. */
export async function runScript(main) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      cleanupNow();
      process.exit(130);
    });
  }
  try {
    await main();
  } finally {
    await cleanup();
  }
}
