// Mixed load: browse + signed-in cart + checkout (some sessions paid) against two server processes on
// one PostgreSQL, or through Varnish in front of them, then a stock audit in SQL. See bench/phases.md
// ("3. Mixed load" and "3c. Mixed load through Varnish").
//
// Connections are dealt round-robin over the roles browse, cart, checkout and alternately over the two
// processes (10 connections: 4 browse, 3 cart, 3 checkout; 5 per process); through Varnish, every
// connection goes to Varnish, one autocannon per role, so each role has its own latency. Each cart or checkout
// connection is one shopper. Some checkout variants hold little stock, so they sell out during the
// run: a 409 "out of stock" / "not enough stock" answer is an expected outcome, counted apart.
// Errors: connection errors, timeouts, 5xx and any other unexpected status.

import autocannon from 'autocannon';
import { log as benchLog, LOAD_ORIGIN, sampleRss, sleep } from './processes.mjs';
import { fmtMiB, row } from './report.mjs';
import { addItem, checkoutSessionRequest } from './shoppers.mjs';

const ROLES = ['browse', 'cart', 'checkout'];
/** Every n-th checkout flow of a connection pays its session on the local provider's page. */
const PAY_EVERY = 2;
export const PAY_FORM = new URLSearchParams({
  card_number: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
  name: 'Bench Shopper',
}).toString();
/** 409 codes that mean "sold out" (cart add) or "not enough stock" (checkout): expected outcomes. */
export const STOCK_CODES = new Set(['out_of_stock', 'insufficient_inventory']);

/** Which role and process each connection gets. */
export function dealConnections(connections) {
  return Array.from({ length: connections }, (_, c) => ({ role: ROLES[c % ROLES.length], server: c % 2 }));
}

/** The `error.code` of a JSON error answer, or undefined. */
export function errorCode(body) {
  try {
    return JSON.parse(body)?.error?.code;
  } catch {
    return undefined;
  }
}

/** Per-process, per-step tallies of the answers. */
function makeTally() {
  const steps = {};
  const unexpected = [];
  const cache = {};
  return {
    steps,
    unexpected,
    /**
     * Answers by the X-Cache header a cache in front added (HIT / MISS; none without one), in all and
     * by the kind of browse read (`byKind`: list, product JSON, product page).
     */
    cache,
    noteCache(headers, kind) {
      const answer = headers?.['X-Cache'] ?? headers?.['x-cache'];
      if (!answer) return;
      cache[answer] = (cache[answer] ?? 0) + 1;
      if (!kind) return;
      cache.byKind ??= {};
      cache.byKind[kind] ??= {};
      cache.byKind[kind][answer] = (cache.byKind[kind][answer] ?? 0) + 1;
    },
    note(step, outcome, status, body) {
      steps[step] ??= { ok: 0, stock409: 0, unexpected: 0, statuses: {} };
      const s = steps[step];
      s.statuses[status] = (s.statuses[status] ?? 0) + 1;
      s[outcome]++;
      if (outcome === 'unexpected' && unexpected.length < 10) {
        unexpected.push(`${step} -> ${status} ${String(body).slice(0, 300)}`);
      }
    },
  };
}

/** An onResponse that sorts an answer into ok / stock409 / unexpected for `step`. */
function judge(tally, step, okStatuses, allow409 = false) {
  return (status, body, context) => {
    if (okStatuses.includes(status)) {
      tally.note(step, 'ok', status, body);
      return true;
    }
    if (allow409 && status === 409 && STOCK_CODES.has(errorCode(body))) {
      tally.note(step, 'stock409', status, body);
      if (context) context.skip = true;
      return false;
    }
    tally.note(step, 'unexpected', status, body);
    if (context) context.skip = true;
    return false;
  };
}

/** What a browse path reads: the product list, a product's JSON or its page. */
export const browseKind = (path) =>
  path.startsWith('/api/products?')
    ? 'list'
    : path.startsWith('/api/products/')
      ? 'product JSON'
      : 'product page';

function browseRequests(tally, paths, offset) {
  let i = offset;
  const ok = judge(tally, 'browse', [200]);
  return [
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const path = paths[i++ % paths.length];
        context.kind = browseKind(path);
        return { ...req, path };
      },
      onResponse: (status, body) => ok(status, body),
    },
  ];
}

function cartRequests(tally, shopper, line) {
  const added = judge(tally, 'cart add', [200]);
  const read = judge(tally, 'cart read', [200]);
  return [
    { ...addItem(shopper, line), onResponse: (s, b) => added(s, b) },
    {
      method: 'GET',
      path: '/api/cart',
      headers: { cookie: shopper.cookie },
      onResponse: (s, b) => read(s, b),
    },
  ];
}

