#!/usr/bin/env node
// The big phase's search-with-facets rows alone, against a database that already holds a big catalog
// (seeding 100,000 products takes minutes; this measures in one). Starts a server on the database
// (it migrates it) with the catalog read cache off, measures each row as bench/big-catalog.mjs does,
// prints one line per row with the load average, and stops the server. Each line also gives the CPU
// per request of the server's PostgreSQL connections and of the API process (Linux /proc, measured
// part only: the warm-up runs first, on its own), which a busy machine disturbs far less than latency.
// With --explain it starts no server and prints, for each row, EXPLAIN (ANALYZE, BUFFERS) of the
// catalog page's statement as the server builds it (the words read against the catalog's vocabulary
// first, as the server does) and runs it (prepared, after six runs), the third of three EXPLAINs on
// one connection; --plans adds the plans.
//
//   npm run build && node bench/search-rows.mjs --url postgres://postgres@127.0.0.1:5499/big_facets \
//     [--duration 10] [--warmup 3] [--connections 10] [--only facets_all,facets_category]
//   node bench/search-rows.mjs --url ... --explain [--plans] [--only facets_word]

import { hostname } from 'node:os';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { tsImport } from 'tsx/esm/api';
import { facetSearches, SEARCH_P50_TARGET_MS, SEARCH_P99_TARGET_MS } from './big-catalog.mjs';
import { measure } from './load.mjs';
import { existingDatabaseArgs } from './options.mjs';
import { cpuMsOf, startServer, stopChild } from './processes.mjs';

const { values, url, load } = existingDatabaseArgs({
  category: { type: 'string', default: 'bench-electronics' },
  only: { type: 'string' },
  explain: { type: 'boolean', default: false },
  plans: { type: 'boolean', default: false },
});
const only = values.only?.split(',');
const rows = facetSearches(values.category).filter((r) => !only || only.includes(r.key));

/** CPU ms of these processes together (the pool keeps its connections for the whole run). */
const cpuOf = (pids) => pids.reduce((total, pid) => total + cpuMsOf(pid), 0);

/** A parameter as an SQL literal, for EXECUTE (the statement's parameters are text and numbers). */
const literal = (v) =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each row's catalog page statement as the server runs a recurring one:
 * prepared, and run six times first, so that PostgreSQL has chosen between its generic plan and
 * planning each run (docs/decisions/0056-prepared-search.md); the third of three EXPLAINs. Prints one
 * summary line per row, with which plan was used.
 */
async function explainRows() {
  const [{ storefrontSearchQuery }, { understand }, { searchSql }] = await Promise.all(
    [
      '../packages/shared/src/contracts/storefront-search.ts',
      '../apps/api/src/modules/search/storefront/postgres-search.ts',
      '../apps/api/src/modules/search/storefront/facet-sql.ts',
    ].map((file) => tsImport(file, import.meta.url)),
  );
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzle(client);
  const dialect = new PgDialect();
  try {
    for (const row of rows) {
      const params = new URL(row.path, 'http://localhost').searchParams;
      const query = storefrontSearchQuery.parse(Object.fromEntries(params));
      const text = query.search ? (await understand(db, query.search)).text : null;
      const built = dialect.sqlToQuery(searchSql(query, text, query.sort ?? (text ? 'relevance' : 'newest')));
      const name = `explain_${row.key}`;
      await client.unsafe(`PREPARE ${name} AS ${built.sql}`);
      const execute = `EXECUTE ${name}(${built.params.map(literal).join(', ')})`;
      for (let run = 0; run < 6; run++) await client.unsafe(execute);
      let plan = [];
      for (let run = 0; run < 3; run++) plan = await client.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`);
      const [kind] = await client.unsafe(
        'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
        [name],
      );
      await client.unsafe(`DEALLOCATE ${name}`);
      const lines = plan.map((r) => r['QUERY PLAN']);
      const figure = (label) => lines.find((l) => l.startsWith(label)) ?? `${label} ?`;
      const buffers = lines.find((l) => l.trim().startsWith('Buffers:')) ?? 'Buffers: ?';
      const used = kind?.generic_plans > 0 ? 'generic plan' : 'planned each run';
      console.log(
        `${row.key} ${row.label}: ${used}, ${figure('Planning Time')}, ${figure('Execution Time')}, ${buffers.trim()}`,
      );
      if (values.plans) console.log(lines.join('\n'));
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

if (values.explain) {
  await explainRows();
  process.exit(0);
}

const server = await startServer(url, { name: 'server search', extraEnv: { CATALOG_CACHE_MB: '0' } });
const sql = postgres(url, { max: 1, onnotice: () => {} });
// The server names its pool's connections after its host and process id (apps/api/src/db/client.ts).
const poolName = `cartwheel ${hostname()}:${server.child.pid}`.slice(0, 63);
try {
  for (const row of rows) {
    const probe = await fetch(`${server.baseUrl}${row.path}`, { signal: AbortSignal.timeout(30_000) });
    const body = await probe.text();
    if (!probe.ok) throw new Error(`${row.path} answered ${probe.status}: ${body.slice(0, 300)}`);
    const target = {
      name: row.key,
      label: row.path,
      baseUrl: server.baseUrl,
      pid: server.child.pid,
      nextPath: () => row.path,
    };
    if (load.warmup > 0) await measure(target, { ...load, duration: load.warmup, warmup: 0 });
    const backends = (await sql`select pid from pg_stat_activity where application_name = ${poolName}`).map(
      (b) => b.pid,
    );
    const [db0, api0] = [cpuOf(backends), cpuMsOf(server.child.pid)];
    const r = await measure(target, { ...load, warmup: 0 });
    const perRequest = (ms) => (r.requests > 0 ? (ms / r.requests).toFixed(2) : '-');
    const dbCpu = perRequest(cpuOf(backends) - db0);
    const apiCpu = perRequest(cpuMsOf(server.child.pid) - api0);
    const met = r.latencyP50Ms <= SEARCH_P50_TARGET_MS && r.latencyP99Ms <= SEARCH_P99_TARGET_MS;
    console.log(
      `${row.key} ${row.label} (${JSON.parse(body).total} matches): p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ` +
        `${Math.round(r.reqPerSec)} req/s, CPU per request: PostgreSQL ${dbCpu} ms (${backends.length} connections), ` +
        `API ${apiCpu} ms; non-2xx ${r.non2xx}, errors ${r.errors}, load ${r.loadAverage1m.join(' -> ')}` +
        ` ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await sql.end({ timeout: 5 });
  await stopChild(server.child);
}
