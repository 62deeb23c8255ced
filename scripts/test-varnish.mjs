#!/usr/bin/env node
// Varnish in front of two web processes on one private PostgreSQL (docs/decisions/0036-shared-http-caching.md):
//   node scripts/test-varnish.mjs        (needs the Debian packages varnish and postgresql; .ci/run installs them)
// Builds the API bundle when missing, starts everything on loopback, and checks that
//   - a product read twice through Varnish is a hit the second time,
//   - after a price change through the back-office API on one process, Varnish shows the new price
//     within 2 s (the change's purge goes through the job queue to Varnish as a ban by tag),
//   - a personal answer (the cart, the account) is never kept: by its headers, and a second shopper
//     does not see the first one's cart or account through Varnish.
// Everything it started is stopped at the end, and the whole run is bounded in time.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
import { startVarnish, varnishInstalled } from '../bench/varnish.mjs';
import { freePort, startCluster } from './pg-cluster.mjs';

const FRESHNESS_MS = 2000;
const PURGE_WAIT_MS = 10_000;
const RUN_LIMIT_MS = 240_000;
const say = (msg) => console.log(`[varnish] ${msg}`);

/** Waits until a `cdn-purge` job naming `tag` has completed and no other is waiting or running. */
async function purgeSent(databaseUrl, tag) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const deadline = Date.now() + PURGE_WAIT_MS;
    while (Date.now() < deadline) {
      const [{ done, waiting }] = await sql`
        select count(*) filter (where state = 'completed' and data->'tags' ? ${tag})::int as done,
          count(*) filter (where state in ('created', 'retry', 'active'))::int as waiting
        from pgboss.job where name = 'cdn-purge'`;
      if (done > 0 && waiting === 0) return;
      await sleep(50);
    }
    throw new Error(`FAILED: the purge of ${tag} went out within ${PURGE_WAIT_MS} ms`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  say(`ok: ${what}`);
}

