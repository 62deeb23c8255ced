#!/usr/bin/env node
// The big phase's search-with-facets rows alone, against a database that already holds a big catalog
// (seeding 100,000 products takes minutes; this measures in one). Starts a server on the database
// (it migrates it) with the catalog read cache off, measures each row as bench/big-catalog.mjs does,
// prints one line per row with the load average, and stops the server.
//
//   npm run build && node bench/search-rows.mjs --url postgres://postgres@127.0.0.1:5499/big_facets \
//     [--duration 10] [--warmup 3] [--connections 10] [--only facets_all,facets_category]

import { facetSearches, SEARCH_P50_TARGET_MS, SEARCH_P99_TARGET_MS } from './big-catalog.mjs';
import { measure } from './load.mjs';
import { existingDatabaseArgs } from './options.mjs';
import { startServer, stopChild } from './processes.mjs';

const { values, url, load } = existingDatabaseArgs({
  category: { type: 'string', default: 'bench-electronics' },
  only: { type: 'string' },
});
const only = values.only?.split(',');
const rows = facetSearches(values.category).filter((r) => !only || only.includes(r.key));

const server = await startServer(url, { name: 'server search', extraEnv: { CATALOG_CACHE_MB: '0' } });
try {
  for (const row of rows) {
    const probe = await fetch(`${server.baseUrl}${row.path}`, { signal: AbortSignal.timeout(30_000) });
    const body = await probe.text();
    if (!probe.ok) throw new Error(`${row.path} answered ${probe.status}: ${body.slice(0, 300)}`);
    const r = await measure(
      {
        name: row.key,
        label: row.path,
        baseUrl: server.baseUrl,
        pid: server.child.pid,
        nextPath: () => row.path,
      },
      load,
    );
    const met = r.latencyP50Ms <= SEARCH_P50_TARGET_MS && r.latencyP99Ms <= SEARCH_P99_TARGET_MS;
    console.log(
      `${row.key} ${row.label} (${JSON.parse(body).total} matches): p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ` +
        `${Math.round(r.reqPerSec)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}, load ${r.loadAverage1m.join(' -> ')}` +
        ` ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await stopChild(server.child);
}
