// The big catalog: a separate database with `products` bench products (bench/seed-catalog.mjs) and
// `orders` orders (bench/seed-orders.mjs), a server with the catalog read cache off
// (CATALOG_CACHE_MB=0, so every read goes to PostgreSQL), and autocannon on the list (newest and each
// sort), two searches, a category filter and the back-office dashboard (its default range and a
// year). The query plans come from bench/catalog-explain.mjs when it exists. See bench/phases.md
// ("5. Big catalog").

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { clean, measure, noValidAnswer, rotate } from './load.mjs';
import { ADMIN } from './options.mjs';
import { createAdminAccount, root, startServer, stopChild, waitForIdle } from './processes.mjs';
import { failedRow, fmtMs, row } from './report.mjs';
import { NAME_WORDS, seedCatalog } from './seed-catalog.mjs';
import { seedOrders } from './seed-orders.mjs';
import { signIn } from './shoppers.mjs';

export const BIG_DATABASE = 'cartwheel_bench_big';
export const LIST_P50_TARGET_MS = 20;
export const DASHBOARD_TARGET_MS = 200;
export const SEARCH_P50_TARGET_MS = 30;
export const SEARCH_P99_TARGET_MS = 100;
export const PAGE_P50_TARGET_MS = 15;

/** The back office's report screens measured with the big order history (both answer `current.orders`). */
const REPORT_SCREENS = [
  { name: 'dashboard', path: '/api/admin/dashboard' },
  { name: 'analytics', path: '/api/admin/analytics' },
];
const EXPLAIN_MODULE = join(root, 'bench/catalog-explain.mjs');
const PAGES = [1, 2, 3, 4, 5];

/**
 * Search terms from the seeded names ("Cozy Wool Sweater <n>"; /api/products matches a substring of
 * the name or SKU, any case): `common` is a name word (one product in 40), `few` a number that one
 * to five products carry. Counted here, so the report can say how many each matched.
 */
export function pickSearchTerms(rows) {
  const names = rows.map((r) => [r.name.toLowerCase(), r.sku.toLowerCase()]);
  const count = (term) => {
    const t = term.toLowerCase();
    let n = 0;
    for (const [name, sku] of names) if (name.includes(t) || sku.includes(t)) n++;
    return n;
  };
  const word = NAME_WORDS.nouns[2];
  let few;
  const n = names.length;
  for (let k = Math.floor(n * 0.4567) + 1; k <= n * 1.1 + 10 && !few; k++) {
    const matches = count(String(k));
    if (matches >= 1 && matches <= 5) few = { term: String(k), matches };
  }
  return { common: { term: word, matches: count(word) }, few };
}

/**
 * The storefront catalog page's searches (GET /api/search: the page, its total and every facet in
 * one answer), uncached. `words` is a material and a noun (one product in 480), `typo` the same with
 * a letter missing from each, `word` a noun alone (one in 40), `filtered` that noun with a brand, a
 * price ceiling and in-stock, `category` the page of one category with no text, `all` the catalog
 * page itself (every product counted into the facets).
 */
export function facetSearches(category) {
  const [material, noun] = [NAME_WORDS.materials[0], NAME_WORDS.nouns[0]];
  const q = encodeURIComponent;
  const typo = (w) => w.slice(0, 2) + w.slice(3);
  const word = NAME_WORDS.nouns[2];
  return [
    {
      key: 'facets_words',
      label: `"${material} ${noun}"`,
      path: `/api/search?search=${q(`${material} ${noun}`)}`,
    },
    {
      key: 'facets_typo',
      label: `"${typo(material)} ${typo(noun)}" (typos)`,
      path: `/api/search?search=${q(`${typo(material)} ${typo(noun)}`)}`,
    },
    { key: 'facets_word', label: `"${word}"`, path: `/api/search?search=${q(word)}` },
    {
      key: 'facets_filtered',
      label: `"${word}", one brand, price <= $200, in stock`,
      path: `/api/search?search=${q(word)}&brand=bench-brand-3&price_max=20000&in_stock=true`,
    },
    {
      key: 'facets_category',
      label: `no text, category ${category}`,
      path: `/api/search?category=${q(category)}`,
    },
    { key: 'facets_all', label: 'no text, no filter (the catalog page)', path: '/api/search' },
  ];
}

/**
 * The back office's date-range presets the dashboard is measured with (apps/admin
 * features/dashboard/components/date-ranges.ts): whole days in this machine's time zone up to and
 * including today. "Last 30 days" is what the dashboard opens with; "last 12 months" covers all but
 * the oldest day of the seeded orders (they go back 365 days). `key` is the report row's: run.mjs
 * sorts rows by key, and keys starting with `big` stay with this phase.
 */
