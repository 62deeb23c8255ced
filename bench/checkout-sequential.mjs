#!/usr/bin/env node
// Checkout-session creation, one shopper at a time ("sequential flows", bench/results/): add one unit
// to the cart, POST /api/checkout/sessions, empty the cart; milliseconds and server CPU per flow. Several
// builds of the API run side by side on one private PostgreSQL and take turns, so a busy machine moves
// them alike. Quick (a minute or two), unlike `npm run bench`.
//
//   node bench/checkout-sequential.mjs                                   this worktree's build
//   node bench/checkout-sequential.mjs --builds before=/tmp/old/apps/api/dist/main.js,after=apps/api/dist/main.js
//   options: --flows 300 --warmup 20 --rounds 3 --products 200 --variants 3 --statements
//
// --statements also counts the statements PostgreSQL ran per flow (pg_stat_statements), and the row
// updates by table with how many of them were HOT (pg_stat_user_tables).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { freePort, startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { parseFlags } from './options.mjs';
import {
  cpuMsOf,
  LOAD_ORIGIN,
  log,
  makeTempDir,
  registerCluster,
  root,
  runScript,
  serverMain,
  startServer,
} from './processes.mjs';
import { seedCatalog, stockUpVariants } from './seed-catalog.mjs';
import { addItem, checkoutSessionRequest, signUpShoppers } from './shoppers.mjs';

const args = parseFlags(process.argv.slice(2), {
  builds: `current=${serverMain}`,
  flows: 300,
  warmup: 20,
  rounds: 3,
  products: 200,
  variants: 3,
  statements: false,
});

async function send(baseUrl, request) {
  const res = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${request.method} ${request.path} answered ${res.status}: ${text.slice(0, 300)}`);
}

/** One flow: add a unit, open a checkout session, empty the cart. */
async function flow(baseUrl, shopper, line) {
  await send(baseUrl, addItem(shopper, line));
  await send(baseUrl, checkoutSessionRequest(shopper));
  await send(baseUrl, {
    method: 'DELETE',
    path: '/api/cart',
    headers: { cookie: shopper.cookie, origin: LOAD_ORIGIN },
  });
}

async function main() {
  const builds = String(args.builds)
    .split(',')
    .map((entry) => {
      const [name, main] = entry.split('=');
      return { name, main: resolve(root, main) };
    });
  const clusterDir = makeTempDir('cartwheel-seq-pg-');
  registerCluster(clusterDir);
  const port = await freePort();
  let clusterUrl = await startCluster(clusterDir, port, { log });
  let admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  if (args.statements) {
    // pg_stat_statements must be loaded at server start: set it, then start the cluster again.
    await admin`alter system set shared_preload_libraries = 'pg_stat_statements'`;
    await admin.end({ timeout: 5 });
    stopCluster(clusterDir);
    clusterUrl = await startCluster(clusterDir, port, { log });
    admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  }
  await admin`create database cartwheel_seq`;
  await admin.end({ timeout: 5 });
  const databaseUrl = clusterUrl.replace(/\/postgres$/, '/cartwheel_seq');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });

  // One after the other: each migrates what it knows on start-up.
  for (const build of builds) {
    build.server = await startServer(databaseUrl, { name: build.name, main: build.main });
  }
  await seedCatalog(sql, { products: args.products, variants: args.variants, log });
  const [line] = await stockUpVariants(sql, { count: 1 });
  await sql`analyze`;
  const [shopper] = await signUpShoppers(builds[0].server.baseUrl, 1, log);
  if (args.statements) await sql`create extension if not exists pg_stat_statements`;

  const results = Object.fromEntries(builds.map((b) => [b.name, []]));
  for (let round = 1; round <= args.rounds; round++) {
    // Alternated, and the order reversed every other round.
    const order = round % 2 ? builds : [...builds].reverse();
    for (const build of order) {
      const { baseUrl, child } = build.server;
      for (let i = 0; i < args.warmup; i++) await flow(baseUrl, shopper, line);
      if (args.statements) await sql`select pg_stat_statements_reset(), pg_stat_reset()`;
      const cpu0 = cpuMsOf(child.pid);
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < args.flows; i++) await flow(baseUrl, shopper, line);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const cpu = cpuMsOf(child.pid) - cpu0;
      let statements;
      if (args.statements) {
        const [{ calls }] = await sql`
          select coalesce(sum(calls), 0)::int as calls from pg_stat_statements s
          join pg_database d on d.oid = s.dbid
          where d.datname = current_database() and s.query not ilike '%pg_stat_statements%'`;
        statements = calls / args.flows;
        if (round === 1) {
          const top = await sql`
            select calls, round(total_exec_time::numeric / ${args.flows}, 3)::float as exec_ms_per_flow,
              left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as query
            from pg_stat_statements s join pg_database d on d.oid = s.dbid
            where d.datname = current_database() and s.query not ilike '%pg_stat_statements%'
            order by calls desc, total_exec_time desc limit 30`;
          log(
            `${build.name}: statements of ${args.flows} flows\n${top.map((t) => `${t.calls}\t${t.exec_ms_per_flow}\t${t.query}`).join('\n')}`,
          );
          // Row updates and how many were HOT (no index entries written), as far as the servers'
          // connections have reported them (a connection reports its counts at most once a second).
          const tables = await sql`
            select relname, n_tup_upd::int as updates, n_tup_hot_upd::int as hot from pg_stat_user_tables
            where n_tup_upd > 0 order by n_tup_upd desc limit 8`;
          log(
            `${build.name}: updates (HOT) by table: ${tables.map((t) => `${t.relname} ${t.updates} (${t.hot})`).join(', ')}`,
          );
        }
      }
      const row = {
        round,
        msPerFlow: +(ms / args.flows).toFixed(2),
        serverCpuMsPerFlow: +(cpu / args.flows).toFixed(2),
        ...(statements === undefined ? {} : { statementsPerFlow: +statements.toFixed(1) }),
      };
      results[build.name].push(row);
      log(`${build.name} round ${round}: ${JSON.stringify(row)}`);
    }
  }
  await sql.end({ timeout: 5 });
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(JSON.stringify({ flows: args.flows, warmup: args.warmup, loadavg: load, results }, null, 2));
}

await runScript(main);
