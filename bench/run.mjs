#!/usr/bin/env node
// The performance bench of issue 7: every row with its figure, its target and whether it is met. See
// bench/README.md.
//
//   npm run bench                                   everything (about 15 minutes)
//   npm run bench -- --duration 2 --warmup 1 --mixed 10 --big-products 2000    a quick run
//   options: --duration <s> --warmup <s> --connections <n> --products <n> --variants <n>
//            --mixed <s> --big-products <n> --big-orders <n> --skip-lighthouse
//
// Phases, in order, on one private PostgreSQL cluster: the 200-product load targets on server A
// (ceiling, list, detail, product HTML, cart, checkout; RSS), freshness across A and a second process
// B (bench/freshness.mjs), the mixed load on A + B (bench/mixed.mjs), start-up of A
// (bench/startup.mjs), the big catalog on its own database (bench/big-catalog.mjs), and last the
// storefront's first-load JavaScript and Lighthouse against A (bench/frontend.mjs).
//
// Everything listens on 127.0.0.1 only; every phase is time-bounded. A target that is missed is a
// "NO" in the table; the exit code is non-zero only when something could not be measured.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, startCluster } from '../scripts/pg-cluster.mjs';
import { bigCatalogRows, runBigCatalog, usesIndexes } from './big-catalog.mjs';
import { measureFreshness } from './freshness.mjs';
import { frontendRows, measureFrontend } from './frontend.mjs';
import { measure, noValidAnswer, rotate } from './load.mjs';
import { runMixed } from './mixed.mjs';
import {
  cleanup,
  cleanupNow,
  createAdminAccount,
  isRunning,
  log,
  onCleanup,
  registerCluster,
  root,
  rssOf,
  sampleRss,
  serverErrorLogs,
  serverMain,
  sleep,
  startCeiling,
  startServer,
  stopChild,
  waitForIdle,
  withTimeout,
} from './processes.mjs';
import {
  failedRow,
  fmtMiB,
  fmtMs,
  printLoadTable,
  printRows,
  printTable,
  row,
  skippedRow,
} from './report.mjs';
import { seedCatalog, stockUpVariants } from './seed-catalog.mjs';
import {
  cartFlow,
  checkoutFlow,
  checkStock,
  clearCarts,
  MAX_SHOPPERS,
  probeFlow,
  signIn,
  signUpShoppers,
} from './shoppers.mjs';
import { measureStartup } from './startup.mjs';

const resultsDir = join(root, 'bench/results');
// Stock of each variant the cart and checkout flows use: more than any run can take.
const STOCK_PER_VARIANT = 1_000_000;
// Variants the mixed load's checkouts sell out, and their stock.
const SMALL_STOCK_VARIANTS = 5;
const SMALL_STOCK = 20;
const FRESHNESS_SAMPLES = 5;
const STARTUP_RUNS = 5;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

const TARGETS = {
  listShare: 15,
  listP99Ms: 10,
  htmlShare: 10,
  cartFlowsPerSec: 1000,
  checkoutPerSec: 200,
  rssBytes: 200 * 1024 * 1024,
  startupMs: 1500,
  freshnessMs: 1000,
};

function parseArgs(argv) {
  const args = {
    duration: 15,
    warmup: 3,
    connections: 10,
    products: 200,
    variants: 3,
    mixed: 300,
    'big-products': 100_000,
    'big-orders': 100_000,
    'skip-lighthouse': false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const key = flag.replace(/^--/, '');
    if (!(key in args) || !flag.startsWith('--')) throw new Error(`unknown argument: ${argv[i]}`);
    if (typeof args[key] === 'boolean') {
      args[key] = inline === undefined ? true : inline === 'true';
      continue;
    }
    const value = Number(inline ?? argv[++i]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`bad value for ${flag}`);
    args[key] = value;
  }
  if (args.duration < 1 || args.connections < 1 || args.products < 1) throw new Error('values must be >= 1');
  return args;
}

function ensureBuild() {
  if (existsSync(serverMain)) return;
  log('apps/api/dist/main.js is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(serverMain)) throw new Error('npm run build failed');
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    cleanupNow();
    process.exit(130);
  });
}

