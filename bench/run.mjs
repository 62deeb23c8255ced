#!/usr/bin/env node
// HTTP load benchmark of the built API on a private PostgreSQL cluster. See bench/README.md.
//
//   npm run bench                                  200 products, 10 connections, 15 s per target
//   npm run bench -- --duration 5                  a quick run
//   npm run bench -- --products 100000             the big catalog
//   options: --duration <s> --warmup <s> --connections <n> --products <n> --variants <n>
//
// Targets: a bare node:http ceiling, the product list, the product page, then two signed-in flows
// (bench/shoppers.mjs): the cart (add + read + empty) and checkout session creation (add + checkout).
//
// Everything listens on 127.0.0.1 only; every load phase is time-bounded.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { freePort, startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { seedCatalog, stockUpVariants } from './seed-catalog.mjs';
import {
  cartFlow,
  checkoutFlow,
  checkStock,
  clearCarts,
  MAX_SHOPPERS,
  probeFlow,
  signUpShoppers,
} from './shoppers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = join(root, 'apps/api/dist/main.js');
const resultsDir = join(root, 'bench/results');
// Stock of each variant the cart and checkout flows use: more than any run can take.
const STOCK_PER_VARIANT = 1_000_000;

function parseArgs(argv) {
  const args = { duration: 15, warmup: 3, connections: 10, products: 200, variants: 3 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const key = flag.replace(/^--/, '');
    if (!(key in args) || !flag.startsWith('--')) throw new Error(`unknown argument: ${argv[i]}`);
    const value = Number(inline ?? argv[++i]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`bad value for ${flag}`);
    args[key] = value;
  }
  if (args.duration < 1 || args.connections < 1 || args.products < 1) throw new Error('values must be >= 1');
  return args;
}

const log = (msg) => console.error(`[bench] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident set size of a process in bytes, from /proc (undefined when it is gone or not Linux). */
function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const mb = (bytes) => (bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(0));

// --- things to clean up, whatever happens ---------------------------------------------------------

const children = new Set();
const tempDirs = [];
let clusterDir;

function startChild(cmd, args, options) {
  const child = spawn(cmd, args, options);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  await Promise.all([...children].map(stopChild));
  if (clusterDir) {
    try {
      stopCluster(clusterDir);
    } catch (err) {
      log(`could not stop PostgreSQL: ${err.message}`);
    }
  }
  for (const dir of [clusterDir, ...tempDirs]) if (dir) rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

// --- the pieces -------------------------------------------------------------------------------------

function ensureBuild() {
  if (existsSync(serverMain)) return;
  log('apps/api/dist/main.js is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(serverMain)) throw new Error('npm run build failed');
}

async function waitForHealth(baseUrl, child, output, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) during start-up:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s:\n${output()}`);
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'cartwheel-bench-data-'));
  tempDirs.push(dataDir);
  const env = { ...process.env };
  // The server's default payment provider (local, on this database): nothing leaves the machine.
  delete env.PAYMENT_PROVIDER;
  const child = startChild(process.execPath, [serverMain], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'production',
      AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-only-secret-0123456789abcdef0123456789',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Better Auth trusts only this origin for sign-up (the Origin header the shoppers send).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', (chunk) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  return { child, baseUrl };
}

/** A bare node:http server answering every request with the given bytes: what the harness can reach. */
async function startCeiling(body, contentType) {
  const port = await freePort();
  const dir = mkdtempSync(join(os.tmpdir(), 'cartwheel-bench-ceiling-'));
  tempDirs.push(dir);
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

/**
 * Runs autocannon against one target: a warm-up, then the measured run while sampling the RSS. A
 * target either rotates GET paths (`nextPath`) or gives each connection its own request sequence
 * (`flow(i)` for connection i, e.g. one signed-in shopper's cart flow); a flow's figures count its
 * completed requests, so flows/s = requests / steps / seconds.
 */
async function measure(target, { duration, warmup, connections }) {
  const problems = [];
  const noteProblem = (req) => (status, body) => {
    if (status >= 200 && status < 300) return;
    if (problems.length < 5) problems.push(`${req.method} ${req.path} -> ${status} ${body.slice(0, 300)}`);
  };
  const options = (seconds) => {
    const base = { url: target.baseUrl, connections, duration: seconds, timeout: 10 };
    if (!target.flow) {
      return {
        ...base,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: target.nextPath() }) }],
      };
    }
    let next = 0;
    return {
      ...base,
      // Each connection gets its own copy of its sequence (autocannon keeps state on the objects).
      setupClient: (client) =>
        client.setRequests(target.flow(next++).map((req) => ({ ...req, onResponse: noteProblem(req) }))),
    };
  };
  if (warmup > 0) {
    await target.beforePhase?.();
    await autocannon(options(warmup));
  }
  await target.beforePhase?.();

  let peakRss = rssOf(target.pid);
  const sampler = setInterval(() => {
    const rss = rssOf(target.pid);
    if (rss !== undefined && (peakRss === undefined || rss > peakRss)) peakRss = rss;
  }, 200);
  let result;
  try {
    result = await autocannon(options(duration));
  } finally {
    clearInterval(sampler);
  }
  for (const p of problems) log(`${target.name}: ${p}`);
  const steps = target.flow ? target.flow(0).length : 1;
  return {
    name: target.name,
    path: target.label,
    requests: result.requests.total,
    reqPerSec: result.requests.mean,
    ...(target.flow && {
      stepsPerFlow: steps,
      flows: result.requests.total / steps,
      flowsPerSec: result.requests.total / steps / result.duration,
      measuredSeconds: result.duration,
    }),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    throughputBytesPerSec: result.throughput.mean,
    peakRssBytes: peakRss,
    ...(problems.length && { firstProblems: problems }),
  };
}

