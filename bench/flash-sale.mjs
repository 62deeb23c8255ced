// Flash sale: many guests check out one product with little stock at once, on every web process, while
// signed-in shoppers keep checking out other products. See bench/README.md ("What is measured").
//
// Each of the sale's shoppers sends one guest checkout (its own checkout key, email and address, as a
// CDN in front would forward it: X-Forwarded-For) for one unit of the hot variant. Exactly `units` may
// succeed, and each that gets a payment session pays it on the local provider's page and records it
// (POST /pay/:id, then POST /api/checkout/complete, as the shopper's browser does); every other answer
// must be the clear 409 "insufficient_inventory". Side by side, a few
// connections run the ordinary checkout flow (add one unit, open a session) on products with plenty of
// stock, first alone ("before") and then during the sale. The hot product must not serialise the shop:
// the others must keep most of their rate (KEEP_SHARE) while the sale runs, with no error.

import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { otherCheckoutsInWorker as otherCheckouts } from './flash-others.mjs';
import { errorCode, PAY_FORM } from './mixed.mjs';
import { log as benchLog, LOAD_ORIGIN, sleep, startServer } from './processes.mjs';
import { fmtInt, fmtMs, percentile, row } from './report.mjs';
import { clearCarts } from './shoppers.mjs';

const json = { 'content-type': 'application/json', origin: LOAD_ORIGIN };

