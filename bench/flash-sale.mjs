// Flash sale: many guests check out one product with little stock at once, on every web process, while
// signed-in shoppers keep checking out other products. See bench/phases.md ("3b. Flash sale").
//
// Each of the sale's shoppers sends one guest checkout (its own checkout key, email and address, as a
// CDN in front would forward it: X-Forwarded-For) for one unit of the hot variant. Exactly `units` may
// succeed, and each that gets a payment session pays it on the local provider's page and records it
// (POST /pay/:id, then POST /api/checkout/complete, as the shopper's browser does); every other answer
// must be the clear 409 "insufficient_inventory". Side by side, signed-in shoppers run the ordinary
// checkout flow (add one unit, open a session) on products with plenty of stock. Three sales, each of
// its own variant: the first beside the others in a closed loop (as fast as they can), the second
// beside the others arriving at a fixed rate (open loop, as a shop meets them), the third with the
// hot row locked by the bench for a few seconds while its guests queue on it, the others again at the
// fixed rate and the database's lock waits sampled (bench/flash-locks.mjs). The rows: bench/flash-rows.mjs.

import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { holdRow, sampleLockWaits } from './flash-locks.mjs';
import { startOthers } from './flash-others.mjs';
import { OPEN_RATE_SHARE, openLoopWindow } from './flash-rows.mjs';
import { errorCode, PAY_FORM } from './mixed.mjs';
import { STOCK_PER_VARIANT } from './options.mjs';
import { log as benchLog, LOAD_ORIGIN, sleep, startServer } from './processes.mjs';
import { percentile } from './report.mjs';
import {
  checkoutFlow,
  checkoutSessionRequest,
  clearCarts,
  customerInfo,
  signUpShoppers,
} from './shoppers.mjs';

const json = { 'content-type': 'application/json', origin: LOAD_ORIGIN };