/**
 * One checkout flow: empty the cart, add one unit of the next variant of `pool`, open a checkout
 * session; every PAY_EVERY-th flow also pays it on /pay/:id (card 4242...) and records the payment
 * with POST /api/checkout/complete (the success page's receipt records it the same way). A sold-out
 * answer skips the rest of the flow (setupRequest returning null starts the sequence over).
 */
function checkoutRequests(tally, shopper, pool, offset) {
  let flow = offset;
  const cleared = judge(tally, 'cart clear', [200]);
  const added = judge(tally, 'checkout add', [200], true);
  const opened = judge(tally, 'checkout session', [200], true);
  const paid = judge(tally, 'pay', [303]);
  const completed = judge(tally, 'complete', [200]);
  const cookie = shopper.cookie;
  return [
    {
      method: 'DELETE',
      path: '/api/cart',
      headers: { cookie, origin: LOAD_ORIGIN },
      onResponse: (s, b, ctx) => cleared(s, b, ctx),
    },
    {
      ...addItem(shopper, pool[0]),
      setupRequest: (req, ctx) => {
        if (ctx.skip) return null;
        ctx.flow = flow++;
        const line = pool[ctx.flow % pool.length];
        return {
          ...req,
          body: JSON.stringify({ product_id: line.product_id, variant_id: line.variant_id, quantity: 1 }),
        };
      },
      onResponse: (s, b, ctx) => added(s, b, ctx),
    },
    {
      ...checkoutSessionRequest(shopper),
      setupRequest: (req, ctx) => (ctx.skip ? null : req),
      onResponse: (s, b, ctx) => {
        if (opened(s, b, ctx)) {
          const url = /"url":"([^"]+)"/.exec(b)?.[1];
          ctx.sessionId = url ? decodeURIComponent(url.split('/pay/')[1] ?? '') : undefined;
          if (!ctx.sessionId) tally.note('checkout session', 'unexpected', s, `no /pay/ url in ${b}`);
        }
      },
    },
    {
      method: 'POST',
      path: '/pay/x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: LOAD_ORIGIN },
      body: PAY_FORM,
      setupRequest: (req, ctx) =>
        ctx.skip || !ctx.sessionId || ctx.flow % PAY_EVERY !== 0
          ? null
          : { ...req, path: `/pay/${encodeURIComponent(ctx.sessionId)}` },
      onResponse: (s, b, ctx) => {
        if (paid(s, b, ctx)) ctx.paid = true;
      },
    },
    {
      method: 'POST',
      path: '/api/checkout/complete',
      headers: { cookie, 'content-type': 'application/json', origin: LOAD_ORIGIN },
      setupRequest: (req, ctx) =>
        ctx.paid ? { ...req, body: JSON.stringify({ session_id: ctx.sessionId }) } : null,
      onResponse: (s, b, ctx) => completed(s, b, ctx),
    },
  ];
}

/**
 * Stock of each variant with the units its live orders hold (every status but cancelled: pending
 * reservations and paid orders; a refund cancels the order). One statement: one snapshot.
 * @param {import('postgres').Sql} sql
 */
export async function stockLedger(sql, variantIds) {
  const rows = await sql`
    select v.id, v.sku, v.inventory_level as level,
      coalesce(sum(oi.quantity) filter (where o.status <> 'cancelled'), 0)::int as held,
      coalesce(sum(oi.quantity) filter (where o.status = 'pending'), 0)::int as pending,
      coalesce(sum(oi.quantity) filter (where o.payment_status = 'paid' and o.status <> 'cancelled'), 0)::int as paid
    from product_variants v
    left join order_items oi on oi.variant_id = v.id
    left join orders o on o.id = oi.order_id
    where v.id = any(${variantIds}::uuid[])
    group by v.id, v.sku, v.inventory_level`;
  return new Map(rows.map((r) => [r.id, r]));
}

/** The requests of one connection, each answer's X-Cache header noted before it is judged. */
function connectionRequests(tally, c, { browsePaths, cartLines, checkoutPool }) {
  const requests =
    c.role === 'browse'
      ? browseRequests(tally, browsePaths, c.index * 7)
      : c.role === 'cart'
        ? cartRequests(tally, c.shopper, cartLines[c.index % cartLines.length])
        : checkoutRequests(tally, c.shopper, checkoutPool, c.index);
  return requests.map((r) => ({
    ...r,
    onResponse: (status, body, context, headers) => {
      tally.noteCache(headers, context?.kind);
      return r.onResponse(status, body, context);
    },
  }));
}