/** One sale shopper's guest checkout of one unit of `line`; shopper i comes from its own address. */
function guestCheckout(i, line) {
  return {
    method: 'POST',
    path: '/api/checkout/sessions',
    headers: { ...json, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    body: JSON.stringify({
      customer_info: {
        email: `flash-${i}@example.com`,
        firstName: 'Flash',
        lastName: String(i),
        address: '1 Loopback Lane',
        city: 'Localhost',
        postalCode: '12345',
        country: 'US',
      },
      guest: {
        checkout_key: `flash-sale-shopper-${String(i).padStart(8, '0')}`,
        lines: [{ product_id: line.product_id, variant_id: line.variant_id, quantity: 1 }],
      },
    }),
  };
}

/** The web processes of the sale: as many as the machine has cores, at least 2. */
export const saleProcesses = () => Math.max(2, os.availableParallelism());

/**
 * `running` (the web processes already started) and more on `databaseUrl` up to saleProcesses();
 * returns all of them and the ones started here (to stop after the sale).
 */
export async function startSaleServers(databaseUrl, running, options = {}) {
  const started = [];
  for (let n = running.length; n < saleProcesses(); n++) {
    started.push(await startServer(databaseUrl, { ...options, name: `web ${n + 1}` }));
  }
  return { servers: [...running, ...started], started };
}

/**
 * A sold shopper pays: the local provider's page (POST /pay/:id with a test card, 303 to the success
 * page), then the success page's POST /api/checkout/complete. Returns the order number, or a problem.
 */
async function pay(baseUrl, sessionUrl) {
  const sessionId = decodeURIComponent(String(sessionUrl).split('/pay/')[1] ?? '');
  if (!sessionId) return { problem: `no /pay/ url in ${sessionUrl}` };
  const post = (path, type, body) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': type, origin: LOAD_ORIGIN },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
  const page = await post(
    `/pay/${encodeURIComponent(sessionId)}`,
    'application/x-www-form-urlencoded',
    PAY_FORM,
  );
  await page.arrayBuffer();
  if (page.status !== 303) return { problem: `POST /pay answered ${page.status}` };
  const done = await post(
    '/api/checkout/complete',
    'application/json',
    JSON.stringify({ session_id: sessionId }),
  );
  const text = await done.text();
  if (done.status !== 200)
    return { problem: `POST /api/checkout/complete answered ${done.status} ${text.slice(0, 200)}` };
  return { orderNumber: JSON.parse(text).order_number };
}

/** CPU seconds used so far by `pid` (Linux /proc; utime + stime at 100 ticks a second), or NaN. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the whole machine (all cores, busy time only), or NaN. */
function machineCpu() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Where the CPU went: the load generator (this process, its worker included), the servers, the machine. */
function cpuSnapshot(servers) {
  const self = process.cpuUsage();
  return {
    at: Date.now(),
    bench: (self.user + self.system) / 1e6,
    servers: servers.reduce((n, s) => n + cpuOf(s.child.pid), 0),
    machine: machineCpu(),
  };
}

/** Cores used on average between two snapshots, per part. */
function coresUsed(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const cores = (key) => Math.round((100 * (b[key] - a[key])) / seconds) / 100;
  return { bench: cores('bench'), servers: cores('servers'), machine: cores('machine') };
}

const within = (opened, from, to) => opened.filter((o) => o.at >= from && o.at < to);

/**
 * Runs the sale and audits it. `servers`: the web processes on one database; `hot`: the variant on
 * sale ({ product_id, variant_id }), its stock set here to `units`; `shoppers` / `lines`: signed-in
 * accounts and plentiful variants for the side-by-side checkouts.
 */
export async function runFlashSale({
  servers,
  sql,
  hot,
  units,
  saleShoppers,
  concurrency,
  shoppers,
  lines,
  seconds,
  log = benchLog,
}) {
  await sql`update product_variants set inventory_level = ${units} where id = ${hot.variant_id}`;
  const perServer = Math.max(1, Math.floor(Math.min(4, shoppers.length) / servers.length));
  const others = { servers, shoppers, lines, perServer, seconds };

  log(`flash sale: the other checkouts alone for ${seconds} s (${perServer * servers.length} connections)`);
  await clearCarts(servers[0].baseUrl, shoppers);
  const cpuAlone = cpuSnapshot(servers);
  const before = await otherCheckouts(others);
  const aloneCores = coresUsed(cpuAlone, cpuSnapshot(servers));
  await clearCarts(servers[0].baseUrl, shoppers);

  log(
    `flash sale: ${saleShoppers} guests, ${units} units, ${concurrency} at a time, and the other checkouts`,
  );
  const outcome = { sold: 0, soldOut: 0, unexpected: 0, statuses: {}, first: [] };
  const payments = [];
  const share = Math.ceil(saleShoppers / servers.length);
  const tOthers = Date.now();
  const duringRun = otherCheckouts(others);
  // A moment of the others alone first, so they are running when the sale starts.
  await sleep(1000);
  const tSale = Date.now();
  const cpuSale = cpuSnapshot(servers);
  const sale = await Promise.all(
    servers.map((server, s) => {
      let i = s * share;
      const amount = Math.min(share, saleShoppers - s * share);
      return autocannon({
        url: server.baseUrl,
        connections: Math.max(1, Math.floor(concurrency / servers.length)),
        amount,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({ ...req, ...guestCheckout(i++, hot) }),
            onResponse: (status, body) => {
              outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
              if (status === 200) {
                outcome.sold++;
                payments.push(
                  pay(server.baseUrl, /"url":"([^"]+)"/.exec(body)?.[1]).catch((e) => ({
                    problem: e.message,
                  })),
                );
              } else if (status === 409 && errorCode(body) === 'insufficient_inventory') outcome.soldOut++;
              else {
                outcome.unexpected++;
                if (outcome.first.length < 5) outcome.first.push(`${status} ${String(body).slice(0, 200)}`);
              }
            },
          },
        ],
      });
    }),
  );
  const tSaleEnd = Date.now();
  const cpu = coresUsed(cpuSale, cpuSnapshot(servers));
  const during = await duringRun;
  const paid = await Promise.all(payments);
  await sleep(1500);
  await clearCarts(servers[0].baseUrl, shoppers);

  const [stock] = await sql`
    select v.inventory_level as level,
      coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where oi.variant_id = v.id and o.status <> 'cancelled'), 0)::int as held,
      coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where oi.variant_id = v.id and o.status <> 'cancelled' and o.payment_status = 'paid'), 0)::int as paid,
      (select count(*) from order_items oi join orders o on o.id = oi.order_id
        join payment_sessions ps on ps.order_id = o.id and ps.status = 'paid'
        where oi.variant_id = v.id)::int as paid_sessions
    from product_variants v where v.id = ${hot.variant_id}`;
  const numbers = paid.filter((p) => p.orderNumber !== undefined).map((p) => p.orderNumber);
  const payProblems = paid.filter((p) => p.problem).map((p) => p.problem);
  for (const p of payProblems.slice(0, 5)) log(`flash sale: a payment failed: ${p}`);
  for (const p of outcome.first) log(`flash sale: unexpected ${p}`);
  for (const p of [...before.problems, ...during.problems]) log(`flash sale, other checkouts: ${p}`);

  const beforeRate = before.opened.length / seconds;
  const inSale = within(during.opened, tSale, tSaleEnd);
  return {
    saleShoppers,
    units,
    concurrency,
    processes: servers.length,
    sold: outcome.sold,
    soldOut: outcome.soldOut,
    unexpected: outcome.unexpected,
    connectionErrors: sale.reduce((n, r) => n + r.errors + r.timeouts, 0),
    statuses: outcome.statuses,
    stockLevel: stock.level,
    unitsHeldByOrders: stock.held,
    // Paid: through the provider's page and the success page, one order number each; in the database
    // the units of paid orders and the provider's paid sessions (one per order: none paid twice).
    payments: paid.length,
    paymentProblems: payProblems.length,
    orderNumbers: new Set(numbers).size,
    unitsPaid: stock.paid,
    paidSessions: stock.paid_sessions,
    saleSeconds: (tSaleEnd - tSale) / 1000,
    // Cores in use during the sale: the load generator, the web processes, everything on the machine.
    saleCores: cpu,
    othersAloneCores: aloneCores,
    // Per process: autocannon keeps its own histogram; the report shows the worst of the processes.
    checkoutP50Ms: Math.max(...sale.map((r) => r.latency.p50)),
    checkoutP99Ms: Math.max(...sale.map((r) => r.latency.p99)),
    othersBeforePerSec: beforeRate,
    othersBeforeP50Ms: percentile(
      before.opened.map((o) => o.ms),
      50,
    ),
    othersDuringSalePerSec: inSale.length / ((tSaleEnd - tSale) / 1000),
    othersDuringSaleP50Ms: percentile(
      inSale.map((o) => o.ms),
      50,
    ),
    othersDuringSaleP99Ms: percentile(
      inSale.map((o) => o.ms),
      99,
    ),
    othersWholeRunPerSec: during.opened.length / ((Date.now() - tOthers) / 1000),
    otherProblems: before.problems.length + during.problems.length,
  };
}

