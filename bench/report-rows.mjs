#!/usr/bin/env node
// The big phase's report rows alone (the dashboard and the analytics screen, the last 30 days and
// the last 12 months, with the phase's connections and one at a time), against a database that
// already holds a big order history (seeding 100,000 orders takes minutes; this measures in two).
// Starts a server on the database (it migrates it) with the catalog read cache off, makes or reuses
// the bench's admin, prints each row as `npm run bench` does, and stops the server.
//
//   npm run build && node bench/report-rows.mjs --url postgres://postgres@127.0.0.1:5499/big_analytics \
//     [--duration 10] [--warmup 3] [--connections 10]

import postgres from 'postgres';
import { bigCatalogRows, measureReports } from './big-catalog.mjs';
import { ADMIN, existingDatabaseArgs } from './options.mjs';
import { createAdminAccount, log, startServer, stopChild } from './processes.mjs';
import { signIn } from './shoppers.mjs';

const { url, load } = existingDatabaseArgs();

const server = await startServer(url, { name: 'server reports', extraEnv: { CATALOG_CACHE_MB: '0' } });
try {
  // A database measured before already has the admin: then signing in is enough.
  await createAdminAccount(server.env, ADMIN.email, ADMIN.password).catch(() => undefined);
  const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  const reports = await measureReports({ server, cookie, load, log });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [{ orders }] = await sql`select count(*)::int as orders from orders where order_number is not null`;
  await sql.end();
  const rows = bigCatalogRows({ results: [], explain: { available: true, plans: [] }, reports }, 0, orders);
  for (const [i, row] of rows.entries()) {
    const r = reports[i];
    console.log(
      `${row.key}: ${row.label}: ${row.figure} (target ${row.target}) ${row.met ? 'met' : 'NOT met'}; ` +
        `load ${r.alone.loadAverage1m.join(' -> ')}`,
    );
  }
} finally {
  await stopChild(server.child);
}