function rotate(paths) {
  let i = 0;
  return () => paths[i++ % paths.length];
}

function printTable(rows, ceiling) {
  const header = [
    'target',
    'req/s',
    'flows/s',
    '% ceiling',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'peak RSS MB',
  ];
  const lines = rows.map((r) => [
    `${r.name}  ${r.path}`,
    r.reqPerSec.toFixed(0),
    r.flowsPerSec === undefined ? '-' : r.flowsPerSec.toFixed(1),
    ceiling ? `${((r.reqPerSec / ceiling) * 100).toFixed(1)}%` : '-',
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.errors + r.timeouts),
    String(r.non2xx),
    mb(r.peakRssBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}

// --- the run ----------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  ensureBuild();

  clusterDir = mkdtempSync(join(os.tmpdir(), 'cartwheel-bench-pg-'));
  const pgPort = await freePort();
  log(`starting PostgreSQL on 127.0.0.1:${pgPort}`);
  const baseUrl = await startCluster(clusterDir, pgPort, { log });
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  const [{ version: pgVersion }] = await admin`select version()`;
  await admin`create database cartwheel_bench`;
  await admin.end({ timeout: 5 });
  const databaseUrl = baseUrl.replace(/\/postgres$/, '/cartwheel_bench');

  log('starting the server (migrates on start-up)');
  const server = await startServer(databaseUrl);

  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const shopperCount = Math.min(args.connections, MAX_SHOPPERS);
  let slugs;
  let stockLines;
  try {
    await seedCatalog(sql, { products: args.products, variants: args.variants, log });
    // One variant per shopper with a stock the run cannot exhaust.
    stockLines = (await stockUpVariants(sql, { count: shopperCount, stock: STOCK_PER_VARIANT })).sort(
      (a, b) => a.sku.localeCompare(b.sku),
    );
    if (stockLines.length === 0) throw new Error('no visible product to put in a cart');
    await sql`analyze`;
    slugs = (
      await sql`select slug from products where is_visible and deleted_at is null order by random() limit 50`
    ).map((r) => r.slug);
  } finally {
    await sql.end({ timeout: 5 });
  }

  const listPath = '/api/products?limit=20';
  const listRes = await fetch(`${server.baseUrl}${listPath}`, { headers: { 'accept-encoding': 'identity' } });
  const listBody = Buffer.from(await listRes.arrayBuffer());
  const contentType = listRes.headers.get('content-type') ?? 'application/json; charset=utf-8';
  if (!listRes.ok)
    log(`warning: ${listPath} answered ${listRes.status}: ${listBody.toString().slice(0, 300)}`);
  const detailPaths = slugs.map((s) => `/api/products/${encodeURIComponent(s)}`);
  const detailCheck = await fetch(`${server.baseUrl}${detailPaths[0]}`);
  if (!detailCheck.ok) log(`warning: ${detailPaths[0]} answered ${detailCheck.status}`);
  await detailCheck.arrayBuffer();

  const rssIdle = rssOf(server.child.pid);

  log(`signing up ${shopperCount} shoppers`);
  const shoppers = await signUpShoppers(server.baseUrl, shopperCount, log);
  // Connection i is shopper i (round-robin when there are more connections than shoppers).
  const shopperFlow = (makeFlow) => (i) =>
    makeFlow(shoppers[i % shoppers.length], stockLines[(i % shoppers.length) % stockLines.length]);
  const cartFlowOf = shopperFlow(cartFlow);
  const checkoutFlowOf = shopperFlow(checkoutFlow);
  for (const [name, flow] of [
    ['cart', cartFlowOf(0)],
    ['checkout', checkoutFlowOf(0)],
  ]) {
    const answers = await probeFlow(server.baseUrl, flow);
    const bad = answers.find((a) => a.status < 200 || a.status >= 300);
    if (bad)
      log(
        `warning: ${name} flow: ${bad.method} ${bad.path} answered ${bad.status}: ${bad.body.slice(0, 300)}`,
      );
    else if (name === 'checkout' && !/^\{"url":"[^"]+"\}$/.test(answers.at(-1).body))
      log(`warning: checkout answered 200 without a payment url: ${answers.at(-1).body.slice(0, 300)}`);
  }
  const emptyCarts = () => clearCarts(server.baseUrl, shoppers);

  const ceilingServer = await startCeiling(listBody, contentType);
  const targets = [
    {
      name: 'ceiling',
      label: `bare node:http, same ${listBody.length} bytes as the list`,
      baseUrl: ceilingServer.baseUrl,
      pid: ceilingServer.child.pid,
      nextPath: () => listPath,
    },
    {
      name: 'list',
      label: `GET ${listPath}`,
      baseUrl: server.baseUrl,
      pid: server.child.pid,
      nextPath: () => listPath,
    },
    {
      name: 'detail',
      label: `GET /api/products/:slug (${detailPaths.length} slugs)`,
      baseUrl: server.baseUrl,
      pid: server.child.pid,
      nextPath: rotate(detailPaths),
    },
    {
      name: 'cart',
      label: `flow: POST /api/cart/items + GET /api/cart + DELETE /api/cart (${shoppers.length} shoppers)`,
      baseUrl: server.baseUrl,
      pid: server.child.pid,
      flow: cartFlowOf,
      beforePhase: emptyCarts,
    },
    {
      name: 'checkout',
      label: `flow: POST /api/cart/items + POST /api/checkout/sessions (local provider)`,
      baseUrl: server.baseUrl,
      pid: server.child.pid,
      flow: checkoutFlowOf,
      // The server keeps the cart until payment: start each phase from one unit per flow again.
      beforePhase: emptyCarts,
    },
  ];

  const results = [];
  for (const target of targets) {
    log(
      `${target.name}: warm-up ${args.warmup} s, measure ${args.duration} s, ${args.connections} connections`,
    );
    results.push(await measure(target, args));
  }
  await stopChild(ceilingServer.child);
  await sleep(1000);
  const rssAfter = rssOf(server.child.pid);

  // The stock check reads one snapshot, so it holds (or not) at any moment; the pause above only lets
  // requests cut off at the end of the load finish, so the order counts are final.
  const checkSql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let stock;
  try {
    stock = await checkStock(checkSql, stockLines);
  } finally {
    await checkSql.end({ timeout: 5 });
  }
  const checkoutResult = results.find((r) => r.name === 'checkout');
  checkoutResult.stock = stock;

  const ceiling = results[0].reqPerSec;
  for (const r of results)
    r.percentOfCeiling = ceiling ? Math.round((r.reqPerSec / ceiling) * 1000) / 10 : null;

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      postgres: pgVersion,
    },
    settings: {
      ...args,
      listResponseBytes: listBody.length,
      shoppers: shoppers.length,
      stockPerVariant: STOCK_PER_VARIANT,
    },
    server: { rssIdleBytes: rssIdle, rssAfterBytes: rssAfter },
    stockExact: stock.exact,
    results,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  console.log(
    `Cartwheel API bench: ${args.products} products x ${args.variants} variants, ${args.connections} connections, ${args.duration} s per target (after ${args.warmup} s warm-up)`,
  );
  console.log(
    `${report.machine.cpu} x ${report.machine.cores}, ${report.machine.memoryGb} GB, Node ${process.version}`,
  );
  console.log(`${pgVersion.split(' on ')[0]} (private cluster, fsync off)`);
  console.log('');
  printTable(results, ceiling);
  console.log('');
  console.log(`server RSS: ${mb(rssIdle)} MB idle after seeding, ${mb(rssAfter)} MB after the load`);
  const held = stock.variants.reduce((sum, v) => sum + v.heldByPendingOrders, 0);
  console.log(
    `stock exact: ${stock.exact ? 'yes' : 'no'} (${stock.variants.length} variants of ${STOCK_PER_VARIANT.toLocaleString('en-US')}; ` +
      `${stock.orders.pending} pending orders hold ${held} units; ${stock.orders.cancelled} earlier checkouts released; ${stock.orders.total} orders in all)`,
  );
  if (!stock.exact)
    for (const v of stock.variants.filter((x) => !x.exact)) log(`stock off: ${JSON.stringify(v)}`);
  console.log(`written: ${join('bench/results', 'latest.json')}`);

  const measured = results.filter((r) => r.name !== 'ceiling');
  if (measured.every((r) => r.requests === 0)) throw new Error('no request was answered');
}

main()
  .then(() => cleanup())
  .catch(async (err) => {
    console.error(`[bench] could not measure: ${err.stack ?? err.message}`);
    await cleanup();
    process.exit(1);
  });
