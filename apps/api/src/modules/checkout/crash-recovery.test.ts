import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { injectAsShopPage } from '../../../test/browser-origin.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { type Cleanups, freePort, kill, serverEnv, startServer } from '../../../test/server-process.ts';
import { signUp } from '../../../test/sessions.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import { testPasswordHashing } from '../../../test/test-passwords.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  completeCheckout,
  confirmationEmails,
  orderBySession,
  payLocal,
  productStock,
  sessionIdFromUrl,
  startCheckoutOk,
} from './test-helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A shopper signs up on the server at `base`, fills the cart, starts the checkout and pays on the local page. */
async function shopperPays(base: string): Promise<{ cookie: string; sessionId: string }> {
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
    items: Array<{ id: string; inventory_level: number; variant_count: number }>;
  };
  const product = products.items.find((p) => p.variant_count === 0 && p.inventory_level >= 2);
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

  return { cookie, sessionId };
}

const accountOrders = async (base: string, cookie: string) =>
  (
    (await (await fetch(`${base}/api/account/orders`, { headers: { cookie } })).json()) as {
      items: Array<{ order_number: number; payment_status: string; status: string }>;
    }
  ).items;

describe('crash between payment and finalisation', () => {
  it('a new server instance on the same database completes exactly one order from the success page or a retry', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' });

    const before = injectAsShopPage(
      await buildApp(config, { db: database.db, testPasswordHashing }),
      config.publicUrl,
    );
    await before.ready();
    const user = await signUp(before);
    const product = await createProduct(database.db, { inventoryLevel: 5 });
    await addCartItem(database.db, user.id, product.id, 2);
    const { sessionId } = await startCheckoutOk(before, user.cookie);
    expect((await payLocal(before, sessionId)).statusCode).toBe(303);
    // The process dies here: paid at the provider, never finalised. Its memory is gone with it;
    // only what is in the database survives (the instance is never used again).
    cleanups.push(() => before.close());

    const after = injectAsShopPage(
      await buildApp(config, { db: database.db, testPasswordHashing }),
      config.publicUrl,
    );
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

  it('after a real SIGKILL between payment and completion, the restarted server completes one order from three retries, and its reconciliation job records a payment nobody completes', async () => {
    const port = await freePort();
    // The first server would reconcile only after an hour; the restarted one every second.
    const env = await serverEnv(cleanups, { CHECKOUT_RECONCILE_INTERVAL_SECONDS: '3600' });
    let server = await startServer(cleanups, env, port);
    const base = `http://127.0.0.1:${port}`;

    const retried = await shopperPays(base);
    const unattended = await shopperPays(base);

    // Killed before anyone finalises: no shutdown hook runs.
    await kill(server, 'SIGKILL');
    server = await startServer(
      cleanups,
      { ...env, CHECKOUT_RECONCILE_INTERVAL_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
      port,
    );

    // The first shopper's success page and two retries at once (the job may be a fourth): one order.
    const completeOnce = () =>
      fetch(`${base}/api/checkout/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: retried.cookie, origin: base },
        body: JSON.stringify({ session_id: retried.sessionId }),
      });
    const results = await Promise.all([completeOnce(), completeOnce(), completeOnce()]);
    const numbers = await Promise.all(
      results.map(async (r) => ((await r.json()) as { order_number: number }).order_number),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(numbers).size).toBe(1);
    const orders = await accountOrders(base, retried.cookie);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      order_number: numbers[0],
      payment_status: 'paid',
      status: 'processing',
    });

    // Neither the second shopper's success page nor anything else calls: only the job can record it.
    // The order history lists placed orders only, and reading it records nothing.
    let recorded = await accountOrders(base, unattended.cookie);
    for (let tries = 0; recorded.length === 0 && tries < 120; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      recorded = await accountOrders(base, unattended.cookie);
    }
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ payment_status: 'paid', status: 'processing' });
    await kill(server, 'SIGTERM');
  }, 240_000);
});
