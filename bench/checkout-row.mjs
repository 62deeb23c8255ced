#!/usr/bin/env node
// The checkout row of `npm run bench` on its own, several times over (the checkout row
// of bench/README.md): the same setup (private PostgreSQL, server A, the 200-product catalog, one signed-in
// shopper per connection) and the same autocannon flow (POST /api/cart/items + POST
// /api/checkout/sessions, local provider), `--runs` times, each after `--warmup` seconds and with the
// carts emptied first; then the stock check. Also the CPU that server A and PostgreSQL used per session
// (/proc, steadier than the rate on a shared machine). A few minutes instead of the whole bench.
//
//   node bench/checkout-row.mjs                                      this worktree's build
//   node bench/checkout-row.mjs --server-main /tmp/old/apps/api/dist/main.js   another build
//   options: --runs 3 --duration 10 --warmup 3 --connections 10 --products 200 --variants 3

import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measure } from './load.mjs';
import { checkoutTarget } from './load-targets.mjs';
import { parseFlags } from './options.mjs';
import { cpuMsOf, log, root, runScript, serverMain } from './processes.mjs';
import { prepareRun } from './setup.mjs';
import { checkStock } from './shoppers.mjs';

const args = parseFlags(process.argv.slice(2), {
  runs: 3,
  duration: 10,
  warmup: 3,
  connections: 10,
  products: 200,
  variants: 3,
  'server-main': '',
  'split-roles': false,
});

/** The CPU of these processes; one that ended meanwhile counts 0. */
function cpuOfAll(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuMsOf(pid);
    } catch {
      // Gone.
    }
  }
  return total;
}

const parentOf = (pid) => Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** The postmaster of the bench's cluster and its children (the server's connections among them). */
async function clusterPids(sql) {
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const postmaster = parentOf(pid);
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(entry) === postmaster) pids.push(Number(entry));
    } catch {
      // Gone.
    }
  }
  return pids;
}

async function main() {
  const main = args['server-main'] ? resolve(root, String(args['server-main'])) : undefined;
  const ctx = await prepareRun({ ...args, 'server-main': main });
  const a = ctx.serverA;
  const target = checkoutTarget(ctx);
  const runs = [];
  for (let run = 1; run <= args.runs; run++) {
    const pids = await clusterPids(ctx.sql);
    const server0 = cpuMsOf(a.child.pid);
    const pg0 = cpuOfAll(pids);
    const r = await measure(target, {
      duration: args.duration,
      warmup: args.warmup,
      connections: args.connections,
    });
    // The warm-up's flows are in the CPU too: count them by the same rate (an estimate, said so).
    const flows = r.flows * ((args.duration + args.warmup) / args.duration);
    const row = {
      run,
      sessionsPerSec: +r.flowsPerSec.toFixed(1),
      p50Ms: r.latencyP50Ms,
      p99Ms: r.latencyP99Ms,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      serverCpuMsPerSession: +((cpuMsOf(a.child.pid) - server0) / flows).toFixed(2),
      postgresCpuMsPerSession: +((cpuOfAll(await clusterPids(ctx.sql)) - pg0) / flows).toFixed(2),
      peakRssMiB: Math.round(r.peakRssBytes / 1024 / 1024),
      loadAverage1m: r.loadAverage1m,
    };
    runs.push(row);
    log(`run ${run}: ${JSON.stringify(row)}`);
  }
  await new Promise((done) => setTimeout(done, 1000));
  const stock = await checkStock(ctx.sql, ctx.stockLines);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    JSON.stringify({ build: main ?? serverMain, loadavg: load, stockExact: stock.exact, runs }, null, 2),
  );
}

await runScript(main);
