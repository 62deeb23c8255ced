#!/usr/bin/env node

// Only the flash-sale phase of `npm run bench` (3b) and its four rows, to measure a change to it:
//
//   node bench/flash-sale-run.mjs [--flash-shoppers 2000 --flash-units 100 --flash-concurrency 200]
//     [--duration 10] [--server-main <another build's apps/api/dist/main.js>]
//
// The same start as `npm run bench` (a private PostgreSQL cluster, the bench catalog and shoppers,
// server A), then web processes up to the number of cores, then the three sales (bench/flash-sale.mjs:
// the others closed loop, the others at a fixed rate, the hot row held). The figures go to stdout as
// JSON, the rows to stderr.

import { flashSaleRows } from './flash-rows.mjs';
import { FLASH_VARIANTS, pickSaleVariants, runFlashSale, startSaleServers } from './flash-sale.mjs';
import { parseArgs } from './options.mjs';
import { cleanup, log, waitForIdle } from './processes.mjs';
import { prepareRun } from './setup.mjs';

const args = parseArgs(process.argv.slice(2), { 'server-main': '' });
const main = args['server-main'] || undefined;

try {
  const ctx = await prepareRun(args);
  const { servers } = await startSaleServers(ctx.databaseUrl, [ctx.serverA], { main });
  await waitForIdle(ctx.sql);
  const variants = await pickSaleVariants(
    ctx.sql,
    [ctx.freshProduct.id, ...ctx.stockLines.map((l) => l.product_id)],
    FLASH_VARIANTS,
  );
  const figures = await runFlashSale({
    servers,
    sql: ctx.sql,
    variants,
    units: args['flash-units'],
    saleShoppers: args['flash-shoppers'],
    concurrency: args['flash-concurrency'],
    shoppers: ctx.shoppers,
    flowOf: ctx.checkoutFlowOf,
    seconds: Math.max(10, args.duration),
    log,
  });
  const label = `flash sale: ${args['flash-shoppers']} guests, ${args['flash-units']} units, ${servers.length} processes`;
  for (const r of flashSaleRows(figures, label)) log(`${r.met ? 'met' : 'NOT MET'}: ${r.label}: ${r.figure}`);
  console.log(JSON.stringify({ build: main ?? 'this worktree', ...figures }));
} finally {
  await cleanup();
}
