import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { injectAsShopPage } from '../../../test/browser-origin.ts';
import { withDatabase } from '../../../test/database-url.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { API_ROOT } from '../../lib/paths.ts';
import {
  completeCheckout,
  confirmationEmails,
  onPostgres,
  orderBySession,
  payLocal,
  productStock,
  sessionIdFromUrl,
  startCheckoutOk,
} from './test-helpers.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('crash between payment and finalisation', () => {
  it('a new server instance on the same database completes exactly one order from the success page or a retry', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' });

    const before = injectAsShopPage(await buildApp(config, { db: database.db }), config.publicUrl);
    await before.ready();
    const user = await signUp(before);
    const product = await createProduct(database.db, { inventoryLevel: 5 });
    await addCartItem(database.db, user.id, product.id, 2);
    const { sessionId } = await startCheckoutOk(before, user.cookie);
    expect((await payLocal(before, sessionId)).statusCode).toBe(303);
    // The process dies here: paid at the provider, never finalised. Its memory is gone with it;
    // only what is in the database survives (the instance is never used again).
    cleanups.push(() => before.close());

    const after = injectAsShopPage(await buildApp(config, { db: database.db }), config.publicUrl);
    await after.ready();
    cleanups.push(() => after.close());
    const [page, retry] = await Promise.all([
      completeCheckout(after, user.cookie, sessionId),
      after.checkout.complete(sessionId),
    ]);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().order_number).toBe(retry.orderNumber);
    expect(await orderBySession(database.db, sessionId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
    });
    expect(await productStock(database.db, product.id)).toBe(3);
    expect(await confirmationEmails(database.db)).toHaveLength(1);
  });

  it('after a real SIGKILL of the server process, the restarted server completes exactly one order', async () => {
    const port = await freePort();
    const env = await serverEnv(port);
    let server = await startServer(env, port);
    const base = `http://127.0.0.1:${port}`;

    // A shopper signs up, fills the cart, starts the checkout and pays on the local page.
    const email = `crash-${randomBytes(4).toString('hex')}@example.com`;
    const signUpRes = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-battery', name: email }),
    });
    expect(signUpRes.status).toBe(200);
    const cookie = signUpRes.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const products = (await (await fetch(`${base}/api/products?limit=100`)).json()) as {
      items: Array<{ id: string; inventory_level: number; variants: unknown[] }>;
    };
    const product = products.items.find((p) => p.variants.length === 0 && p.inventory_level >= 2);
    expect(product).toBeDefined();
    const add = await fetch(`${base}/api/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ product_id: product!.id, variant_id: null, quantity: 2 }),
    });
    expect(add.status, await add.text()).toBeLessThan(300);
    const checkout = await fetch(`${base}/api/checkout/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({
        customer_info: {
          email,
          firstName: 'Crash',
          lastName: 'Test',
          address: '1 Main St',
          city: 'Springfield',
          postalCode: '97000',
        },
      }),
    });
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdFromUrl(((await checkout.json()) as { url: string }).url);
    const pay = await fetch(`${base}/pay/${encodeURIComponent(sessionId)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({
        card_number: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        action: 'pay',
      }),
    });
    expect(pay.status).toBe(303);

    // Killed before anyone finalises: no shutdown hook runs.
    await kill(server, 'SIGKILL');
    server = await startServer(env, port);

    const completeOnce = () =>
      fetch(`${base}/api/checkout/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify({ session_id: sessionId }),
      });
    const results = await Promise.all([completeOnce(), completeOnce(), completeOnce()]);
    const numbers = await Promise.all(
      results.map(async (r) => ((await r.json()) as { order_number: number }).order_number),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(numbers).size).toBe(1);

    const orders = (await (await fetch(`${base}/api/account/orders`, { headers: { cookie } })).json()) as {
      items: Array<{ order_number: number; payment_status: string; status: string }>;
    };
    expect(orders.items).toHaveLength(1);
    expect(orders.items[0]).toMatchObject({
      order_number: numbers[0],
      payment_status: 'paid',
      status: 'processing',
    });
    await kill(server, 'SIGTERM');
  }, 180_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The server's environment: a fresh PostgreSQL database of its own, or an embedded one in a temp folder. */
async function serverEnv(port: number): Promise<NodeJS.ProcessEnv> {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    CHECKOUT_SWEEP_INTERVAL_SECONDS: '0',
  };
  const dir = mkdtempSync(join(tmpdir(), 'cartwheel-crash-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (!onPostgres) return { ...base, DATA_DIR: dir };
  const url = process.env.TEST_DATABASE_URL!;
  const name = `cw_crash_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  cleanups.push(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { ...base, DATA_DIR: dir, DATABASE_URL: withDatabase(url, name) };
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: resolve(API_ROOT, '../..'),
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
