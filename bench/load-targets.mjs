// Phase 1 of `npm run bench`: the 200-product load targets on server A (a bare node:http ceiling,
// the list, product JSON, product HTML, the cart and checkout flows) and the server's RSS over them.

import { clean, measure, noValidAnswer, rotate } from './load.mjs';
import { memoryOf } from './metrics-check.mjs';
import { loadMs, loadSettings, TARGETS } from './options.mjs';
import { log, phase, rssOf, sampleRss, sleep, startCeiling, stopChild } from './processes.mjs';
import { failedRow, fmtMiB, fmtMs, row } from './report.mjs';
import { checkStock } from './shoppers.mjs';

/** The checkout row's target on server A (bench/checkout-row.mjs runs it alone). */
export function checkoutTarget(ctx) {
  return {
    name: 'checkout',
    label: 'flow: POST /api/cart/items + POST /api/checkout/sessions (local provider)',
    baseUrl: ctx.serverA.baseUrl,
    pid: ctx.serverA.child.pid,
    flow: ctx.checkoutFlowOf,
    // The server keeps the cart until payment: start each phase from one unit per flow again. The
    // tables the warm-up wrote are analysed before the measured run, as autovacuum does within a
    // minute on a running shop: PL/pgSQL keeps each connection's plans until a table's statistics
    // change, and plans made on the empty `orders` of a fresh database read every order to update
    // one (bench/results/2026-12-07-checkout-statements.md).
    beforePhase: async () => {
      await ctx.emptyCarts();
      await ctx.sql`analyze orders, order_items, payment_sessions, stock_levels, stock_moves`;
    },
  };
}

/** Measures each load target in turn; adds the figures to `report` and the rows to `rows`. */
export async function runLoadTargets(ctx, args, report, rows) {
  const { sql, stockLines, listPath, listRes, listBody, detailPaths, htmlPaths, shoppers } = ctx;
  const load = loadSettings(args);
  const results = [];
  const ceilingServer = await startCeiling(listBody, ctx.contentType);
  const a = ctx.serverA;
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
      name: 'list_market',
      label: `GET ${listPath}&market=eu (euros, converted)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      nextPath: () => `${listPath}&market=eu`,
    },
    {
      name: 'detail_market',
      label: `GET /api/products/:slug?market=eu (${detailPaths.length} slugs, euros)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      nextPath: rotate(detailPaths.map((p) => `${p}?market=eu`)),
    },
    {
      name: 'html',
      label: `GET /product/:slug (${htmlPaths.length} slugs, the server-rendered product page)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      nextPath: rotate(htmlPaths),
    },
    {
      name: 'cart',
      label: `flow: POST /api/cart/items + GET /api/cart (${shoppers.length} shoppers)`,
      baseUrl: a.baseUrl,
      pid: a.child.pid,
      flow: ctx.cartFlowOf,
      // Each flow adds a unit: start each phase from empty carts.
      beforePhase: ctx.emptyCarts,
    },
    checkoutTarget(ctx),
  ];
  const rssA = sampleRss([a.child.pid]);
  const failedTargets = {};
  for (const target of targets) {
    log(
      `${target.name}: warm-up ${args.warmup} s, measure ${args.duration} s, ${args.connections} connections`,
    );
    const done = await phase(`target ${target.name}`, loadMs(args, 1), () => measure(target, load));
    if (done.error) failedTargets[target.name] = done.error;
    else results.push(done.value);
    // Where the server's memory stands after each row (the ceiling is another process).
    if (done.value && target.pid === a.child.pid) {
      done.value.memoryAfter = await memoryOf(a).catch(() => undefined);
      const m = done.value.memoryAfter;
      if (m)
        log(
          `${target.name}: after it RSS ${fmtMiB(m.rssBytes)} MiB, heap ${fmtMiB(m.heapUsedBytes)} of ${fmtMiB(m.heapTotalBytes)} MiB, external ${fmtMiB(m.externalBytes)} MiB`,
        );
    }
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
  report.server = {
    rssIdleBytes: ctx.rssIdle,
    rssAfterBytes: rssAfter,
    peakRssBytes: rssA.peak(a.child.pid),
  };
  report.stockExact = stock.exact;
  rows.push(...loadRows(byName, failedTargets, ceiling, rssA.peak(a.child.pid), stock));
}

const problemsOf = (r) => {
  if (r.requests === 0) return '; no answer completed';
  return clean(r) ? '' : `; ${r.errors + r.timeouts} errors, ${r.non2xx} non-2xx`;
};
const share = (r, ceiling) => (ceiling ? (r.reqPerSec / ceiling) * 100 : null);

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
  // Another market converts every price of the answer: within 10% of the base market's rate.
  const marketTarget = '>= 90% of the base market';
  for (const [key, base, label] of [
    ['list_market', 'list', 'GET /api/products?limit=20&market=eu'],
    ['detail_market', 'detail', 'GET /api/products/:slug?market=eu'],
  ]) {
    add(key, label, marketTarget, (r) => {
      const of = byName[base];
      const pct = of ? (100 * r.reqPerSec) / of.reqPerSec : null;
      return row(key, label, marketTarget, {
        figure: `${r.reqPerSec.toFixed(0)} req/s (${pct === null ? '-' : pct.toFixed(0)}% of ${base}), p99 ${fmtMs(r.latencyP99Ms)} ms${problemsOf(r)}`,
        ceilingPct: share(r, ceiling),
        met: pct !== null && pct >= 90 && clean(r),
      });
    });
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