async function main() {
  if (!varnishInstalled()) {
    throw new Error('varnishd is not installed (apt-get install varnish)');
  }
  if (!existsSync(serverMain)) {
    say('building the API bundle');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'api'], { cwd: root, stdio: 'inherit' });
  }
  const clusterDir = makeTempDir('cartwheel-varnish-pg-');
  registerCluster(clusterDir);
  const databaseUrl = await startCluster(clusterDir, await freePort());
  const varnishPort = await freePort();
  const purgeEnv = {
    CDN_PURGE: 'varnish',
    VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}/`,
    JOB_POLL_SECONDS: '0.5',
  };
  // One after the other: the first one migrates the empty database.
  const web1 = await startServer(databaseUrl, { name: 'web1', extraEnv: purgeEnv });
  const web2 = await startServer(databaseUrl, { name: 'web2', extraEnv: purgeEnv });
  const { url: varnish } = await startVarnish(makeTempDir('cartwheel-varnish-'), varnishPort, [
    web1.port,
    web2.port,
  ]);
  say(`Varnish at ${varnish} in front of ${web1.baseUrl} and ${web2.baseUrl}`);

  const { admin, product } = await adminWithMug(web1, 'varnish');
  say('an admin signed in and made a product');
  // Making the product queued its purge: once it has gone out, a read can stay cached. Read before,
  // the purge could land between the two reads below and ban the first one's copy.
  await purgeSent(databaseUrl, `product-${product.id}`);

  // --- a shared read: kept, and served again from the cache -----------------------------------------
  const visitor = browser(varnish);
  const path = `/api/products/${product.slug}`;
  const first = await visitor('GET', path);
  check(first.status === 200 && first.json().price === 1500, 'the product reads through Varnish');
  check(/s-maxage=/.test(first.headers.get('cache-control') ?? ''), 'its Cache-Control lets a CDN keep it');
  check(
    !/stale/.test(first.headers.get('cache-control') ?? '') && !first.headers.has('cdn-cache-control'),
    'the browser is never told it may show a stale copy (the grace is in CDN-Cache-Control, kept by Varnish)',
  );
  const second = await visitor('GET', path);
  check(
    second.headers.get('x-cache') === 'HIT' && Number(second.headers.get('age')) >= 0,
    `the second read is a hit (X-Cache ${second.headers.get('x-cache')}, Age ${second.headers.get('age')})`,
  );

  // --- a back-office change reaches the cache within 2 s ----------------------------------------------
  const changed = await admin('PATCH', `/api/admin/products/${product.id}`, { price: 1234 });
  check(changed.status === 200, `the price is changed on web1 (${changed.status})`);
  const changedAt = Date.now();
  let seen;
  while (Date.now() - changedAt < FRESHNESS_MS * 3) {
    const res = await visitor('GET', path);
    if (res.json().price === 1234) {
      seen = Date.now() - changedAt;
      break;
    }
    await sleep(50);
  }
  check(
    seen !== undefined && seen <= FRESHNESS_MS,
    `Varnish shows the new price within 2 s (${seen ?? 'never'} ms)`,
  );
  const list = await visitor('GET', '/api/products?limit=20');
  check(
    list.json().items.some((p) => p.id === product.id && p.price === 1234),
    'the product list shows it too',
  );
  // The catalog page's search (GET /api/search) is shared under the product lists' tags too.
  const searchPath = `/api/search?q=${encodeURIComponent(product.name)}`;
  const searched = await visitor('GET', searchPath);
  check(
    searched.json().items.some((p) => p.id === product.id && p.price === 1234),
    'the search through Varnish shows the new price',
  );
  const searchedAgain = await visitor('GET', searchPath);
  check(
    searchedAgain.headers.get('x-cache') === 'HIT',
    `the search read again is a hit (X-Cache ${searchedAgain.headers.get('x-cache')})`,
  );

  // --- personal answers are never kept ---------------------------------------------------------------
  const alice = browser(varnish);
  const bob = browser(varnish);
  check((await alice('POST', '/api/auth/sign-up/email', shopper('alice'))).status === 200, 'Alice signs up');
  check((await bob('POST', '/api/auth/sign-up/email', shopper('bob'))).status === 200, 'Bob signs up');
  const added = await alice('POST', '/api/cart/items', {
    product_id: product.id,
    variant_id: null,
    quantity: 2,
  });
  check(added.status < 300, `Alice adds the mug to her cart (${added.status})`);
  for (let i = 0; i < 2; i++) {
    const cart = await alice('GET', '/api/cart');
    check(cart.json().item_count === 2, "Alice's cart holds her mugs");
    check(
      /no-store/.test(cart.headers.get('cache-control') ?? ''),
      `her cart is no-store (${cart.headers.get('cache-control')})`,
    );
    check(cart.headers.get('x-cache') === 'MISS', 'Varnish did not answer it from its cache');
  }
  const bobsCart = await bob('GET', '/api/cart');
  check(bobsCart.json().item_count === 0, "Bob's cart through Varnish is his own (empty)");
  const aliceMe = await alice('GET', '/api/me');
  const bobMe = await bob('GET', '/api/me');
  check(/private|no-store/.test(aliceMe.headers.get('cache-control') ?? ''), 'the account answer is private');
  check(
    aliceMe.json().user?.email === 'alice@varnish.test' && bobMe.json().user?.email === 'bob@varnish.test',
    'each shopper sees their own account through Varnish',
  );
  const guest = await browser(varnish)('GET', '/api/cart');
  check(
    guest.status === 401 && guest.headers.get('x-cache') === 'MISS',
    "a guest is not served someone's cart",
  );
  say('passed');
}

function shopper(name) {
  return { email: `${name}@varnish.test`, password: 'varnish-shopper-password', name };
}

await runTestScript('varnish', RUN_LIMIT_MS, main);