/** The figures of one autocannon run (`result`) over the connections `mine`, sorted by `tally`. */
function groupFigures(name, mine, tally, result) {
  const steps = tally.steps;
  const sum = (k) => Object.values(steps).reduce((n, x) => n + x[k], 0);
  const status5xx = Object.values(steps).reduce(
    (n, x) => n + Object.entries(x.statuses).reduce((m, [code, c]) => m + (Number(code) >= 500 ? c : 0), 0),
    0,
  );
  return {
    name,
    connections: mine.map((c) => c.role),
    requests: result.requests.total,
    reqPerSec: result.requests.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    status5xx,
    unexpected: sum('unexpected'),
    stock409: sum('stock409'),
    errors: result.errors + result.timeouts + sum('unexpected'),
    cache: tally.cache,
    steps,
    firstUnexpected: tally.unexpected,
  };
}

/**
 * Runs the mixed load for `seconds` and audits the stock. `servers` are the running processes on
 * one database (two web processes, and a worker when one runs the jobs): the load goes to the first
 * two, or, with `via` ({ name, baseUrl }: Varnish in front of them), all of it to `via`, one
 * autocannon per role. `shoppers` are signed-in accounts (one per cart or checkout connection,
 * shared round-robin when there are fewer); `cartLines` variants with plenty of stock for the cart
 * role; `checkoutPool` the variants checkout rotates over (some with small stock); `browsePaths` GET
 * paths. Figures come per process (`perProcess`) or, through `via`, per role (`perRole`, with the
 * processes' RSS and error logs in `processes`).
 */