/** Runs a phase with a time limit; a throw becomes `{ error }` so the other phases still run. */
async function phase(name, ms, fn) {
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

const clean = (r) => r.requests > 0 && r.errors + r.timeouts === 0 && r.non2xx === 0;
const problemsOf = (r) => {
  if (r.requests === 0) return '; no answer completed';
  return clean(r) ? '' : `; ${r.errors + r.timeouts} errors, ${r.non2xx} non-2xx`;
};
const share = (r, ceiling) => (ceiling ? (r.reqPerSec / ceiling) * 100 : null);

// --- the run ----------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const load = { duration: args.duration, warmup: args.warmup, connections: args.connections };
  const loadMs = (targets) => targets * (args.duration + args.warmup + 60) * 1000;
  ensureBuild();

  const clusterDir = mkdtempSync(join(os.tmpdir(), 'cartwheel-bench-pg-'));
  registerCluster(clusterDir);
  const pgPort = await freePort();
  log(`starting PostgreSQL on 127.0.0.1:${pgPort}`);
  const clusterUrl = await startCluster(clusterDir, pgPort, { log });
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  const [{ version: pgVersion }] = await admin`select version()`;
  await admin`create database cartwheel_bench`;
  await admin.end({ timeout: 5 });
  const databaseUrl = clusterUrl.replace(/\/postgres$/, '/cartwheel_bench');
  // One client for the checks between phases.
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  onCleanup(() => sql.end({ timeout: 5 }));

  log('starting server A (migrates on start-up)');
  let serverA = await startServer(databaseUrl, { name: 'server A' });

  const shopperCount = Math.min(args.connections, MAX_SHOPPERS);
  await seedCatalog(sql, { products: args.products, variants: args.variants, log });
  // One variant per shopper with a stock the run cannot exhaust.
  const stockLines = (await stockUpVariants(sql, { count: shopperCount, stock: STOCK_PER_VARIANT })).sort(
    (a, b) => a.sku.localeCompare(b.sku),
  );
  if (stockLines.length === 0) throw new Error('no visible product to put in a cart');
  await sql`analyze`;
  // The freshness test changes this product (the last visible one); the load targets read others.
  const [freshProduct] = await sql`
    select id, slug from products where is_visible and deleted_at is null and slug ~ '^bench-product-[0-9]+$'
    order by split_part(slug, '-', 3)::int desc limit 1`;
  const slugs = (
    await sql`select slug from products where is_visible and deleted_at is null and id <> ${freshProduct.id}
      order by random() limit 50`
  ).map((r) => r.slug);

  const listPath = '/api/products?limit=20';
  const listRes = await fetch(`${serverA.baseUrl}${listPath}`, {
    headers: { 'accept-encoding': 'identity' },
  });
  const listBody = Buffer.from(await listRes.arrayBuffer());
  const contentType = listRes.headers.get('content-type') ?? 'application/json; charset=utf-8';
  if (!listRes.ok)
    log(`warning: ${listPath} answered ${listRes.status}: ${listBody.toString().slice(0, 300)}`);
  const detailPaths = slugs.map((s) => `/api/products/${encodeURIComponent(s)}`);
  const htmlPaths = slugs.map((s) => `/product/${encodeURIComponent(s)}`);
  for (const path of [detailPaths[0], htmlPaths[0]]) {
    const res = await fetch(`${serverA.baseUrl}${path}`);
    const text = await res.text();
    if (!res.ok) log(`warning: ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    else if (path === htmlPaths[0] && !/og:title|application\/ld\+json/.test(text))
      log(`warning: ${path} has no product meta tags (is the storefront built?)`);
  }
  const rssIdle = rssOf(serverA.child.pid);

  log(`signing up ${shopperCount} shoppers`);
  const shoppers = await signUpShoppers(serverA.baseUrl, shopperCount, log);
  // Connection i is shopper i (round-robin when there are more connections than shoppers).
  const shopperFlow = (makeFlow) => (i) =>
    makeFlow(shoppers[i % shoppers.length], stockLines[(i % shoppers.length) % stockLines.length]);
  const cartFlowOf = shopperFlow(cartFlow);
  const checkoutFlowOf = shopperFlow(checkoutFlow);
  for (const [name, flow] of [
    ['cart', cartFlowOf(0)],
    ['checkout', checkoutFlowOf(0)],
  ]) {
    const answers = await probeFlow(serverA.baseUrl, flow);
    const bad = answers.find((a) => a.status < 200 || a.status >= 300);
    if (bad)
      log(
        `warning: ${name} flow: ${bad.method} ${bad.path} answered ${bad.status}: ${bad.body.slice(0, 300)}`,
      );
    else if (name === 'checkout' && !/^\{"url":"[^"]+"\}$/.test(answers.at(-1).body))
      log(`warning: checkout answered 200 without a payment url: ${answers.at(-1).body.slice(0, 300)}`);
  }
  const emptyCarts = () => clearCarts(serverA.baseUrl, shoppers);

  const rows = [];
  const report = {
    date: new Date().toISOString(),
    machine: machine(pgVersion),
    settings: {
      ...args,
      listResponseBytes: listBody.length,
      shoppers: shoppers.length,
      stockPerVariant: STOCK_PER_VARIANT,
    },
    targets: TARGETS,
  };

  // --- 1. the 200-product load targets on server A -------------------------------------------------
  const results = [];
  const ceilingServer = await startCeiling(listBody, contentType);
  const a = serverA;
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
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      nextPath: () => listPath,
    },
    {
      name: 'detail',
      label: `GET /api/products/:slug (${detailPaths.length} slugs)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      nextPath: rotate(detailPaths),
    },
    {
      name: 'html',
      label: `GET /product/:slug (${htmlPaths.length} slugs, storefront shell with meta tags)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      nextPath: rotate(htmlPaths),
    },
    {
      name: 'cart',
      label: `flow: POST /api/cart/items + GET /api/cart (${shoppers.length} shoppers)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      flow: cartFlowOf,
      // Each flow adds a unit: start each phase from empty carts.
      beforePhase: emptyCarts,
    },
    {
      name: 'checkout',
      label: 'flow: POST /api/cart/items + POST /api/checkout/sessions (local provider)',
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      flow: checkoutFlowOf,
      // The server keeps the cart until payment: start each phase from one unit per flow again.
      beforePhase: emptyCarts,
    },
  ];
  const rssA = sampleRss([a.child.pid]);
  const failedTargets = {};
  for (const target of targets) {
    log(
      `${target.name}: warm-up ${args.warmup} s, measure ${args.duration} s, ${args.connections} connections`,
    );
    const done = await phase(`target ${target.name}`, loadMs(1), () => measure(target, load));
    if (done.error) failedTargets[target.name] = done.error;
    else results.push(done.value);
  }
  rssA.stop();
  await stopChild(ceilingServer.child);
  await sleep(1000);
  const rssAfter = rssOf(a.child.pid);
  // One snapshot: holds (or not) at any moment; the pause only lets cut-off requests finish.
  const stock = await checkStock(sql, stockLines);
  const byName = Object.fromEntries(results.map((r) => [r.name, r]));
  if (byName.checkout) byName.checkout.stock = stock;
  // The ceiling serves the list's bytes: when the list did not answer 200 it served an error page.
  const ceilingProblem = listRes.ok
    ? undefined
    : `the list answered ${listRes.status}: no list bytes to serve`;
  if (ceilingProblem && byName.ceiling) failedTargets.ceiling = new Error(ceilingProblem);
  const ceiling = ceilingProblem || !byName.ceiling ? undefined : byName.ceiling.reqPerSec;
  for (const r of results)
    r.percentOfCeiling = ceiling ? Math.round((r.reqPerSec / ceiling) * 1000) / 10 : null;
  report.load = results;
  report.ceilingReqPerSec = ceiling ?? null;
  report.server = { rssIdleBytes: rssIdle, rssAfterBytes: rssAfter, peakRssBytes: rssA.peak(a.child.pid) };
  report.stockExact = stock.exact;
  rows.push(...loadRows(byName, failedTargets, ceiling, rssA.peak(a.child.pid), stock));

  // --- 2. freshness across two processes -------------------------------------------------------------
  let serverB;
  let adminCookie;
  const fresh = await phase('freshness', 3 * FRESHNESS_SAMPLES * 20_000 + 120_000, async () => {
    if (!isRunning(serverA.child)) throw new Error('server A is not running');
    log('starting server B on the same database');
    serverB = await startServer(databaseUrl, { name: 'server B' });
    await createAdminAccount(serverA.env, ADMIN.email, ADMIN.password);
    adminCookie = await signIn(serverA.baseUrl, ADMIN.email, ADMIN.password);
    const res = await fetch(`${serverA.baseUrl}/api/products/${encodeURIComponent(freshProduct.slug)}`);
    if (!res.ok) throw new Error(`GET /api/products/${freshProduct.slug} answered ${res.status}`);
    const product = await res.json();
    return measureFreshness({
      writer: serverA,
      readers: [serverA, serverB],
      adminCookie,
      product: {
        id: product.id,
        slug: product.slug,
        price: product.price,
        inventory_level: product.inventory_level,
      },
      samples: FRESHNESS_SAMPLES,
      log,
    });
  });
  report.freshness = fresh.value ?? { error: fresh.error?.message };
  rows.push(...freshnessRows(fresh));

  // --- 3. mixed load on both processes ---------------------------------------------------------------
  const mixedLabel = `mixed load ${args.mixed} s, 2 processes`;
  const mixedTarget = '0 errors, 0 oversold units';
  if (args.mixed > 0) {
    const mixed = await phase('mixed load', (args.mixed + 180) * 1000, async () => {
      if (!serverB || !isRunning(serverB.child)) throw new Error('server B is not running');
      if (!isRunning(serverA.child)) throw new Error('server A is not running');
      const small = await sql`
        with picked as (
          select p.id as product_id, v.id as variant_id
          from products p
          cross join lateral (select id from product_variants where product_id = p.id order by sku limit 1) v
          where p.slug ~ '^bench-product-[0-9]+$' and p.is_visible and p.deleted_at is null
            and p.id <> ${freshProduct.id}
          order by split_part(p.slug, '-', 3)::int
          offset ${stockLines.length} limit ${SMALL_STOCK_VARIANTS}
        )
        update product_variants pv set inventory_level = ${SMALL_STOCK}
        from picked where pv.id = picked.variant_id
        returning picked.product_id, pv.id as variant_id, pv.sku`;
      const browsePaths = browseMix(slugs);
      log(
        `mixed: ${args.mixed} s, ${args.connections} connections on A and B; ${small.length} variants of ${SMALL_STOCK} units`,
      );
      return runMixed({
        servers: [serverA, serverB],
        shoppers,
        cartLines: stockLines,
        checkoutPool: [...small, ...stockLines.slice(0, 2)],
        browsePaths,
        seconds: args.mixed,
        connections: args.connections,
        sql,
        log,
      });
    });
    report.mixed = mixed.value ?? { error: mixed.error?.message };
    rows.push(
      mixed.error
        ? failedRow('mixed', mixedLabel, mixedTarget, mixed.error)
        : mixedRow(mixed.value, mixedLabel, mixedTarget),
    );
  } else {
    rows.push(skippedRow('mixed', 'mixed load, 2 processes', mixedTarget, 'skipped (--mixed 0)'));
  }
  await waitForIdle(sql);
  if (serverB) await stopChild(serverB.child);

  // --- 4. start-up on the migrated, seeded database -------------------------------------------------
  const startup = await phase('start-up', STARTUP_RUNS * 40_000, async () => {
    await stopChild(serverA.child);
    await sleep(500);
    const measured = await measureStartup(serverA.env, { runs: STARTUP_RUNS, log });
    serverA = measured.server;
    const { server, ...figures } = measured;
    return figures;
  });
  report.startup = startup.value ?? { error: startup.error?.message };
  rows.push(startupRow(startup));

  // --- 5. the big catalog on its own database ---------------------------------------------------------
  const bigProducts = args['big-products'];
  if (bigProducts > 0) {
    // Seeding 100,000 products and orders takes a minute or two; then 8 targets.
    const big = await phase('big catalog', 600_000 + loadMs(8), () =>
      runBigCatalog({
        clusterUrl,
        products: bigProducts,
        variants: args.variants,
        orders: args['big-orders'],
        load,
        log,
      }),
    );
    report.bigCatalog = big.value ?? { error: big.error?.message };
    if (big.error) {
      rows.push(
        failedRow(
          'big',
          `${bigProducts.toLocaleString('en-US')} products: list, search, sorts`,
          'p50 <= 20 ms',
          big.error,
        ),
      );
      rows.push(
        failedRow(
          'dashboard',
          `dashboard with ${args['big-orders'].toLocaleString('en-US')} orders`,
          'p50 <= 200 ms',
          big.error,
        ),
      );
    } else {
      rows.push(...bigCatalogRows(big.value, bigProducts, args['big-orders']));
    }
  } else {
    rows.push(
      skippedRow(
        'big',
        'big catalog: list, search, sorts, dashboard',
        'p50 <= 20 ms / 200 ms',
        'skipped (--big-products 0)',
      ),
    );
  }

  // --- 6. storefront: first-load JavaScript and Lighthouse (slow: last) -----------------------------
  const lighthousePaths = ['/', htmlPaths[0]];
  onCleanup(async () => {
    // A Chromium that Lighthouse left behind (e.g. after a timeout).
    const launcher = await import('chrome-launcher').catch(() => undefined);
    await launcher?.killAll?.();
  });
  const front = await phase('storefront', 900_000, async () => {
    if (!isRunning(serverA.child)) throw new Error('server A is not running');
    return measureFrontend({
      baseUrl: serverA.baseUrl,
      paths: lighthousePaths,
      skipLighthouse: args['skip-lighthouse'],
      log,
    });
  });
  report.frontend = front.value ?? { error: front.error?.message };
  if (front.error) {
    rows.push(
      failedRow('first_load_js', 'storefront first-load JavaScript', '<= 150.0 KB gzip', front.error),
    );
    rows.push(failedRow('lighthouse', 'Lighthouse mobile', 'performance >= 95', front.error));
  } else {
    rows.push(...frontendRows(front.value, lighthousePaths));
  }

  // --- the report ---------------------------------------------------------------------------------------
  const order = ['ceiling', 'list', 'detail', 'html', 'cart', 'checkout', 'rss', 'startup'];
  const rank = (r) => {
    const i = order.indexOf(r.key);
    if (i >= 0) return i;
    if (r.key.startsWith('freshness')) return 10;
    if (r.key.startsWith('big') || r.key === 'dashboard') return 20;
    if (r.key === 'first_load_js') return 30;
    if (r.key.startsWith('lighthouse')) return 31;
    return 40;
  };
  rows.sort((x, y) => rank(x) - rank(y));
  report.rows = rows;
  report.serverErrorLogs = serverErrorLogs();
  report.couldNotMeasure = rows.filter((r) => r.error).map((r) => `${r.label}: ${r.error}`);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  printReport(report, args);
  return report.couldNotMeasure.length === 0;
}

