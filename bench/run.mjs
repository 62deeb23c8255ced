#!/usr/bin/env node
// The performance bench: every row with its figure, its target and whether it is met. See
// bench/README.md.
//
//   npm run bench                                   everything (about 15 minutes)
//   npm run bench -- --duration 2 --warmup 1 --mixed 10 --big-products 2000    a quick run
//   options: --duration <s> --warmup <s> --connections <n> --products <n> --variants <n>
//            --mixed <s> --big-products <n> --big-orders <n> --skip-lighthouse
//            --split-roles (A and B with ROLE=web, a third process with ROLE=worker runs the jobs)
//            --skip-varnish (no mixed load through Varnish)
//            --flash-shoppers <n> --flash-units <n> --flash-concurrency <n> (0 shoppers skips the sale)
//
// Phases, in order, on one private PostgreSQL cluster (bench/setup.mjs): the 200-product load targets
// on server A (ceiling, list, detail, product HTML, cart, checkout; RSS; bench/load-targets.mjs),
// freshness across A and a second process B (bench/freshness.mjs), the mixed load on A + B
// (bench/mixed.mjs), a flash sale on A + B and more web processes up to the cores (bench/flash-sale.mjs), the mixed load through Varnish in
// front of two web processes with a worker, then their /metrics (bench/mixed-varnish.mjs), start-up of
// A (bench/startup.mjs), the big catalog on its own database
// (bench/big-catalog.mjs), and last the storefront's first-load JavaScript and Lighthouse against A
// (bench/frontend.mjs). The options and targets are in bench/options.mjs, the printout in
// bench/print-report.mjs.
//
// Everything listens on 127.0.0.1 only; every phase is time-bounded. A target that is missed is a
// "NO" in the table; the exit code is non-zero only when something could not be measured.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { bigCatalogRows, runBigCatalog } from './big-catalog.mjs';
import { flashSaleRows } from './flash-rows.mjs';
import {
  FLASH_VARIANTS,
  pickSaleVariants,
  runFlashSale,
  saleProcesses,
  startSaleServers,
} from './flash-sale.mjs';
import { freshnessRows, measureFreshness } from './freshness.mjs';
import { frontendRows, lighthousePages, measureFrontend } from './frontend.mjs';
import { runLoadTargets } from './load-targets.mjs';
import { browseMix, mixedRow, runMixed, takeSmallStock } from './mixed.mjs';
import { metricsWithoutVarnish, runMixedThroughVarnish, varnishSkipReason } from './mixed-varnish.mjs';
import {
  ADMIN,
  FRESHNESS_SAMPLES,
  loadMs,
  loadSettings,
  parseArgs,
  SMALL_STOCK,
  SMALL_STOCK_VARIANTS,
  STARTUP_RUNS,
  STOCK_PER_VARIANT,
  TARGETS,
  webRoleEnv,
} from './options.mjs';
import { printReport, sortRows } from './print-report.mjs';
import {
  cleanup,
  cleanupNow,
  createAdminAccount,
  isRunning,
  log,
  onCleanup,
  phase,
  root,
  serverErrorLogs,
  serverMain,
  sleep,
  startServer,
  stopChild,
  waitForIdle,
} from './processes.mjs';
import { failedRow, skippedRow } from './report.mjs';
import { prepareRun } from './setup.mjs';
import { signIn } from './shoppers.mjs';
import { measureStartup, startupRow } from './startup.mjs';

const resultsDir = join(root, 'bench/results');

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