export async function runMixed({
  servers,
  via,
  shoppers,
  cartLines,
  checkoutPool,
  browsePaths,
  seconds,
  connections,
  sql,
  log = benchLog,
}) {
  const targets = via ? [via] : servers.slice(0, 2);
  if (connections < targets.length)
    throw new Error(`the mixed load needs at least ${targets.length} connections`);
  const deal = dealConnections(connections);
  const variantIds = [...new Set([...cartLines, ...checkoutPool].map((l) => l.variant_id))];
  const before = await stockLedger(sql, variantIds);
  const [{ t0 }] = await sql`select now() as t0`;

  // Each cart/checkout connection is its own shopper; empty their carts first.
  let nextShopper = 0;
  const perConnection = deal.map((d, c) => ({
    ...d,
    index: c,
    shopper: d.role === 'browse' ? undefined : shoppers[nextShopper++ % shoppers.length],
  }));
  if (nextShopper > shoppers.length)
    log(`mixed: ${nextShopper} shopper connections share ${shoppers.length} shoppers`);
  for (const c of perConnection.filter((x) => x.shopper)) {
    const res = await fetch(`${targets[0].baseUrl}/api/cart`, {
      method: 'DELETE',
      headers: { cookie: c.shopper.cookie, origin: LOAD_ORIGIN },
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
  }

  const groups = via
    ? ROLES.map((role) => ({
        name: role,
        baseUrl: via.baseUrl,
        mine: perConnection.filter((c) => c.role === role),
      }))
    : targets.map((t, s) => ({
        name: t.name,
        baseUrl: t.baseUrl,
        mine: perConnection.filter((c) => c.server === s),
      }));
  const rss = sampleRss(servers.map((s) => s.child.pid));
  const errorsBefore = servers.map((s) => s.errors.count);
  const runs = groups
    .filter((g) => g.mine.length > 0)
    .map((g) => {
      const tally = makeTally();
      let next = 0;
      const done = autocannon({
        url: g.baseUrl,
        connections: g.mine.length,
        duration: seconds,
        timeout: 10,
        setupClient: (client) =>
          client.setRequests(
            connectionRequests(tally, g.mine[next++ % g.mine.length], {
              browsePaths,
              cartLines,
              checkoutPool,
            }),
          ),
      });
      return { ...g, tally, done };
    });
  const results = await Promise.all(runs.map((r) => r.done));
  rss.stop();
  // Requests cut off at the end finish on the server; then the stock is read in one snapshot.
  await sleep(1500);
  const after = await stockLedger(sql, variantIds);
  const [orders] = await sql`
    select count(*)::int as created,
      (count(*) filter (where payment_status = 'paid'))::int as paid,
      (count(*) filter (where status = 'pending'))::int as pending,
      (count(*) filter (where status = 'cancelled'))::int as cancelled
    from orders where created_at >= ${t0}`;

  const variants = variantIds.map((id) => {
    const b = before.get(id);
    const a = after.get(id);
    const start = b.level + b.held;
    const drift = a.level + a.held - start;
    return {
      sku: a.sku,
      startStock: start,
      level: a.level,
      heldPending: a.pending,
      heldPaid: a.paid,
      // Orders holding more units than the stock gave: sold twice. A negative level is oversold too.
      oversold: Math.max(0, drift) + Math.max(0, -a.level),
      // Units taken from stock that no live order holds (lost, not oversold; still not exact).
      missing: Math.max(0, -drift),
      exact: drift === 0 && a.level >= 0,
    };
  });

  const figures = runs.map((r, i) => groupFigures(r.name, r.mine, r.tally, results[i]));
  const processes = servers.map((server, s) => ({
    server: server.name,
    serverErrorLogLines: server.errors.count - errorsBefore[s],
    peakRssBytes: rss.peak(server.child.pid),
  }));
  const total = (k) => figures.reduce((n, p) => n + p[k], 0);
  for (const p of figures) for (const u of p.firstUnexpected) log(`mixed ${p.name}: ${u}`);
  const sumStep = (step, k) => figures.reduce((n, p) => n + (p.steps[step]?.[k] ?? 0), 0);
  const byGroup = via
    ? { perRole: figures.map(({ name, ...f }) => ({ role: name, ...f })), processes }
    : { perProcess: figures.map(({ name, ...f }, s) => ({ ...processes[s], ...f })) };
  return {
    seconds,
    via: via?.name,
    connections: perConnection.map((c) => ({
      role: c.role,
      server: via ? via.name : targets[c.server].name,
    })),
    requests: total('requests'),
    reqPerSec: total('reqPerSec'),
    errors: total('errors'),
    stock409: total('stock409'),
    status5xx: total('status5xx'),
    // A cart or checkout answer a shared cache served from its store: someone else's personal answer.
    personalHits: figures
      .filter((f) => f.name === 'cart' || f.name === 'checkout')
      .reduce((n, f) => n + (f.cache.HIT ?? 0), 0),
    oversoldUnits: variants.reduce((n, v) => n + v.oversold, 0),
    missingUnits: variants.reduce((n, v) => n + v.missing, 0),
    stockExact: variants.every((v) => v.exact),
    sessionsOpened: sumStep('checkout session', 'ok'),
    paymentsCompleted: sumStep('complete', 'ok'),
    orders,
    ...byGroup,
    variants,
  };
}

/** Whether a mixed load met its target: no error, nothing oversold, the stock exact, nothing personal cached. */
export const mixedMet = (m) =>
  m.errors === 0 && m.oversoldUnits === 0 && m.stockExact && m.personalHits === 0;

/** The figure's start every mixed-load row shares: requests, errors, sold-out 409s, oversold units. */
export const mixedOutcome = (m) =>
  `${m.requests.toLocaleString('en-US')} requests, ${m.errors} errors, ${m.stock409} sold-out 409s, ` +
  `${m.oversoldUnits} oversold${m.stockExact ? '' : ', stock NOT exact'}`;

/** The report's row of the mixed load on two processes. */
export function mixedRow(m, label, target) {
  const rss = m.perProcess
    .map((p) => `${p.server.replace('server ', '')} ${fmtMiB(p.peakRssBytes)}`)
    .join(', ');
  return row('mixed', label, target, {
    figure: `${mixedOutcome(m)}; peak RSS MiB ${rss}`,
    met: mixedMet(m),
  });
}

/**
 * Gives the first variant (by SKU) of `count` bench products `stock` units, for the checkouts to sell
 * out: the lowest-numbered visible products after the first `offset` (those hold the cart flows'
 * variants), never the product `skipId`. Returns [{ product_id, variant_id, sku }].
 */
export function takeSmallStock(sql, { skipId, offset, count, stock }) {
  return sql`
    with picked as (
      select p.id as product_id, v.id as variant_id
      from products p
      cross join lateral (select id from product_variants where product_id = p.id order by sku limit 1) v
      where p.slug ~ '^bench-product-[0-9]+$' and p.is_visible and p.deleted_at is null
        and p.id <> ${skipId}
      order by split_part(p.slug, '-', 3)::int
      offset ${offset} limit ${count}
    )
    update product_variants pv set inventory_level = ${stock}
    from picked where pv.id = picked.variant_id
    returning picked.product_id, pv.id as variant_id, pv.sku`;
}

/** browse: the product list (each sort, a few pages, a category), product JSON and product HTML. */
export function browseMix(slugs) {
  const lists = [];
  for (const sort of ['newest', 'name', 'price_asc', 'price_desc'])
    for (const page of [1, 2, 3]) lists.push(`/api/products?limit=20&sort=${sort}&page=${page}`);
  lists.push('/api/products?limit=20&category=bench-electronics');
  const paths = [];
  slugs.forEach((slug, i) => {
    paths.push(
      lists[i % lists.length],
      `/api/products/${encodeURIComponent(slug)}`,
      `/product/${encodeURIComponent(slug)}`,
    );
  });
  return paths;
}
