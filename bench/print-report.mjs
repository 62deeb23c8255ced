// What `npm run bench` prints at the end: the settings and machine, the tables of each phase, then
// every row against its target.

import { join } from 'node:path';
import { usesIndexes } from './big-catalog.mjs';
import { SMALL_STOCK } from './options.mjs';
import { fmtMiB, fmtMs, printLoadTable, printRows, printTable } from './report.mjs';

/** Sorts the rows in the order the report shows them: the load targets, then each later phase. */
export function sortRows(rows) {
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
}

/** Prints the report of a run. */
export function printReport(report, args) {
  const m = report.machine;
  console.log('');
  console.log(
    `Cartwheel bench: ${args.products} products x ${args.variants} variants, ${args.connections} connections, ` +
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
    printLoadTable([...big.results, ...(big.reports ?? [big.dashboard])], null);
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
    printMixed(
      mixed,
      `Mixed load ${mixed.seconds} s`,
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
    );
  }
  const through = report.mixedVarnish;
  if (through && !through.error) {
    printMixed(
      through,
      `Mixed load ${through.seconds} s through Varnish`,
      [
        'role',
        'connections',
        'requests',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        '5xx',
        '409 sold out',
        'X-Cache HIT',
      ],
      through.perRole.map((r) => [
        r.role,
        String(r.connections.length),
        String(r.requests),
        r.reqPerSec.toFixed(0),
        fmtMs(r.latencyP50Ms),
        fmtMs(r.latencyP99Ms),
        String(r.errors),
        String(r.status5xx),
        String(r.stock409),
        `${r.cache.HIT ?? 0} of ${(r.cache.HIT ?? 0) + (r.cache.MISS ?? 0)}`,
      ]),
    );
    console.log(
      `processes: ${through.processes.map((p) => `${p.server} peak RSS ${fmtMiB(p.peakRssBytes)} MiB, ${p.serverErrorLogLines} error log lines`).join('; ')}`,
    );
    const kinds = through.perRole.find((r) => r.role === 'browse')?.cache.byKind ?? {};
    console.log(
      `browse X-Cache HIT by read: ${Object.entries(kinds)
        .map(([kind, c]) => `${kind} ${c.HIT ?? 0} of ${(c.HIT ?? 0) + (c.MISS ?? 0)}`)
        .join(', ')}`,
    );
    const v = through.varnish;
    if (v)
      console.log(
        `varnishstat: ${v.requests} client requests, ${v.hits} hits, ${v.misses} misses, ${v.passes} passes, ` +
          `${v.backendRequests} backend requests, ${v.bans} bans (purges)`,
      );
  }
  for (const s of report.metrics ?? []) {
    const families = s.families.map((f) => `${f.name} ${f.nonZero ? 'yes' : f.expected ? 'NO' : 'n/a'}`);
    console.log(`/metrics ${s.server} (${s.role}): ${s.error ?? families.join(', ')}`);
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
  console.log('Performance targets');
  printRows(report.rows);
  if (report.couldNotMeasure.length) {
    console.log('');
    console.log('Could not measure:');
    for (const line of report.couldNotMeasure) console.log(`  ${line}`);
  }
  console.log(`\nwritten: ${join('bench/results', 'latest.json')}`);
}

/** A mixed load's summary line, its table, its sold-out variants and its stock audit. */
function printMixed(m, title, header, lines) {
  console.log('');
  console.log(
    `${title}: ${m.sessionsOpened} checkout sessions, ${m.paymentsCompleted} paid; ` +
      `orders ${m.orders.created} (${m.orders.paid} paid, ${m.orders.pending} pending, ${m.orders.cancelled} released)`,
  );
  printTable(
    header,
    lines,
    header.map((_, i) => i).filter((i) => i > 0),
  );
  const sold = m.variants.filter((v) => v.startStock <= SMALL_STOCK);
  if (sold.length)
    console.log(
      `small-stock variants (start ${SMALL_STOCK}): ${sold.map((v) => `${v.sku} left ${v.level}, paid ${v.heldPaid}, pending ${v.heldPending}`).join('; ')}`,
    );
  console.log(
    `stock audit: ${m.variants.length} variants, oversold ${m.oversoldUnits}, missing ${m.missingUnits}, exact: ${m.stockExact ? 'yes' : 'NO'}`,
  );
}

function summarizeRoles(roles) {
  const counts = {};
  for (const r of roles) counts[r] = (counts[r] ?? 0) + 1;
  return Object.entries(counts)
    .map(([r, n]) => `${n} ${r}`)
    .join(', ');
}