// --- rows ---------------------------------------------------------------------------------------------

function loadRows(byName, failed, ceiling, peakRss, stock) {
  const rows = [];
  const t = TARGETS;
  const add = (key, label, target, build, needsCeiling = false) => {
    if (failed[key]) rows.push(failedRow(key, label, target, failed[key]));
    else if (!byName[key]) rows.push(failedRow(key, label, target, 'not run'));
    else if (noValidAnswer(byName[key])) rows.push(failedRow(key, label, target, noValidAnswer(byName[key])));
    else if (needsCeiling && !ceiling) {
      const r = byName[key];
      rows.push(
        failedRow(
          key,
          label,
          target,
          `no ceiling to compare with (${r.reqPerSec.toFixed(0)} req/s, p99 ${fmtMs(r.latencyP99Ms)} ms)`,
        ),
      );
    } else rows.push(build(byName[key]));
  };
  add('ceiling', 'ceiling: bare node:http, list bytes', 'reference', (r) =>
    row('ceiling', 'ceiling: bare node:http, list bytes', 'reference', {
      figure: `${r.reqPerSec.toFixed(0)} req/s, p99 ${fmtMs(r.latencyP99Ms)} ms${problemsOf(r)}`,
      ceilingPct: 100,
    }),
  );
  const listTarget = `>= ${t.listShare}% of ceiling, p99 <= ${t.listP99Ms} ms`;
  for (const [key, label] of [
    ['list', 'GET /api/products?limit=20'],
    ['detail', 'GET /api/products/:slug'],
  ]) {
    add(
      key,
      label,
      listTarget,
      (r) => {
        const pct = share(r, ceiling);
        return row(key, label, listTarget, {
          figure: `${r.reqPerSec.toFixed(0)} req/s, p99 ${fmtMs(r.latencyP99Ms)} ms${problemsOf(r)}`,
          ceilingPct: pct,
          met: pct !== null && pct >= t.listShare && r.latencyP99Ms <= t.listP99Ms && clean(r),
        });
      },
      true,
    );
  }
  const htmlTarget = `>= ${t.htmlShare}% of ceiling`;
  add(
    'html',
    'storefront HTML /product/:slug',
    htmlTarget,
    (r) => {
      const pct = share(r, ceiling);
      return row('html', 'storefront HTML /product/:slug', htmlTarget, {
        figure: `${r.reqPerSec.toFixed(0)} req/s, p99 ${fmtMs(r.latencyP99Ms)} ms${problemsOf(r)}`,
        ceilingPct: pct,
        met: pct !== null && pct >= t.htmlShare && clean(r),
      });
    },
    true,
  );
  const cartTarget = `>= ${t.cartFlowsPerSec.toLocaleString('en-US')} flows/s`;
  add('cart', 'signed-in add to cart + read cart', cartTarget, (r) =>
    row('cart', 'signed-in add to cart + read cart', cartTarget, {
      figure: `${r.flowsPerSec.toFixed(1)} flows/s (${r.reqPerSec.toFixed(0)} req/s, p99 ${fmtMs(r.latencyP99Ms)} ms)${problemsOf(r)}`,
      ceilingPct: share(r, ceiling),
      met: r.flowsPerSec >= t.cartFlowsPerSec && clean(r),
    }),
  );
  const checkoutTarget = `>= ${t.checkoutPerSec}/s, stock exact`;
  add('checkout', 'checkout-session creation (local provider)', checkoutTarget, (r) =>
    row('checkout', 'checkout-session creation (local provider)', checkoutTarget, {
      figure: `${r.flowsPerSec.toFixed(1)} sessions/s, stock exact: ${stock.exact ? 'yes' : 'NO'}${problemsOf(r)}`,
      ceilingPct: share(r, ceiling),
      met: r.flowsPerSec >= t.checkoutPerSec && stock.exact && clean(r),
    }),
  );
  const rssTarget = `<= ${fmtMiB(t.rssBytes)} MiB`;
  if (peakRss === undefined)
    rows.push(failedRow('rss', 'server RSS, 200-product rows', rssTarget, 'no RSS sample'));
  else
    rows.push(
      row('rss', 'server RSS, peak over the rows above', rssTarget, {
        figure: `${fmtMiB(peakRss)} MiB`,
        met: peakRss <= t.rssBytes,
      }),
    );
  return rows;
}

