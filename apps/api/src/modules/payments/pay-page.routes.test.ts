import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import {
  cartLinesOf,
  expireNow,
  orderBySession,
  payLocal,
  productStock,
  startCheckoutOk,
} from '../checkout/test-helpers.ts';
import { verifyReceiptToken } from './checkout-urls.ts';
import { cardProblem, PAY_MESSAGES } from './local-provider.ts';

const testApp = appPerTest();

async function openSession(productOverrides: Parameters<typeof createProduct>[1] = {}) {
  const { app, db } = await testApp.open({ SHOP_NAME: 'Corner & Co' });
  const user = await signUp(app);
  const product = await createProduct(db, {
    name: 'Desk Lamp',
    price: 4999,
    inventoryLevel: 5,
    ...productOverrides,
  });
  await addCartItem(db, user.id, product.id, 2);
  const { sessionId } = await startCheckoutOk(app, user.cookie);
  return { app, db, user, product, sessionId };
}

const sessionStatus = async (db: TestContext['db'], id: string) =>
  (await queryRows<{ status: string }>(db, sql`SELECT status FROM payment_sessions WHERE id = ${id}`))[0]
    ?.status;

describe('the local hosted payment page (/pay/:sessionId)', () => {
  it('shows the shop name, the lines, the amount and a card form, with no script', async () => {
    const { app, sessionId } = await openSession();
    const res = await app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    // The session link never leaves the site, and the page's own form still carries its Origin.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.body).toContain('Corner &amp; Co');
    expect(res.body).toContain('Desk Lamp');
    expect(res.body).toContain('$49.99 × 2');
    expect(res.body).toContain('$99.98');
    expect(res.body).toContain('Pay $99.98');
    expect(res.body).toContain('name="card_number"');
    expect(res.body).toContain('value="cancel"');
    expect(res.body).not.toContain('<script');
  });

  it('escapes everything it shows', async () => {
    const { app, sessionId } = await openSession({ name: '<img src=x onerror=alert(1)> "Lamp"' });
    const res = await app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Lamp&quot;');
  });

  it('pays with 4242 4242 4242 4242 and sends the browser to the receipt on the configured public URL', async () => {
    const { app, db, sessionId } = await openSession();
    const res = await payLocal(app, sessionId);
    expect(res.statusCode).toBe(303);
    const order = await orderBySession(db, sessionId);
    const location = String(res.headers.location);
    expect(location.startsWith(`${testApp.ctx.config.publicUrl}/checkout/success?receipt=`)).toBe(true);
    expect(verifyReceiptToken(testApp.ctx.config, new URL(location).searchParams.get('receipt')!)).toBe(
      order!.id,
    );
    expect(await sessionStatus(db, sessionId)).toBe('paid');
    // Paying twice (a double click) lands on the receipt again, charging nothing more.
    const again = await payLocal(app, sessionId);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(location);
    // Back from the receipt: the paid page is a GET that sends the browser on to the receipt again.
    const page = await app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(location);
  });

  it('answers a declined card with a redirect to the page saying so (post/redirect/get), the session still open', async () => {
    const { app, db, sessionId } = await openSession();
    const res = await payLocal(app, sessionId, { card_number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pay/${sessionId}?error=declined`);
    const page = await app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your card was declined. Please try another card.');
    expect(page.body).toContain('role="alert"');
    // The card never travels in an address, nor comes back in the page.
    expect(page.body).not.toContain('value="4000');
    expect(await sessionStatus(db, sessionId)).toBe('open');
    expect((await payLocal(app, sessionId)).statusCode).toBe(303);
  });

  it('shows only its own messages: an unknown error in the address is ignored', async () => {
    const { app, sessionId } = await openSession();
    const page = await app.inject({ method: 'GET', url: `/pay/${sessionId}?error=<b>hacked</b>` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('hacked');
    expect(page.body).not.toContain('role="alert"');
  });

  it.each([
    ['a mistyped number', { card_number: '4242 4242 4242 4241' }, 'invalidNumber'],
    ['a card number that is not a test card', { card_number: '5555 5555 5555 4444' }, 'unknownCard'],
    ['an expiry that is not a date', { expiry: '13/40' }, 'invalidExpiry'],
    ['an expired card', { expiry: '01/20' }, 'expiredCard'],
    ['a missing CVC', { cvc: '' }, 'invalidCvc'],
  ] as const)('explains %s', async (_what, fields, problem) => {
    const { app, db, sessionId } = await openSession();
    const res = await payLocal(app, sessionId, fields);
    expect(res.statusCode).toBe(303);
    const page = await app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(page.body).toContain(PAY_MESSAGES[problem].replace(/'/g, '&#39;'));
    expect(await sessionStatus(db, sessionId)).toBe('open');
  });

  it('refuses to take a payment once the session has expired', async () => {
    const { app, db, sessionId } = await openSession();
    await expireNow(db, sessionId);
    const page = await app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.body).toContain('This payment session has expired');
    expect(page.body).not.toContain('name="card_number"');
    const res = await payLocal(app, sessionId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pay/${sessionId}`);
    expect(await sessionStatus(db, sessionId)).toBe('open');
  });

  it('Cancel sends the browser to /checkout/cancel, returns the stock at once and keeps the cart', async () => {
    const { app, db, user, product, sessionId } = await openSession();
    expect(await productStock(db, product.id)).toBe(3);
    const res = await payLocal(app, sessionId, { action: 'cancel', card_number: '' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${testApp.ctx.config.publicUrl}/checkout/cancel`);
    expect(await sessionStatus(db, sessionId)).toBe('cancelled');
    expect(await orderBySession(db, sessionId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'unpaid',
    });
    expect(await productStock(db, product.id)).toBe(5);
    expect(await cartLinesOf(db, user.id)).toHaveLength(1);
    const pay = await payLocal(app, sessionId);
    expect(pay.statusCode).toBe(303);
    const page = await app.inject({ method: 'GET', url: String(pay.headers.location) });
    expect(page.body).toContain('This payment was cancelled');
  });

  it('answers 404 for an unknown session', async () => {
    const ctx = await testApp.open();
    const res = await ctx.app.inject({ method: 'GET', url: '/pay/cs_local_unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Payment not found');
    expect((await payLocal(ctx.app, 'cs_local_unknown')).statusCode).toBe(404);
  });

  it('is not served in production with Stripe, where test payments are not allowed', async () => {
    const ctx = await testApp.open({
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'http://localhost:3000',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
    });
    expect(ctx.app.checkout.provider.get('local')).toBeUndefined();
    const res = await ctx.app.inject({ method: 'POST', url: '/pay/cs_local_x', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('cardProblem', () => {
  const now = new Date('2026-06-15T00:00:00Z');
  const card = { number: '4242424242424242', expiry: '06/26', cvc: '123' };
  it('accepts the success card through the end of its expiry month, with or without spaces', () => {
    expect(cardProblem(card, now)).toBeNull();
    expect(cardProblem({ ...card, number: '4242-4242-4242-4242', expiry: '06 / 2026' }, now)).toBeNull();
  });
  it('rejects a card that expired last month', () => {
    expect(cardProblem({ ...card, expiry: '05/26' }, now)).toBe('expiredCard');
  });
  it('declines the decline test card', () => {
    expect(cardProblem({ ...card, number: '4000000000000002' }, now)).toBe('declined');
  });
});
