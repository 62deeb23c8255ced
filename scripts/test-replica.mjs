#!/usr/bin/env node
// Catalog reads from a streaming replica without stale reads (docs/decisions/0040-read-replicas.md):
//   npm run test:replica        (needs the Debian package postgresql; .ci/run installs it)
// Starts a primary cluster and a streaming replica of it (pg_basebackup -R) on loopback, and two web
// processes with DATABASE_READ_URL at the replica. It checks that
//   - a storefront catalog read goes to the replica (the read counter in /metrics, and the replica's
//     own pg_stat_activity shows the catalog query on the read pool's connection), and so does every
//     other storefront read: category tree and pages, sitemap, search, suggestions, feeds, content
//     pages, the site's settings, shipping countries and checkout settings,
//   - with the replica's replay paused (it lags), after a back-office price change neither the process
//     that wrote it nor the other one shows the old price, while the replica itself still has it: the
//     reads fall back to the primary,
//     and the same for a category renamed, a content page retitled and the shop renamed (their cached
//     reads are not refilled from the lagging replica),
//   - once the replica has replayed the change, the reads go to the replica again,
//   - with the replica stopped (pg_ctl stop), reads still answer 200 from the primary and the failure
//     is counted in /metrics; once it is started again, reads go back to it.
// Everything it started is stopped at the end, and the whole run is bounded in time.

import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import {
  adminWithMug,
  browser,
  makeTempDir,
  registerCluster,
  root,
  runTestScript,
  serverMain,
  sleep,
  startServer,
} from '../bench/processes.mjs';
import { baseBackup, freePort, startCluster, stopCluster } from './pg-cluster.mjs';

const RUN_LIMIT_MS = 240_000;
const METRICS_TOKEN = 'replica-test-metrics-token';
const say = (msg) => console.log(`[replica] ${msg}`);

function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  say(`ok: ${what}`);
}

/** The process's catalog reads by target, from its /metrics. */
async function readsOf(server) {
  const res = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const count = (target) =>
    Number(
      new RegExp(`^cartwheel_catalog_reads_total\\{[^}]*target="${target}"[^}]*\\} (\\d+)`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  const failures = Number(/^cartwheel_read_replica_failures_total(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
  return { replica: count('replica'), primary: count('primary'), failures };
}

/** GET `path` as `who` on `server`: 200, and read from the replica only (the counters before and after). */
async function fromReplica(server, who, path) {
  const before = await readsOf(server);
  const res = await who('GET', path);
  const after = await readsOf(server);
  check(
    res.status === 200 && after.replica > before.replica && after.primary === before.primary,
    `${path} on ${server.name} is read from the replica (${res.status}; replica reads ${before.replica} -> ${after.replica}, primary ${before.primary} -> ${after.primary})`,
  );
  return res;
}

async function waitFor(what, predicate, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await sleep(100);
  }
  throw new Error(`FAILED: ${what} within ${ms / 1000} s`);
}

async function main() {
  if (!existsSync(serverMain)) {
    say('building the API bundle');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'api'], { cwd: root, stdio: 'inherit' });
  }
  const primaryDir = makeTempDir('cartwheel-replica-primary-');
  registerCluster(primaryDir);
  const primaryPort = await freePort();
  const primaryUrl = await startCluster(primaryDir, primaryPort);
  const replicaDir = makeTempDir('cartwheel-replica-standby-');
  baseBackup(primaryDir, primaryPort, replicaDir);
  // The whole text of the catalog's statements in pg_stat_activity (1 kB by default).
  appendFileSync(join(replicaDir, 'postgresql.auto.conf'), 'track_activity_query_size = 32768\n');
  registerCluster(replicaDir);
  const replicaPort = await freePort();
  const replicaUrl = await startCluster(replicaDir, replicaPort);
  const replica = postgres(replicaUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ standby }] = await replica`select pg_is_in_recovery() as standby`;
    check(standby === true, 'the replica is a streaming standby of the primary');
    await run(primaryUrl, replicaUrl, replica, {
      stop: () => stopCluster(replicaDir),
      start: () => startCluster(replicaDir, replicaPort),
    });
  } finally {
    await replica.end({ timeout: 1 });
  }
}