function freshnessRows(fresh) {
  const target = `<= ${TARGETS.freshnessMs / 1000} s on every process`;
  const kinds = ['price', 'stock', 'visibility'];
  const label = (k) => `back-office ${k} change seen by A and B`;
  if (fresh.error) return kinds.map((k) => failedRow(`freshness_${k}`, label(k), target, fresh.error));
  return kinds.map((k) => {
    const f = fresh.value.kinds[k];
    const servers = Object.entries(f.byServer)
      .map(([name, s]) => `${name.replace('server ', '')} max ${fmtMs(s.maxMs)}`)
      .join(', ');
    return row(`freshness_${k}`, label(k), target, {
      figure: `p50 ${fmtMs(f.p50Ms)} ms, max ${fmtMs(f.maxMs)} ms (${servers}; ${f.reads} reads, ${f.failed} not seen in 5 s)`,
      met: f.failed === 0 && f.maxMs <= TARGETS.freshnessMs,
    });
  });
}

function startupRow(startup) {
  const label = 'start-up to healthy, migrated database';
  const target = `<= ${TARGETS.startupMs / 1000} s`;
  if (startup.error) return failedRow('startup', label, target, startup.error);
  const s = startup.value;
  return row('startup', label, target, {
    figure: `median ${(s.medianMs / 1000).toFixed(2)} s, max ${(s.maxMs / 1000).toFixed(2)} s (${s.samplesMs.length} starts)`,
    met: s.maxMs <= TARGETS.startupMs,
  });
}

