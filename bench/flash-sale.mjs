// Flash sale: many guests check out one product with little stock at once, on every web process, while
// signed-in shoppers keep checking out other products. See bench/README.md ("What is measured").
//
// Each of the sale's shoppers sends one guest checkout (its own checkout key, email and address, as a
// CDN in front would forward it: X-Forwarded-For) for one unit of the hot variant. Exactly `units` may
// succeed; every other answer must be the clear 409 "insufficient_inventory". Side by side, a few
// connections run the ordinary checkout flow (add one unit, open a session) on products with plenty of
// stock, first alone ("before") and then during the sale. The hot product must not serialise the shop:
// the others must keep most of their rate (KEEP_SHARE) while the sale runs, with no error.

import autocannon from 'autocannon';
import { errorCode } from './mixed.mjs';
import { log as benchLog, LOAD_ORIGIN, sleep } from './processes.mjs';
import { fmtInt, fmtMs, percentile, row } from './report.mjs';
import { checkoutFlow, clearCarts } from './shoppers.mjs';

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

/**
 * The ordinary checkout flow on `servers` for `seconds`, `perServer` connections each (connection c is
 * shopper c): returns each opened checkout session's time (ms since the epoch) and milliseconds taken.
 */
async function otherCheckouts({ servers, shoppers, lines, perServer, seconds }) {
  const opened = [];
  const problems = [];
  let next = 0;
  await Promise.all(
    servers.map((server) =>
      autocannon({
        url: server.baseUrl,
        connections: perServer,
        duration: seconds,
        timeout: 10,
        setupClient: (client) => {
          const c = next++;
          const [add, session] = checkoutFlow(shoppers[c % shoppers.length], lines[c % lines.length]);
          client.setRequests([
            add,
            {
              ...session,
              setupRequest: (req, context) => {
                context.sent = Date.now();
                return req;
              },
              onResponse: (status, body, context) => {
                const now = Date.now();
                if (status === 200) opened.push({ at: now, ms: now - context.sent });
                else if (problems.length < 5) problems.push(`${status} ${String(body).slice(0, 200)}`);
              },
            },
          ]);
        },
      }),
    ),
  );
  return { opened, problems };
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
  const before = await otherCheckouts(others);
  await clearCarts(servers[0].baseUrl, shoppers);

  log(
    `flash sale: ${saleShoppers} guests, ${units} units, ${concurrency} at a time, and the other checkouts`,
  );
  const outcome = { sold: 0, soldOut: 0, unexpected: 0, statuses: {}, first: [] };
  const share = Math.ceil(saleShoppers / servers.length);
  const tOthers = Date.now();
  const duringRun = otherCheckouts(others);
  // A moment of the others alone first, so they are running when the sale starts.
  await sleep(1000);
  const tSale = Date.now();
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
              if (status === 200) outcome.sold++;
              else if (status === 409 && errorCode(body) === 'insufficient_inventory') outcome.soldOut++;
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
  const during = await duringRun;
  await sleep(1500);
  await clearCarts(servers[0].baseUrl, shoppers);

  const [stock] = await sql`
    select v.inventory_level as level,
      coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where oi.variant_id = v.id and o.status <> 'cancelled'), 0)::int as held
    from product_variants v where v.id = ${hot.variant_id}`;
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
    saleSeconds: (tSaleEnd - tSale) / 1000,
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
  const exact = f.sold === f.units && f.unitsHeldByOrders === f.units && f.stockLevel === 0;
  const errors = f.unexpected + f.connectionErrors;
  return [
    row('flash_sale', label, `exactly ${f.units} sold, 0 errors but sold-out 409s`, {
      figure:
        `${f.sold} sold, ${fmtInt(f.soldOut)} sold-out 409s, ${errors} errors, stock ${f.stockLevel} ` +
        `(orders hold ${f.unitsHeldByOrders}); checkout p50 ${fmtMs(f.checkoutP50Ms)} ms, ` +
        `p99 ${fmtMs(f.checkoutP99Ms)} ms; sale over in ${f.saleSeconds.toFixed(1)} s`,
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
          `(${fmtMs(f.othersBeforeP50Ms)} ms before)`,
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