// --- the run ----------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const load = loadSettings(args);
  ensureBuild();

  const ctx = await prepareRun(args);
  const { clusterUrl, databaseUrl, pgVersion, sql, stockLines, freshProduct, slugs, shoppers } = ctx;
  let { serverA } = ctx;

  const rows = [];
  const report = {
    date: new Date().toISOString(),
    machine: machine(pgVersion),
    settings: {
      ...args,
      listResponseBytes: ctx.listBody.length,
      shoppers: shoppers.length,
      stockPerVariant: STOCK_PER_VARIANT,
    },
    targets: TARGETS,
  };

  // --- 1. the 200-product load targets on server A -------------------------------------------------
  await runLoadTargets(ctx, args, report, rows);

  // --- 2. freshness across two processes -------------------------------------------------------------
  let serverB;
  let worker;
  let adminCookie;
  const fresh = await phase('freshness', 3 * FRESHNESS_SAMPLES * 20_000 + 120_000, async () => {
    if (!isRunning(serverA.child)) throw new Error('server A is not running');
    log('starting server B on the same database');
    serverB = await startServer(databaseUrl, { name: 'server B', extraEnv: webRoleEnv(args) });
    if (args['split-roles'])
      worker = await startServer(databaseUrl, { name: 'worker', extraEnv: { ROLE: 'worker' } });
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
        variant: product.variants?.[0]
          ? { id: product.variants[0].id, inventory_level: product.variants[0].inventory_level }
          : undefined,
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
      const small = await takeSmallStock(sql, {
        skipId: freshProduct.id,
        offset: stockLines.length,
        count: SMALL_STOCK_VARIANTS,
        stock: SMALL_STOCK,
      });
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

  // --- 3b. a flash sale on both processes ----------------------------------------------------------
  const flashLabel = `flash sale: ${args['flash-shoppers'].toLocaleString('en-US')} guests, one product of ${args['flash-units']} units, ${saleProcesses()} processes`;
  if (args['flash-shoppers'] > 0) {
    const flashSeconds = Math.max(10, args.duration);
    // Three sales of up to a minute each, with the others alone before the first two.
    const flash = await phase('flash sale', (3 * flashSeconds + 300) * 1000, async () => {
      if (!serverB || !isRunning(serverB.child)) throw new Error('server B is not running');
      if (!isRunning(serverA.child)) throw new Error('server A is not running');
      const variants = await pickSaleVariants(
        sql,
        [freshProduct.id, ...stockLines.map((l) => l.product_id)],
        FLASH_VARIANTS,
      );
      // As many web processes as cores: A and B, and more on a bigger machine (stopped after the sale).
      const { servers, started } = await startSaleServers(databaseUrl, [serverA, serverB], {
        extraEnv: webRoleEnv(args),
      });
      try {
        return await runFlashSale({
          servers,
          sql,
          variants,
          units: args['flash-units'],
          saleShoppers: args['flash-shoppers'],
          concurrency: args['flash-concurrency'],
          shoppers,
          flowOf: ctx.checkoutFlowOf,
          seconds: flashSeconds,
          log,
        });
      } finally {
        await Promise.all(started.map((s) => stopChild(s.child)));
      }
    });
    report.flashSale = flash.value ?? { error: flash.error?.message };
    if (flash.error) rows.push(failedRow('flash_sale', flashLabel, 'exactly the units sold', flash.error));
    else rows.push(...flashSaleRows(flash.value, flashLabel));
    await waitForIdle(sql);
  } else {
    rows.push(
      skippedRow('flash_sale', 'flash sale', 'exactly the units sold', 'skipped (--flash-shoppers 0)'),
    );
  }
  await metricsWithoutVarnish(args, { serverB, worker }, report, rows);
  if (serverB) await stopChild(serverB.child);
  if (worker) await stopChild(worker.child);

  // --- 3c. mixed load through Varnish: two web processes and a worker; then /metrics --------------
  // A has no CDN purger and, without --split-roles, runs the jobs: it would take the phase's purges
  // and drop them. The start-up phase restarts it anyway.
  if (!varnishSkipReason(args)) await stopChild(serverA.child);
  await runMixedThroughVarnish(ctx, args, report, rows);
  await waitForIdle(sql);

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
    const big = await phase('big catalog', 600_000 + loadMs(args, 8), () =>
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
  const pages = lighthousePages({ categorySlug: ctx.categorySlug, productPath: ctx.productPath });
  onCleanup(async () => {
    // A Chromium that Lighthouse left behind (e.g. after a timeout).
    const launcher = await import('chrome-launcher').catch(() => undefined);
    await launcher?.killAll?.();
  });
  // 4 pages x 3 runs, about 30-60 s each.
  const front = await phase('storefront', 1_200_000, async () => {
    if (!isRunning(serverA.child)) throw new Error('server A is not running');
    return measureFrontend({
      baseUrl: serverA.baseUrl,
      paths: pages.map((p) => p.path),
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
    rows.push(...frontendRows(front.value, pages));
  }

  // --- the report ---------------------------------------------------------------------------------------
  sortRows(rows);
  report.rows = rows;
  report.serverErrorLogs = serverErrorLogs();
  report.couldNotMeasure = rows.filter((r) => r.error).map((r) => `${r.label}: ${r.error}`);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  printReport(report, args);
  return report.couldNotMeasure.length === 0;
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