function mixedRow(m, label, target) {
  const rss = m.perProcess
    .map((p) => `${p.server.replace('server ', '')} ${fmtMiB(p.peakRssBytes)}`)
    .join(', ');
  return row('mixed', label, target, {
    figure:
      `${m.requests.toLocaleString('en-US')} requests, ${m.errors} errors, ${m.stock409} sold-out 409s, ` +
      `${m.oversoldUnits} oversold${m.stockExact ? '' : ', stock NOT exact'}; peak RSS MiB ${rss}`,
    met: m.errors === 0 && m.oversoldUnits === 0 && m.stockExact,
  });
}

/** browse: the product list (each sort, a few pages, a category), product JSON and product HTML. */
function browseMix(slugs) {
  const lists = [];
  for (const sort of ['newest', 'name', 'price_asc', 'price_desc'])
    for (const page of [1, 2, 3]) lists.push(`/api/products?limit=20&sort=${sort}&page=${page}`);
  lists.push('/api/products?limit=20&category=bench-electronics');
  const paths = [];
  slugs.forEach((slug, i) => {
    paths.push(
      lists[i % lists.length],
      `/api/products/${encodeURIComponent(slug)}`,
      `/product/${encodeURIComponent(slug)}`,
    );
  });
  return paths;
}

function machine(pgVersion) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: pgVersion,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