async function run(primaryUrl, replicaUrl, replica, standby) {
  const env = { DATABASE_READ_URL: replicaUrl, METRICS_TOKEN, JOB_POLL_SECONDS: '0.5' };
  // One after the other: the first one migrates the primary.
  const web1 = await startServer(primaryUrl, { name: 'web1', extraEnv: env });
  const web2 = await startServer(primaryUrl, { name: 'web2', extraEnv: env });
  say(`web1 and web2 on the primary ${primaryUrl}, catalog reads from the replica ${replicaUrl}`);

  const { admin, product } = await adminWithMug(web1, 'replica');
  say('an admin signed in and made a product');
  const priceOnReplica = async () =>
    (await replica`select price from products where id = ${product.id}`)[0]?.price;
  const category = (await admin('POST', '/api/admin/categories', { name: 'Replica Shelf' })).json().items[0];
  const linked = await admin('PATCH', `/api/admin/products/${product.id}`, { category_ids: [category.id] });
  check(linked.status === 200, `the product is put in a category (${linked.status})`);
  const page = await admin('POST', '/api/admin/content/pages', {
    title: 'Replica Notes',
    slug: 'replica-notes',
    body: 'Read from a standby.',
    seo_title: '',
    seo_description: '',
    published: true,
  });
  check(page.status === 201, `a content page is published (${page.status} ${page.text.slice(0, 200)})`);
  await waitFor('the replica has the product, its category and the page', async () => {
    const [row] = await replica`select
      (select price from products where id = ${product.id}) as price,
      (select count(*)::int from product_categories where product_id = ${product.id}) as linked,
      (select count(*)::int from content_pages where slug = 'replica-notes') as pages`;
    return row.price === 1500 && row.linked === 1 && row.pages === 1;
  });
  // A replica found behind is asked again after a few milliseconds.
  await sleep(100);

  // --- a catalog read goes to the replica -------------------------------------------------------------
  const shopper2 = browser(web2.baseUrl);
  const before = await readsOf(web2);
  const first = await shopper2('GET', `/api/products/${product.slug}`);
  check(first.status === 200 && first.json().price === 1500, 'the product reads on web2');
  const after = await readsOf(web2);
  check(
    after.replica > before.replica && after.primary === before.primary,
    `web2 read it from the replica (replica reads ${before.replica} -> ${after.replica}, primary ${before.primary} -> ${after.primary})`,
  );
  // The read pool's connections on the replica and their last statements: the product's read among them.
  const onReplica = await replica`
    select query from pg_stat_activity where application_name = 'cartwheel-read'`;
  check(
    onReplica.some(
      (row) => /\bfrom products\b/i.test(row.query) && !/pg_last_wal_replay_lsn/.test(row.query),
    ),
    `the replica ran the catalog query on the read pool (pg_stat_activity: ${onReplica.map((r) => r.query.slice(0, 60)).join(' | ')})`,
  );

  // --- every other storefront read goes to the replica too (web2's first reads: cache misses) ----------
  // The site first: the feeds' titles read it too, and would leave it in web2's cache.
  const storefrontReads = [
    '/api/storefront/site',
    '/api/category-tree',
    `/api/categories/${category.slug}`,
    '/api/categories',
    '/api/brands',
    '/sitemap.xml',
    '/api/search?search=replica',
    '/api/search/suggestions?q=replica',
    '/feeds/google.xml',
    '/feeds/meta.csv',
    '/api/pages/replica-notes',
    '/api/shipping/countries',
    '/api/checkout/settings',
  ];
  for (const path of storefrontReads) await fromReplica(web2, shopper2, path);
  check(
    (await shopper2('GET', '/sitemap.xml')).text.includes(`/product/${product.slug}`),
    'the sitemap read from the replica lists the product',
  );

  // --- a lagging replica never serves the old price ---------------------------------------------------
  await replica`select pg_wal_replay_pause()`;
  const changed = await admin('PATCH', `/api/admin/products/${product.id}`, { price: 1234 });
  check(
    changed.status === 200,
    `the price is changed on web1 while the replica's replay is paused (${changed.status})`,
  );
  const shopper1 = browser(web1.baseUrl);
  const lagging = { web1: await readsOf(web1), web2: await readsOf(web2) };
  const stale = [];
  const startedAt = Date.now();
  let reads = 0;
  // Both processes, the product and fresh list pages (new cache keys: every one is a database read).
  while (Date.now() - startedAt < 2000) {
    reads++;
    for (const [name, who] of [
      ['web1', shopper1],
      ['web2', shopper2],
    ]) {
      const one = await who('GET', `/api/products/${product.slug}`);
      if (one.json().price !== 1234) stale.push(`${name} product ${one.json().price}`);
      const list = await who('GET', `/api/products?limit=${(reads % 90) + 10}&search=replica`);
      const item = list.json().items.find((p) => p.id === product.id);
      if (item?.price !== 1234) stale.push(`${name} list ${item?.price}`);
    }
  }
  check(
    stale.length === 0,
    `no read showed the old price in 2 s of reads on both processes (${stale.slice(0, 3).join(', ')})`,
  );
  check((await priceOnReplica()) === 1500, 'the replica itself still had the old price meanwhile');
  // Cached reads emptied by a change are not refilled from the lagging replica (web2 has them cached).
  const renamed = await admin('PATCH', `/api/admin/categories/${category.id}`, { name: 'Replica Shelf Two' });
  const retitled = await admin('PUT', `/api/admin/content/pages/${page.json().id}`, {
    title: 'Replica Notes Two',
    slug: 'replica-notes',
    body: 'Read from a standby.',
    seo_title: '',
    seo_description: '',
    published: true,
  });
  check(
    renamed.status === 200 && retitled.status === 200,
    `a category renamed and a page retitled while the replica lags (${renamed.status}, ${retitled.status})`,
  );
  for (const [name, who] of [
    ['web1', shopper1],
    ['web2', shopper2],
  ]) {
    const tree = JSON.stringify((await who('GET', '/api/category-tree')).json());
    const site = JSON.stringify((await who('GET', '/api/storefront/site')).json());
    const notes = (await who('GET', '/api/pages/replica-notes')).json();
    const sitemap = (await who('GET', '/sitemap.xml')).text;
    check(
      tree.includes('Replica Shelf Two') &&
        site.includes('Replica Notes Two') &&
        notes.title === 'Replica Notes Two',
      `${name} shows the new category name and page title (category tree, site, page), not the replica's`,
    );
    check(sitemap.includes(`/product/${product.slug}`), `${name}'s sitemap answers while the replica lags`);
  }
  check(
    (await replica`select name from categories where id = ${category.id}`)[0]?.name === 'Replica Shelf',
    'the replica itself still had the old category name meanwhile',
  );
  const fellBack = { web1: await readsOf(web1), web2: await readsOf(web2) };
  check(
    fellBack.web1.primary > lagging.web1.primary && fellBack.web2.primary > lagging.web2.primary,
    'both processes read from the primary while the replica lagged',
  );

  // --- caught up: reads return to the replica --------------------------------------------------------
  await replica`select pg_wal_replay_resume()`;
  await waitFor('the replica replays the change', async () => (await priceOnReplica()) === 1234);
  // The processes wait for everything written up to the last catalog change (the rename and the
  // retitle came after the price): wait until the replica has replayed all the primary had written,
  // not only the price, which under load can be some time apart.
  const primary = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  const [{ written }] = await primary`select pg_current_wal_insert_lsn()::text as written`;
  await primary.end({ timeout: 5 });
  await waitFor(
    'the replica replays everything written before it resumed',
    async () => (await replica`select pg_last_wal_replay_lsn() >= ${written}::pg_lsn as done`)[0].done,
  );
  // A replica found behind is asked again after a few milliseconds.
  await sleep(100);
  const caughtUp = await readsOf(web2);
  const again = await shopper2('GET', '/api/products?limit=7&search=replica&sort=newest');
  check(
    again.json().items.some((p) => p.id === product.id && p.price === 1234),
    'the list shows the new price',
  );
  const back = await readsOf(web2);
  check(
    back.replica > caughtUp.replica && back.primary === caughtUp.primary,
    `web2 reads from the replica again (replica ${caughtUp.replica} -> ${back.replica}, primary ${caughtUp.primary} -> ${back.primary})`,
  );

  // --- a stopped replica: reads answer from the primary, then go back to it ---------------------------
  standby.stop();
  say('the replica is stopped (pg_ctl stop -m fast)');
  const stopped = await readsOf(web2);
  const failed = [];
  for (let i = 0; i < 20; i++) {
    const list = await shopper2('GET', `/api/products?limit=${i + 11}&search=replica&sort=name`);
    if (list.status !== 200 || !list.json().items.some((p) => p.price === 1234))
      failed.push(`list ${list.status}`);
    for (const path of ['/sitemap.xml', '/feeds/meta.csv', `/api/search?search=replica&limit=${i + 2}`]) {
      const res = await shopper2('GET', path);
      if (res.status !== 200) failed.push(`${path} ${res.status}`);
    }
  }
  const whileDown = await readsOf(web2);
  check(
    failed.length === 0,
    `every read answered 200 while the replica was down (${failed.slice(0, 3).join(', ')})`,
  );
  check(
    whileDown.failures > stopped.failures && whileDown.primary > stopped.primary,
    `the failure is counted and the reads went to the primary (failures ${stopped.failures} -> ${whileDown.failures}, primary ${stopped.primary} -> ${whileDown.primary})`,
  );
  await standby.start();
  say('the replica is started again');
  let tries = 0;
  await waitFor('web2 reads from the replica again after its restart', async () => {
    const before = await readsOf(web2);
    const res = await shopper2(
      'GET',
      `/api/products?limit=${(tries++ % 80) + 20}&search=replica&sort=price_asc`,
    );
    const after = await readsOf(web2);
    return res.status === 200 && after.replica > before.replica && after.primary === before.primary;
  });
  check(true, `web2 reads from the replica again after its restart (${tries} reads)`);
  say('passed');
}

await runTestScript('replica', RUN_LIMIT_MS, main);
