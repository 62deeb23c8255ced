// Phase 3c of `npm run bench`: the mixed load of phase 3 through Varnish (deploy/varnish/default.vcl)
// in front of two web processes (ROLE=web), with a worker (ROLE=worker) running the jobs, the
// purges by tag among them (docs/decisions/0036-shared-http-caching.md); then GET /metrics of a web
// process and of the worker (bench/metrics-check.mjs).

import { join } from 'node:path';
import { freePort } from '../scripts/pg-cluster.mjs';
import { checkMetrics, METRICS_LABEL, METRICS_TARGET } from './metrics-check.mjs';
import { browseMix, mixedMet, mixedOutcome, runMixed, takeSmallStock } from './mixed.mjs';
import { SMALL_STOCK, SMALL_STOCK_VARIANTS } from './options.mjs';
import { log, makeTempDir, phase, root, startServer, stopChild } from './processes.mjs';
import { failedRow, fmtMs, row, skippedRow } from './report.mjs';
import { cacheActivity, readVarnishStats, startVarnish, varnishInstalled } from './varnish.mjs';

export const MIXED_TARGET = '0 errors, 0 oversold units';
/** Where the raw text of the last run's metrics scrapes goes (not in git). */
export const METRICS_FILE = join(root, 'bench/results/latest-metrics.txt');

/** Why phase 3c does not run, or undefined when it does. */
export function varnishSkipReason(args) {
  if (args.mixed === 0) return 'skipped (--mixed 0)';
  if (args['skip-varnish']) return 'skipped (--skip-varnish)';
  if (!varnishInstalled()) return '- (varnishd is not installed)';
  return undefined;
}

/** The counters of the varnishd in `workDir`, or undefined when varnishstat fails (logged). */
function statsOrNone(workDir) {
  try {
    return readVarnishStats(workDir);
  } catch (err) {
    log(`varnishstat: ${err.message}`);
    return undefined;
  }
}

/** Share of `part` in `whole` as "93%", or "-" without a whole. */
const pct = (part, whole) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '-');

/** The report's row of the mixed load through Varnish. */
export function varnishRow(m, label) {
  const latency = m.perRole
    .map((r) => `${r.role} ${fmtMs(r.latencyP50Ms)}/${fmtMs(r.latencyP99Ms)}`)
    .join(', ');
  const v = m.varnish;
  const cache = v
    ? `Varnish hit ratio ${pct(v.hits, v.hits + v.misses)} (${v.hits.toLocaleString('en-US')} hits, ` +
      `${v.misses.toLocaleString('en-US')} misses, ${v.passes.toLocaleString('en-US')} passed, ${v.bans} purges)`
    : 'Varnish counters not read';
  const personal = m.personalHits ? `; ${m.personalHits} cart or checkout answers from the cache` : '';
  return row('mixed_varnish', label, MIXED_TARGET, {
    figure:
      `${mixedOutcome(m)}${personal}; ${Math.round(m.reqPerSec).toLocaleString('en-US')} req/s; ` +
      `p50/p99 ms ${latency}; ${cache}`,
    met: mixedMet(m),
  });
}

/**
 * Starts two web processes and a worker on the bench database with CDN_PURGE=varnish, Varnish in front
 * of the web processes, runs the mixed load through it for `--mixed` seconds, reads Varnish's counters
 * and scrapes the metrics; stops all of it. Adds `report.mixedVarnish`, `report.metrics` and rows.
 */
export async function runMixedThroughVarnish(ctx, args, report, rows) {
  const label = `mixed load ${args.mixed} s through Varnish, 2 web processes and a worker`;
  const skip = varnishSkipReason(args);
  if (skip) {
    rows.push(skippedRow('mixed_varnish', label, MIXED_TARGET, skip));
    return;
  }
  const started = [];
  const result = await phase('mixed load through Varnish', (args.mixed + 240) * 1000, async () => {
    const varnishPort = await freePort();
    const purges = { CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}/` };
    log('mixed through Varnish: starting two web processes, a worker and Varnish');
    for (const [name, role] of [
      ['web 1', 'web'],
      ['web 2', 'web'],
      ['worker', 'worker'],
    ]) {
      started.push(await startServer(ctx.databaseUrl, { name, extraEnv: { ...purges, ROLE: role } }));
    }
    const [web1, web2, worker] = started;
    const dir = makeTempDir('cartwheel-bench-varnish-');
    const varnish = await startVarnish(dir, varnishPort, [web1.port, web2.port]);
    started.push({ child: varnish.child });
    // Variants of their own to sell out: phase 3's are sold out already.
    const small = await takeSmallStock(ctx.sql, {
      skipId: ctx.freshProduct.id,
      offset: ctx.stockLines.length + SMALL_STOCK_VARIANTS,
      count: SMALL_STOCK_VARIANTS,
      stock: SMALL_STOCK,
    });
    log(`mixed through Varnish: ${args.mixed} s, ${args.connections} connections to ${varnish.url}`);
    const before = statsOrNone(varnish.workDir);
    const mixed = await runMixed({
      servers: [web1, web2, worker],
      via: { name: 'varnish', baseUrl: varnish.url },
      shoppers: ctx.shoppers,
      cartLines: ctx.stockLines,
      checkoutPool: [...small, ...ctx.stockLines.slice(0, 2)],
      browsePaths: browseMix(ctx.slugs),
      seconds: args.mixed,
      connections: args.connections,
      sql: ctx.sql,
      log,
    });
    const after = statsOrNone(varnish.workDir);
    mixed.varnish = before && after ? cacheActivity(before, after) : undefined;
    const metrics = await checkMetrics(
      [
        { server: web1, role: 'web' },
        { server: worker, role: 'worker' },
      ],
      METRICS_FILE,
    );
    return { mixed, metrics };
  });
  await Promise.all(started.map((p) => stopChild(p.child)));
  if (result.error) {
    report.mixedVarnish = { error: result.error.message };
    rows.push(
      failedRow('mixed_varnish', label, MIXED_TARGET, result.error),
      skippedRow('metrics', METRICS_LABEL, METRICS_TARGET, 'not scraped: the phase could not measure'),
    );
    return;
  }
  report.mixedVarnish = result.value.mixed;
  report.metrics = result.value.metrics.scrapes;
  rows.push(varnishRow(result.value.mixed, label), result.value.metrics.row);
}

/**
 * Without phase 3c the metrics come from the processes of phase 3 before they stop: server B, and the
 * worker when --split-roles started one. With no mixed load at all there is nothing to check.
 */
export async function metricsWithoutVarnish(args, { serverB, worker }, report, rows) {
  if (!varnishSkipReason(args)) return;
  if (args.mixed === 0 || !serverB) {
    rows.push(skippedRow('metrics', METRICS_LABEL, METRICS_TARGET, 'skipped (no mixed load)'));
    return;
  }
  const targets = [{ server: serverB, role: worker ? 'web' : 'all' }];
  if (worker) targets.push({ server: worker, role: 'worker' });
  const metrics = await checkMetrics(targets, METRICS_FILE);
  report.metrics = metrics.scrapes;
  rows.push(metrics.row);
}