export function dashboardRanges(now = new Date()) {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const tomorrow = new Date(y, m, d + 1);
  return [
    { key: 'dashboard', label: 'last 30 days (default)', from: new Date(y, m, d + 1 - 30), to: tomorrow },
    { key: 'big_dashboard_year', label: 'last 12 months', from: new Date(y - 1, m, d + 1), to: tomorrow },
  ];
}

const toDay = (date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The dashboard and the analytics page for the back office's default range and for a year, each
 * against the period before it (the server's default comparison), as the signed-in admin (`cookie`):
 * one report per screen and range, measured with the phase's connections and alone.
 */
export async function measureReports({ server, cookie, load, log }) {
  const q = encodeURIComponent;
  const reports = [];
  for (const screen of REPORT_SCREENS) {
    for (const range of dashboardRanges()) {
      const path = `${screen.path}?from=${q(range.from.toISOString())}&to=${q(range.to.toISOString())}`;
      const probeStart = performance.now();
      const probe = await fetch(`${server.baseUrl}${path}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(30_000),
      });
      const probeText = await probe.text();
      const probeMs = performance.now() - probeStart;
      if (!probe.ok) throw new Error(`GET ${path} answered ${probe.status}: ${probeText.slice(0, 300)}`);
      const figures = JSON.parse(probeText);
      log(
        `big catalog ${screen.name} (${range.label}): warm-up ${load.warmup} s, measure ${load.duration} s`,
      );
      const target = {
        name: `big ${screen.name} ${range.label}`,
        label: `GET ${screen.path}?from=${toDay(range.from)}&to=${toDay(range.to)}`,
        baseUrl: server.baseUrl,
        pid: server.child.pid,
        headers: { cookie },
        nextPath: () => path,
      };
      // Staff open these screens one at a time: that is the row's target. The bench's connections
      // at once are measured too, for the capacity they show.
      const result = await measure(target, load);
      const alone = await measure({ ...target, name: `${target.name} alone` }, { ...load, connections: 1 });
      reports.push({
        ...result,
        connections: load.connections,
        alone: { ...alone, probeMs },
        key: range.key.replace('dashboard', screen.name),
        screen: screen.name,
        rowLabel: range.label,
        range: { from: range.from.toISOString(), to: range.to.toISOString() },
        paidOrdersInRange: figures.current?.orders,
        probeMs,
      });
    }
  }
  return reports;
}

/**
 * The storefront's product page with nothing cached (the server runs with CATALOG_CACHE_MB=0): every
 * request renders the page with React and reads its data from PostgreSQL. 50 products in turn, one
 * request at a time (what a visitor waits for) and with the phase's connections (what a core carries).
 */
async function measureProductPages({ server, sql, load, log }) {
  const slugs =
    await sql`select slug from products where is_visible and deleted_at is null order by id limit 50`;
  const target = {
    name: 'big product page',
    label: 'GET /product/:slug (50 products in turn)',
    baseUrl: server.baseUrl,
    pid: server.child.pid,
    nextPath: rotate(slugs.map((r) => `/product/${r.slug}`)),
  };
  log(`big catalog product page: warm-up ${load.warmup} s, measure ${load.duration} s, alone and at once`);
  const alone = await measure({ ...target, name: `${target.name} alone` }, { ...load, connections: 1 });
  const result = await measure(target, load);
  return { ...result, connections: load.connections, alone };
}

/** Runs the phase; returns { settings, seeded, searchTerms, results, dashboard, dashboardYear, reports, explain, error? }. */
export async function runBigCatalog({ clusterUrl, products, variants, orders, load, log }) {
  const adminSql = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  try {
    await adminSql.unsafe(`drop database if exists ${BIG_DATABASE}`);
    await adminSql.unsafe(`create database ${BIG_DATABASE}`);
  } finally {
    await adminSql.end({ timeout: 5 });
  }
  const databaseUrl = clusterUrl.replace(/\/postgres$/, `/${BIG_DATABASE}`);

  log(`big catalog: starting a server with CATALOG_CACHE_MB=0 on ${BIG_DATABASE} (migrates)`);
  const server = await startServer(databaseUrl, { name: 'server big', extraEnv: { CATALOG_CACHE_MB: '0' } });
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const seeded = await seedCatalog(sql, { products, variants, log });
    // --big-orders 0 leaves the order history out, and with it the report screens' rows.
    const seededOrders = orders > 0 ? await seedOrders(sql, { orders, log }) : { orders: 0, lines: 0 };
    // As autovacuum does within a minute of a bulk load: statistics, and the visibility map that lets
    // a one-word search read its postings from their index alone (docs/decisions/0057-search-postings.md).
    log('vacuum analyze');
    await sql`vacuum analyze`;

    await createAdminAccount(server.env, ADMIN.email, ADMIN.password);
    const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);

    const visible = await sql`select name, sku from products where is_visible and deleted_at is null`;
    const searchTerms = pickSearchTerms(visible);
    const [category] = await sql`
      select c.slug, count(*)::int as products from categories c
      join product_categories pc on pc.category_id = c.id
      join products p on p.id = pc.product_id and p.is_visible and p.deleted_at is null
      where c.slug = 'bench-electronics' group by c.slug`;

    const list = (query) => PAGES.map((p) => `/api/products?limit=20${query}&page=${p}`);
    const q = encodeURIComponent;
    const endpoints = [
      { key: 'newest', label: 'list newest (default sort)', paths: list('') },
      { key: 'name', label: 'list sort=name', paths: list('&sort=name') },
      { key: 'price_asc', label: 'list sort=price_asc', paths: list('&sort=price_asc') },
      { key: 'price_desc', label: 'list sort=price_desc', paths: list('&sort=price_desc') },
      {
        key: 'search',
        label: `search "${searchTerms.common.term}" (${searchTerms.common.matches} matches)`,
        paths: [`/api/products?limit=20&search=${q(searchTerms.common.term)}`],
      },
      {
        key: 'search_few',
        label: `search "${searchTerms.few?.term}" (${searchTerms.few?.matches} matches)`,
        paths: [`/api/products?limit=20&search=${q(searchTerms.few?.term ?? 'zzzz')}`],
      },
      {
        key: 'category',
        label: `category=${category?.slug} (${category?.products ?? 0} products)`,
        paths: list(`&category=${q(category?.slug ?? 'bench-electronics')}`),
      },
      ...facetSearches(category?.slug ?? 'bench-electronics').map((f) => ({
        key: f.key,
        label: `search with facets ${f.label}`,
        paths: [f.path],
        search: true,
      })),
    ];
    const results = [];
    for (const endpoint of endpoints) {
      // One probe first, so a broken query shows the server's answer instead of a table of non-2xx.
      const probeStart = performance.now();
      const probe = await fetch(`${server.baseUrl}${endpoint.paths[0]}`, {
        signal: AbortSignal.timeout(30_000),
      });
      const text = await probe.text();
      const probeMs = performance.now() - probeStart;
      if (!probe.ok) log(`warning: ${endpoint.paths[0]} answered ${probe.status}: ${text.slice(0, 300)}`);
      log(`big catalog ${endpoint.key}: warm-up ${load.warmup} s, measure ${load.duration} s`);
      const result = await measure(
        {
          name: `big ${endpoint.key}`,
          label: `GET ${endpoint.paths[0]}${endpoint.paths.length > 1 ? ` (pages 1-${endpoint.paths.length})` : ''}`,
          baseUrl: server.baseUrl,
          pid: server.child.pid,
          nextPath: rotate(endpoint.paths),
        },
        load,
      );
      results.push({
        ...result,
        key: endpoint.key,
        rowLabel: endpoint.label,
        probeMs,
        search: endpoint.search === true,
        ...(endpoint.search && probe.ok ? { matches: JSON.parse(text).total } : {}),
      });
    }

    const productPage = await measureProductPages({ server, sql, load, log });
    const reports = orders > 0 ? await measureReports({ server, cookie, load, log }) : [];
    const [dashboard, dashboardYear] = reports;
    // Requests cut off at the end of the load still run on the server: let them finish before it stops.
    await waitForIdle(sql);

    const explain = await explainQueries(sql, { searchTerms, category: category?.slug, log });
    return {
      database: BIG_DATABASE,
      seeded: { ...seeded, orders: seededOrders.orders, orderLines: seededOrders.lines },
      searchTerms,
      category,
      results,
      dashboard,
      dashboardYear,
      reports,
      productPage,
      explain,
      serverErrorLogLines: server.errors.count,
    };
  } finally {
    await sql.end({ timeout: 5 });
    await stopChild(server.child);
  }
}

/** The query plans from bench/catalog-explain.mjs; { available: false } when it is not there. */
async function explainQueries(sql, context) {
  if (!existsSync(EXPLAIN_MODULE)) return { available: false };
  try {
    const mod = await import(pathToFileURL(EXPLAIN_MODULE).href);
    const plans = await mod.explainCatalogQueries(sql, context);
    return { available: true, plans };
  } catch (err) {
    return { available: true, error: err.message };
  }
}

const latencyFigure = (r) => {
  if (r.requests === 0)
    return `no answer completed in ${r.measuredSeconds} s (one alone: ${fmtMs(r.probeMs)} ms)`;
  return (
    `p50 ${fmtMs(r.latencyP50Ms)} ms, p99 ${fmtMs(r.latencyP99Ms)} ms, ${r.reqPerSec.toFixed(0)} req/s` +
    (clean(r) ? '' : `, ${r.errors + r.timeouts} errors, ${r.non2xx} non-2xx`)
  );
};

/** The report's rows for this phase. */
export function bigCatalogRows(big, products, orders) {
  const plans = big.explain?.plans ?? [];
  const rows = big.results.map((r) => {
    if (r.search) return searchRow(r, products);
    const plan = plans.find((p) => p.name === r.key);
    const fast = r.latencyP50Ms <= LIST_P50_TARGET_MS && clean(r);
    const label = `${fmtInt(products)} products: ${r.rowLabel}`;
    const target = `p50 <= ${LIST_P50_TARGET_MS} ms, indexes used`;
    if (noValidAnswer(r)) return failedRow(`big_${r.key}`, label, target, noValidAnswer(r));
    return row(`big_${r.key}`, label, target, {
      figure: latencyFigure(r) + (plan ? `; EXPLAIN: ${planSummary(plan)}` : ''),
      met: fast && (!plan || usesIndexes(plan)),
    });
  });
  if (big.explain?.error) {
    rows.push(
      row('big_explain', 'EXPLAIN of the catalog queries', 'indexes used', {
        figure: 'could not measure',
        error: `bench/catalog-explain.mjs: ${big.explain.error}`,
      }),
    );
  } else if (!big.explain?.available) {
    rows.push(
      row('big_explain', 'EXPLAIN of the catalog queries', 'indexes used', {
        figure: 'EXPLAIN: not available',
      }),
    );
  }
  const page = big.productPage;
  if (page) {
    const label = `${fmtInt(products)} products: product page HTML, uncached`;
    const target = `p50 <= ${PAGE_P50_TARGET_MS} ms, one request at a time`;
    const failed = noValidAnswer(page.alone) ?? noValidAnswer(page);
    rows.push(
      failed
        ? failedRow('big_product_page', label, target, failed)
        : row('big_product_page', label, target, {
            figure: `alone: ${latencyFigure(page.alone)}; ${page.connections} at once: ${latencyFigure(page)}`,
            met: page.alone.latencyP50Ms <= PAGE_P50_TARGET_MS && clean(page.alone) && clean(page),
          }),
    );
  }
  for (const d of big.reports ?? [big.dashboard, big.dashboardYear]) {
    if (!d) continue;
    const label = `${d.screen ?? 'dashboard'} with ${fmtInt(orders)} orders: ${d.rowLabel} (${fmtInt(d.paidOrdersInRange)} paid)`;
    const target = `p50 <= ${DASHBOARD_TARGET_MS} ms, one request at a time`;
    const alone = d.alone ?? d;
    const failed = noValidAnswer(alone) ?? noValidAnswer(d);
    rows.push(
      failed
        ? failedRow(d.key, label, target, failed)
        : row(d.key, label, target, {
            figure: d.alone
              ? `alone: ${latencyFigure(alone)}; ${d.connections} at once: ${latencyFigure(d)}`
              : latencyFigure(d),
            met: alone.latencyP50Ms <= DASHBOARD_TARGET_MS && clean(alone) && clean(d),
          }),
    );
  }
  return rows;
}

/** A search-with-facets row: its own targets (p50 and p99), uncached. */
function searchRow(r, products) {
  const label = `${fmtInt(products)} products: ${r.rowLabel} (${fmtInt(r.matches ?? 0)} matches)`;
  const target = `uncached p50 <= ${SEARCH_P50_TARGET_MS} ms, p99 <= ${SEARCH_P99_TARGET_MS} ms`;
  if (noValidAnswer(r)) return failedRow(`big_${r.key}`, label, target, noValidAnswer(r));
  return row(`big_${r.key}`, label, target, {
    figure: latencyFigure(r),
    met: r.latencyP50Ms <= SEARCH_P50_TARGET_MS && r.latencyP99Ms <= SEARCH_P99_TARGET_MS && clean(r),
  });
}

/**
 * A plan "uses the indexes" when it names at least one and reads no product table from end to end
 * (`seqScans`, when bench/catalog-explain.mjs gives it: a sequential scan of a small lookup table such
 * as categories is fine).
 */
export function usesIndexes(plan) {
  const scanned = plan.seqScans ?? [];
  return plan.indexes.length > 0 && !scanned.some((table) => /^product/.test(table));
}

/** The plan in a few words: its first indexes (the page's comes first) and any full-table scans. */
export function planSummary(plan, shown = 2) {
  const names = plan.indexes.length
    ? plan.indexes.slice(0, shown).join(', ') +
      (plan.indexes.length > shown ? ` +${plan.indexes.length - shown}` : '')
    : 'no index';
  const scans = plan.seqScans?.length ? `, seq scan ${plan.seqScans.join(', ')}` : '';
  const ms = typeof plan.executionMs === 'number' ? ` (${plan.executionMs.toFixed(1)} ms)` : '';
  return `${names}${scans}${ms}`;
}

const fmtInt = (n) => Number(n).toLocaleString('en-US');
