// Before the phases of `npm run bench`: a private PostgreSQL cluster, server A on its database, the
// bench catalog, the shoppers, and a first request of each kind (a warning when one does not answer 2xx).

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, startCluster } from '../scripts/pg-cluster.mjs';
import { STOCK_PER_VARIANT, webRoleEnv } from './options.mjs';
import { log, onCleanup, registerCluster, rssOf, startServer } from './processes.mjs';
import { BENCH_CATEGORIES, benchCategorySlug, seedCatalog, stockUpVariants } from './seed-catalog.mjs';
import { cartFlow, checkoutFlow, clearCarts, MAX_SHOPPERS, probeFlow, signUpShoppers } from './shoppers.mjs';

/**
 * Starts the cluster and server A, seeds the catalog and signs up the shoppers; returns what the
 * phases share (`serverA` is replaced when the start-up phase restarts it).
 */
export async function prepareRun(args) {
  const clusterDir = mkdtempSync(join(os.tmpdir(), 'cartwheel-bench-pg-'));
  registerCluster(clusterDir);
  const pgPort = await freePort();
  log(`starting PostgreSQL on 127.0.0.1:${pgPort}`);
  const clusterUrl = await startCluster(clusterDir, pgPort, { log });
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  const [{ version: pgVersion }] = await admin`select version()`;
  await admin`create database cartwheel_bench`;
  await admin.end({ timeout: 5 });
  const databaseUrl = clusterUrl.replace(/\/postgres$/, '/cartwheel_bench');
  // One client for the checks between phases.
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  onCleanup(() => sql.end({ timeout: 5 }));

  log('starting server A (migrates on start-up)');
  // `--server-main` (bench/flash-sale-run.mjs): another build of the API.
  const serverA = await startServer(databaseUrl, {
    name: 'server A',
    extraEnv: webRoleEnv(args),
    main: args['server-main'] || undefined,
  });

  const shopperCount = Math.min(args.connections, MAX_SHOPPERS);
  await seedCatalog(sql, { products: args.products, variants: args.variants, log });
  // One variant per shopper with a stock the run cannot exhaust.
  const stockLines = (await stockUpVariants(sql, { count: shopperCount, stock: STOCK_PER_VARIANT })).sort(
    (a, b) => a.sku.localeCompare(b.sku),
  );
  if (stockLines.length === 0) throw new Error('no visible product to put in a cart');
  // A second market, for the rows that read the catalog in another currency (decision 0067): euros
  // converted from the base prices with a rounding rule, as a shop selling abroad has them.
  await sql`insert into exchange_rates (currency, rate) values ('EUR', 0.92) on conflict (currency) do nothing`;
  await sql`insert into markets (handle, name, countries, currency, languages, rounding, prices_include_tax)
    values ('eu', 'European Union', '{DE,FR,ES}', 'EUR', '{de,fr,es}', 'x.99', true)
    on conflict (handle) do nothing`;
  await sql`analyze`;
  // The freshness test changes this product (the last visible one); the load targets read others.
  const [freshProduct] = await sql`
    select id, slug from products where is_visible and deleted_at is null and slug ~ '^bench-product-[0-9]+$'
    order by split_part(slug, '-', 3)::int desc limit 1`;
  const slugs = (
    await sql`select slug from products where is_visible and deleted_at is null and id <> ${freshProduct.id}
      order by random() limit 50`
  ).map((r) => r.slug);

  const listPath = '/api/products?limit=20';
  const listRes = await fetch(`${serverA.baseUrl}${listPath}`, {
    headers: { 'accept-encoding': 'identity' },
  });
  const listBody = Buffer.from(await listRes.arrayBuffer());
  const contentType = listRes.headers.get('content-type') ?? 'application/json; charset=utf-8';
  if (!listRes.ok)
    log(`warning: ${listPath} answered ${listRes.status}: ${listBody.toString().slice(0, 300)}`);
  const detailPaths = slugs.map((s) => `/api/products/${encodeURIComponent(s)}`);
  const htmlPaths = slugs.map((s) => `/product/${encodeURIComponent(s)}`);
  // Lighthouse's pages, the same every run: the first of the seeded categories (every product is in
  // 1-2 of 8) and the first visible bench product.
  const categorySlug = benchCategorySlug(BENCH_CATEGORIES[0]);
  const categoryPath = `/categories/${encodeURIComponent(categorySlug)}`;
  const [firstProduct] = await sql`
    select slug from products where is_visible and deleted_at is null and slug ~ '^bench-product-[0-9]+$'
    order by split_part(slug, '-', 3)::int limit 1`;
  const productPath = `/product/${encodeURIComponent(firstProduct.slug)}`;
  for (const path of [detailPaths[0], htmlPaths[0], categoryPath, productPath]) {
    const res = await fetch(`${serverA.baseUrl}${path}`);
    const text = await res.text();
    if (!res.ok) log(`warning: ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    else if (path === htmlPaths[0] && !/og:title|application\/ld\+json/.test(text))
      log(`warning: ${path} has no product meta tags (is the storefront built?)`);
  }
  const rssIdle = rssOf(serverA.child.pid);

  log(`signing up ${shopperCount} shoppers`);
  const shoppers = await signUpShoppers(serverA.baseUrl, shopperCount, log);
  // Connection i is shopper i (round-robin when there are more connections than shoppers).
  const shopperFlow = (makeFlow) => (i) =>
    makeFlow(shoppers[i % shoppers.length], stockLines[(i % shoppers.length) % stockLines.length]);
  const cartFlowOf = shopperFlow(cartFlow);
  const checkoutFlowOf = shopperFlow(checkoutFlow);
  for (const [name, flow] of [
    ['cart', cartFlowOf(0)],
    ['checkout', checkoutFlowOf(0)],
  ]) {
    const answers = await probeFlow(serverA.baseUrl, flow);
    const bad = answers.find((a) => a.status < 200 || a.status >= 300);
    if (bad)
      log(
        `warning: ${name} flow: ${bad.method} ${bad.path} answered ${bad.status}: ${bad.body.slice(0, 300)}`,
      );
    else if (name === 'checkout' && !/^\{"url":"[^"]+"\}$/.test(answers.at(-1).body))
      log(`warning: checkout answered 200 without a payment url: ${answers.at(-1).body.slice(0, 300)}`);
  }
  const emptyCarts = () => clearCarts(serverA.baseUrl, shoppers);

  return {
    clusterUrl,
    databaseUrl,
    pgVersion,
    sql,
    serverA,
    stockLines,
    freshProduct,
    slugs,
    listPath,
    listRes,
    listBody,
    contentType,
    detailPaths,
    htmlPaths,
    categorySlug,
    productPath,
    rssIdle,
    shoppers,
    cartFlowOf,
    checkoutFlowOf,
    emptyCarts,
  };
}