/** One sale shopper's guest checkout of one unit of `line`; shopper i comes from its own address. */
function guestCheckout(i, line) {
  return {
    method: 'POST',
    path: '/api/checkout/sessions',
    headers: { ...json, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    body: JSON.stringify({
      customer_info: customerInfo(`flash-${i}@example.com`, 'Flash', String(i)),
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

/** How long the bench holds the third sale's stock row while its guests queue on it. */
export const HOLD_SECONDS = 5;
/**
 * The shoppers who arrive at a fixed rate, each with a variant of their own: at about 60 flows a
 * second, enough for flows of up to 600 ms each before an arrival finds no free shopper.
 */
export const OPEN_LOOP_SHOPPERS = 40;
/** The variants the phase needs: three to sell, one per shopper arriving at a rate. */
export const FLASH_VARIANTS = 3 + OPEN_LOOP_SHOPPERS;

/**
 * One sale of `hot` (its stock already set): `saleShoppers` guests, numbered from `first` (each its
 * own address, email and checkout key), shared out between the processes, `concurrency` at a time,
 * each given up after `timeout` seconds.
 * Resolves when the last guest is answered; `settle()` then waits for the payments and audits the stock.
 */
async function sell({ servers, sql, hot, saleShoppers, concurrency, first, log, timeout = 30 }) {
  const outcome = { sold: 0, soldOut: 0, unexpected: 0, statuses: {}, first: [] };
  const payments = [];
  const share = Math.ceil(saleShoppers / servers.length);
  const tSale = Date.now();
  const cpuSale = cpuSnapshot(servers);
  const sale = await Promise.all(
    servers.map((server, s) => {
      let i = first + s * share;
      const amount = Math.min(share, saleShoppers - s * share);
      return autocannon({
        url: server.baseUrl,
        connections: Math.max(1, Math.floor(concurrency / servers.length)),
        amount,
        timeout,
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
  const settle = async () => {
    const paid = await Promise.all(payments);
    await sleep(1500);
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
    return {
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
      // Per process: autocannon keeps its own histogram; the report shows the worst of the processes.
      checkoutP50Ms: Math.max(...sale.map((r) => r.latency.p50)),
      checkoutP99Ms: Math.max(...sale.map((r) => r.latency.p99)),
    };
  };
  return { tSale, tSaleEnd, settle };
}

/**
 * Runs the three sales and audits each. `servers`: the web processes on one database; `variants`:
 * FLASH_VARIANTS variants no other phase uses ({ product_id, variant_id }), the first three to sell
 * (set here to `units`), the others for the shoppers who arrive at a rate (signed up here);
 * `shoppers`: signed-in accounts for the closed loop, shopper i running `flowOf(i)` (the bench's
 * checkout flow).
 */
export async function runFlashSale({
  servers,
  sql,
  variants,
  units,
  saleShoppers,
  concurrency,
  shoppers,
  flowOf,
  seconds,
  log = benchLog,
}) {
  const hots = variants.slice(0, 3);
  const lines = variants.slice(3, FLASH_VARIANTS);
  const ids = (vs) => vs.map((v) => v.variant_id);
  await sql`update product_variants set inventory_level = ${units} where id = any(${ids(hots)}::uuid[])`;
  await sql`update product_variants set inventory_level = ${STOCK_PER_VARIANT}
    where id = any(${ids(lines)}::uuid[])`;
  log(`flash sale: signing up ${lines.length} shoppers who will arrive at a rate`);
  // Each from an address of its own: more than one address's limit of sign-ups.
  const arriving = await signUpShoppers(servers[0].baseUrl, lines.length, log, {
    first: 1001,
    forwardedFor: (i) => `10.255.${(i >> 8) & 255}.${i & 255}`,
  });
  const flows = shoppers.map((_, i) => flowOf(i));
  // The shoppers arriving at a rate pay too, as the sale's guests do: their payments run recordPayment
  // beside the sale's, on rollup rows of their own products and of the categories they share.
  const openFlows = arriving.map((shopper, i) => [
    ...checkoutFlow(shopper, lines[i]),
    { pay: { form: PAY_FORM, headers: checkoutSessionRequest(shopper).headers } },
  ]);
  const perServer = Math.max(1, Math.floor(Math.min(4, shoppers.length) / servers.length));
  const saleOf = (n) => ({
    servers,
    sql,
    hot: hots[n],
    saleShoppers,
    concurrency,
    first: n * saleShoppers,
    log,
  });
  const emptyCarts = () => clearCarts(servers[0].baseUrl, [...shoppers, ...arriving]);

  log(`flash sale: the other checkouts alone for ${seconds} s (${perServer * servers.length} connections)`);
  await emptyCarts();
  const cpuAlone = cpuSnapshot(servers);
  const before = await startOthers({ servers, flows, perServer, seconds }).result;
  const aloneCores = coresUsed(cpuAlone, cpuSnapshot(servers));
  await emptyCarts();

  log(
    `flash sale 1: ${saleShoppers} guests, ${units} units, ${concurrency} at a time, the others closed loop`,
  );
  const tOthers = Date.now();
  const closed = startOthers({ servers, flows, perServer, seconds });
  // A moment of the others alone first, so they are running when the sale starts.
  await sleep(1000);
  const sale1 = await sell(saleOf(0));
  const during = await closed.result;
  const tOthersEnd = Date.now();
  const first = await sale1.settle();
  for (const p of [...before.problems, ...during.problems]) log(`flash sale, other checkouts: ${p}`);
  await emptyCarts();

  const beforeRate = before.opened.length / seconds;
  // The open loop's flow pays too, so its rate is a share of what that same flow reaches alone, with
  // as many shoppers at a time as the closed loop above.
  log(
    `flash sale: the paying flow alone, closed loop, ${seconds} s (${perServer * servers.length} at a time)`,
  );
  const paying = await startOthers({ servers, flows: openFlows, perServer, seconds, wholeFlows: true })
    .result;
  for (const p of paying.problems) log(`flash sale, the paying flow alone: ${p}`);
  await emptyCarts();
  const payingRate = paying.flows.filter((f) => f.ok).length / ((paying.end - paying.start) / 1000);
  const rate = Math.max(1, Math.round((payingRate * OPEN_RATE_SHARE) / 100));
  const alone = Math.max(5, Math.round(seconds / 2));
  log(`flash sale 2: the others at ${rate} flows/s (open loop), ${alone} s alone, then the sale`);
  const open = startOthers({ servers, flows: openFlows, rate, maxSeconds: 300 });
  await sleep(alone * 1000);
  const stopSampling = sampleLockWaits(sql);
  const sale2 = await sell(saleOf(1));
  const saleLocks = await stopSampling();
  await sleep(1000);
  open.stop();
  const openRun = await open.result;
  const second = await sale2.settle();
  await emptyCarts();

  log(`flash sale 3: the hot row held ${HOLD_SECONDS} s by the bench while the guests queue on it`);
  const held = startOthers({ servers, flows: openFlows, rate, maxSeconds: 300 });
  await sleep(2000);
  let stopHeldSampling;
  const hold = holdRow(sql, hots[2].variant_id, HOLD_SECONDS, () => stopHeldSampling());
  const { pid: holder, at: tLocked } = await hold.locked;
  stopHeldSampling = sampleLockWaits(sql, holder);
  // Its guests wait for the row on top of the usual: their time-out grows by as much.
  const sale3 = sell({ ...saleOf(2), timeout: 30 + HOLD_SECONDS });
  const { at: tReleased, result: heldLocks } = await hold.released;
  const { tSaleEnd: tSale3End, settle: settle3 } = await sale3;
  await sleep(1000);
  held.stop();
  const heldRun = await held.result;
  const third = await settle3();
  for (const p of [...openRun.problems, ...heldRun.problems]) log(`flash sale, others at a rate: ${p}`);
  await emptyCarts();

  // Over the part of the sale the loop ran in: a sale slower than the loop (a busy machine) would
  // otherwise count seconds without any of the others as seconds they were kept waiting.
  const tSale = sale1.tSale;
  const tSaleEnd = Math.min(sale1.tSaleEnd, during.end);
  const inSale = within(during.opened, tSale, tSaleEnd);
  return {
    saleShoppers,
    units,
    concurrency,
    processes: servers.length,
    ...first,
    othersAloneCores: aloneCores,
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
    othersWholeRunPerSec: during.opened.length / ((tOthersEnd - tOthers) / 1000),
    otherProblems: before.problems.length + during.problems.length,
    // The others arriving at `rate` flows/s: alone (after a second to settle), then during sale 2.
    openLoop: {
      rate,
      payingAlonePerSec: payingRate,
      payingAloneP50Ms: percentile(
        paying.flows.filter((f) => f.ok).map((f) => f.end - f.due),
        50,
      ),
      payingAloneProblems: paying.problems.length,
      shoppers: openRun.shoppers,
      waitedForShopper: openRun.waitedForShopper,
      maxBacklog: openRun.maxBacklog,
      problems: openRun.problems.length,
      alone: openLoopWindow(openRun, openRun.start + 1000, sale2.tSale, rate),
      duringSale: openLoopWindow(openRun, sale2.tSale, sale2.tSaleEnd, rate),
      sale: second,
      lockWaits: saleLocks,
    },
    // Sale 3: its row locked by the bench from `tLocked` to `tReleased`, the others again at `rate`.
    heldRow: {
      rate,
      holdSeconds: (tReleased - tLocked) / 1000,
      waitedForShopper: heldRun.waitedForShopper,
      problems: heldRun.problems.length,
      alone: openLoopWindow(heldRun, heldRun.start + 1000, tLocked, rate),
      whileHeld: openLoopWindow(heldRun, tLocked, tReleased, rate),
      afterRelease: openLoopWindow(heldRun, tReleased, tSale3End, rate),
      sale: third,
      lockWaits: heldLocks,
    },
  };
}

/** `count` variants of bench products that no other phase uses, one per product, for the sales. */
export async function pickSaleVariants(sql, skipIds, count) {
  const hots = await sql`
    select p.id as product_id, v.id as variant_id, v.sku
    from products p
    cross join lateral (select id, sku from product_variants where product_id = p.id order by sku limit 1) v
    where p.slug ~ '^bench-product-[0-9]+$' and p.is_visible and p.deleted_at is null
      and not (p.id = any(${skipIds}::uuid[]))
    order by split_part(p.slug, '-', 3)::int desc
    offset 1 limit ${count}`;
  if (hots.length < count) throw new Error(`fewer than ${count} bench products left for the flash sales`);
  return hots;
}