// --- printing -------------------------------------------------------------------------------------------

function printReport(report, args) {
  const m = report.machine;
  console.log('');
  console.log(
    `Cartwheel bench (issue 7): ${args.products} products x ${args.variants} variants, ${args.connections} connections, ` +
      `${args.duration} s per target after ${args.warmup} s warm-up, loopback, PostgreSQL`,
  );
  console.log(
    `${m.cpu} x ${m.cores}, ${m.memoryGb} GB, Node ${m.node}, load average ${m.loadAverage.join(' ')}`,
  );
  console.log(`${m.postgres.split(' on ')[0]} (private cluster, fsync off)`);

  if (report.load?.length) {
    console.log('');
    printLoadTable(report.load, report.ceilingReqPerSec);
  }
  const big = report.bigCatalog;
  if (big && !big.error) {
    console.log('');
    console.log(
      `Big catalog (${big.database}, CATALOG_CACHE_MB=0): ${big.seeded.products} products, ${big.seeded.variants} variants, ${big.seeded.orders} orders`,
    );
    printLoadTable([...big.results, big.dashboard], null);
    if (!big.explain.available)
      console.log('EXPLAIN: not available (bench/catalog-explain.mjs is not there)');
    else if (big.explain.error) console.log(`EXPLAIN: could not measure: ${big.explain.error}`);
    else
      for (const p of big.explain.plans)
        console.log(
          `EXPLAIN ${p.name}: ${usesIndexes(p) ? 'indexes used' : 'NOT only indexes'}; ${p.indexes.length ? p.indexes.join(', ') : 'no index'}` +
            `${p.seqScans?.length ? `; seq scan: ${p.seqScans.join(', ')}` : ''}` +
            `${typeof p.executionMs === 'number' ? `; ${p.executionMs.toFixed(1)} ms` : ''}`,
        );
  }
  const fresh = report.freshness;
  if (fresh && !fresh.error) {
    console.log('');
    console.log(
      `Freshness: ${fresh.samplesPerKind} changes of each kind on A, read on A and B every 10 ms (from sending the PATCH)`,
    );
    printTable(
      ['change', 'p50 ms', 'max ms', ...Object.keys(fresh.all.byServer).map((s) => `max ${s}`), 'not seen'],
      Object.entries(fresh.kinds).map(([k, f]) => [
        k,
        fmtMs(f.p50Ms),
        fmtMs(f.maxMs),
        ...Object.values(f.byServer).map((s) => fmtMs(s.maxMs)),
        String(f.failed),
      ]),
      [1, 2, 3, 4, 5],
    );
  }
  const mixed = report.mixed;
  if (mixed && !mixed.error) {
    console.log('');
    console.log(
      `Mixed load ${mixed.seconds} s: ${mixed.sessionsOpened} checkout sessions, ${mixed.paymentsCompleted} paid; ` +
        `orders ${mixed.orders.created} (${mixed.orders.paid} paid, ${mixed.orders.pending} pending, ${mixed.orders.cancelled} released)`,
    );
    printTable(
      [
        'process',
        'connections',
        'requests',
        'req/s',
        'p99 ms',
        'errors',
        '5xx',
        '409 sold out',
        'error logs',
        'peak RSS MiB',
      ],
      mixed.perProcess.map((p) => [
        p.server,
        summarizeRoles(p.connections),
        String(p.requests),
        p.reqPerSec.toFixed(0),
        fmtMs(p.latencyP99Ms),
        String(p.errors),
        String(p.status5xx),
        String(p.stock409),
        String(p.serverErrorLogLines),
        fmtMiB(p.peakRssBytes),
      ]),
      [2, 3, 4, 5, 6, 7, 8, 9],
    );
    const sold = mixed.variants.filter((v) => v.startStock <= SMALL_STOCK);
    if (sold.length)
      console.log(
        `small-stock variants (start ${SMALL_STOCK}): ${sold.map((v) => `${v.sku} left ${v.level}, paid ${v.heldPaid}, pending ${v.heldPending}`).join('; ')}`,
      );
    console.log(
      `stock audit: ${mixed.variants.length} variants, oversold ${mixed.oversoldUnits}, missing ${mixed.missingUnits}, exact: ${mixed.stockExact ? 'yes' : 'NO'}`,
    );
  }
  if (report.startup && !report.startup.error)
    console.log(
      `\nStart-up to healthy (ms): ${report.startup.samplesMs.map((s) => s.toFixed(0)).join(', ')}`,
    );
  const logged = report.serverErrorLogs.filter((s) => s.count > 0);
  if (logged.length) {
    console.log('');
    console.log(`Server error log lines: ${logged.map((s) => `${s.name} ${s.count}`).join(', ')}; first:`);
    for (const s of logged) for (const line of s.first) console.log(`  ${s.name}: ${line}`);
  }

  console.log('');
  console.log('Issue 7 targets');
  printRows(report.rows);
  if (report.couldNotMeasure.length) {
    console.log('');
    console.log('Could not measure:');
    for (const line of report.couldNotMeasure) console.log(`  ${line}`);
  }
  console.log(`\nwritten: ${join('bench/results', 'latest.json')}`);
}

function summarizeRoles(roles) {
  const counts = {};
  for (const r of roles) counts[r] = (counts[r] ?? 0) + 1;
  return Object.entries(counts)
    .map(([r, n]) => `${n} ${r}`)
    .join(', ');
}

main()
  .then(async (measuredAll) => {
    await cleanup();
    if (!measuredAll) process.exit(1);
  })
  .catch(async (err) => {
    console.error(`[bench] could not measure: ${err.stack ?? err.message}`);
    await cleanup();
    process.exit(1);
  });