/**
 * The share of their rate before that the other products' checkouts must keep during the sale: the
 * hot product must not serialise the shop (a little is lost to the sale's own CPU on shared cores).
 */
const KEEP_SHARE = 80;
const share = (f) => Math.round((100 * f.othersDuringSalePerSec) / Math.max(f.othersBeforePerSec, 1e-9));

/** The report's two rows: the sale itself, and the other products' checkouts during it. */
export function flashSaleRows(f, label) {
  const exact =
    f.sold === f.units &&
    f.unitsHeldByOrders === f.units &&
    f.stockLevel === 0 &&
    f.unitsPaid === f.units &&
    f.orderNumbers === f.units &&
    f.paidSessions === f.units;
  const errors = f.unexpected + f.connectionErrors + f.paymentProblems;
  return [
    row('flash_sale', label, `exactly ${f.units} paid, 0 errors but sold-out 409s`, {
      figure:
        `${f.sold} sold, ${f.unitsPaid} paid (${f.orderNumbers} order numbers, ${f.paidSessions} paid sessions), ` +
        `${fmtInt(f.soldOut)} sold-out 409s, ${errors} errors, stock ${f.stockLevel} ` +
        `(orders hold ${f.unitsHeldByOrders}); checkout p50 ${fmtMs(f.checkoutP50Ms)} ms, ` +
        `p99 ${fmtMs(f.checkoutP99Ms)} ms; sale over in ${f.saleSeconds.toFixed(1)} s; cores used meanwhile: ` +
        `web ${f.saleCores.servers}, load generator ${f.saleCores.bench}, machine ${f.saleCores.machine}`,
      met: exact && errors === 0,
    }),
    row(
      'flash_sale_others',
      "other products' checkouts during the sale",
      `>= ${KEEP_SHARE}% of their rate before, 0 errors`,
      {
        figure:
          `${f.othersDuringSalePerSec.toFixed(1)} sessions/s during (${f.othersBeforePerSec.toFixed(1)} before, ` +
          `${share(f)}%), p50 ${fmtMs(f.othersDuringSaleP50Ms)} ms, p99 ${fmtMs(f.othersDuringSaleP99Ms)} ms ` +
          `(${fmtMs(f.othersBeforeP50Ms)} ms before; cores used alone: web ${f.othersAloneCores.servers}, ` +
          `load generator ${f.othersAloneCores.bench}, machine ${f.othersAloneCores.machine})`,
        met: f.otherProblems === 0 && share(f) >= KEEP_SHARE,
      },
    ),
  ];
}

/** One variant of a bench product that no other phase uses, for the sale. */
export async function pickSaleVariant(sql, skipIds) {
  const [hot] = await sql`
    select p.id as product_id, v.id as variant_id, v.sku
    from products p
    cross join lateral (select id, sku from product_variants where product_id = p.id order by sku limit 1) v
    where p.slug ~ '^bench-product-[0-9]+$' and p.is_visible and p.deleted_at is null
      and not (p.id = any(${skipIds}::uuid[]))
    order by split_part(p.slug, '-', 3)::int desc
    offset 1 limit 1`;
  if (!hot) throw new Error('no bench product left for the flash sale');
  return hot;
}
