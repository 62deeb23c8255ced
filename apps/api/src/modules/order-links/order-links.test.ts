import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { cookieFrom, signUp, signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  completeCheckout,
  orderBySession,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { attachGuestOrders } from './order-links.ts';

// The guest's after-sale: the confirmation email's signed link, its totals, revoking, and the guest
// orders that join an account once its email is confirmed.
const suite = appWithAdminPerFile({
  SHIPPING_FLAT_CENTS: '599',
  SHIPPING_FREE_OVER_CENTS: '50000',
  TAX_RATE_BPS: '825',
});

beforeAll(async () => {
  await withShippingZones(suite.ctx.app);
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: { cookie: suite.admin.cookie },
    payload: { title: 'Ten off', code: 'LINK10', kind: 'percentage', percent_bps: 1000 },
  });
  expect(res.statusCode, res.body).toBe(201);
});

const LINK = /\/orders\/view\/([A-Za-z0-9_-]{43})\b/;

async function emailTo(to: string, kind: string) {
  const rows = await queryRows<{ text: string; html: string | null; subject: string }>(
    suite.ctx.db,
    sql`SELECT text, html, subject FROM email_outbox WHERE "to" = ${to} AND kind = ${kind} ORDER BY created_at DESC LIMIT 1`,
  );
  return rows[0];
}

/** A guest buys two units at $40.00 with LINK10 and Standard shipping, and pays. */
async function guestBuys(email: string) {
  const { app, db } = suite.ctx;
  const lamp = await createProduct(db, { price: 4000, inventoryLevel: 20 });
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    payload: {
      customer_info: { ...SHIPPING_INFO, email, marketing_opt_in: false },
      guest: { checkout_key: randomUUID(), lines: [{ product_id: lamp.id, quantity: 2 }] },
      discount_code: 'LINK10',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = sessionIdFromUrl(res.json().url);
  expect((await payLocal(app, sessionId)).statusCode).toBe(303);
  expect((await completeCheckout(app, '', sessionId)).statusCode).toBe(200);
  const order = await orderBySession(db, sessionId);
  const mail = await emailTo(email, 'order_confirmation');
  const token = LINK.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no order link in ${mail?.text}`);
  return { order: order!, mail: mail!, token };
}

const byLink = (token: string) =>
  suite.ctx.app.inject({ method: 'GET', url: `/api/orders/by-link/${token}` });

describe("the guest's order link", () => {
  it('comes in the confirmation email and opens the order without an account; only its hash is stored', async () => {
    const { order, mail, token } = await guestBuys('linked@example.com');
    const res = await byLink(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      id: order.id,
      order_number: order.order_number,
      discount_amount: 800,
      discounts: [expect.objectContaining({ code: 'LINK10', amount: 800 })],
      shipping_method: 'Standard',
    });
    const [stored] = await queryRows<{ n: number; raw: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE token_hash = ${token})::int AS raw
        FROM order_access_links WHERE order_id = ${order.id}`,
    );
    expect(stored).toEqual({ n: 1, raw: 0 });
    expect(mail.html).toContain(`/orders/view/${token}`);
  });

  it('lists discount, shipping and tax in the email, and the rows add up to the total', async () => {
    const { order, mail } = await guestBuys('totals@example.com');
    // $80.00 − 10% = $72.00; shipping $5.99; tax 8.25% of $72.00 = $5.94; total $83.93.
    expect(mail.text).toContain('Subtotal: $80.00');
    expect(mail.text).toContain('Discount (LINK10): −$8.00');
    expect(mail.text).toContain('Shipping (Standard): $5.99');
    expect(mail.text).toContain('Tax (8.25%): $5.94');
    expect(mail.text).toContain('Total: $83.93');
    expect(order.total_amount).toBe(8000 - 800 + 599 + 594);
  });

  it('answers the same 404 for an unknown, malformed, expired or revoked link', async () => {
    const { order, token } = await guestBuys('expired@example.com');
    const other = await guestBuys('revoked@example.com');
    await suite.ctx.db.execute(
      sql`UPDATE order_access_links SET expires_at = now() - interval '1 second' WHERE order_id = ${order.id}`,
    );
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const revoke = (cookie: string) =>
      suite.ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${other.order.id}/revoke-links`,
        headers: { cookie },
        payload: {},
      });
    const shopper = await signUp(suite.ctx.app);
    expect((await revoke(shopper.cookie)).statusCode).toBe(403);
    expect((await byLink(other.token)).statusCode).toBe(200);
    expect((await revoke(staff.cookie)).json()).toEqual({ revoked: 1 });
    expect((await revoke(staff.cookie)).json()).toEqual({ revoked: 0 });

    const answers = await Promise.all(
      [token, other.token, 'A'.repeat(43), 'short', `${token}x`].map(async (t) => {
        const res = await byLink(t);
        return [res.statusCode, res.body];
      }),
    );
    const expected = [
      404,
      JSON.stringify({
        error: { code: 'order_link_invalid', message: 'This order link is invalid or has expired' },
      }),
    ];
    for (const answer of answers) expect(answer).toEqual(expected);
  });

  it("a signed-in shopper's email links to their account's order page; no link is made", async () => {
    const { app, db } = suite.ctx;
    const shopper = await signUp(app);
    const mug = await createProduct(db, { price: 1500, inventoryLevel: 5 });
    await addCartItem(db, shopper.id, mug.id, 1);
    const res = await startCheckout(app, shopper.cookie, {
      customer_info: { ...SHIPPING_INFO, email: shopper.email },
    });
    const sessionId = sessionIdFromUrl(res.json().url);
    await payLocal(app, sessionId);
    expect((await completeCheckout(app, shopper.cookie, sessionId)).statusCode).toBe(200);
    const order = await orderBySession(db, sessionId);
    const mail = await emailTo(shopper.email, 'order_confirmation');
    expect(mail?.text).toContain(`/account/orders/${order!.id}`);
    expect(mail?.text).not.toMatch(LINK);
    const [links] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM order_access_links WHERE order_id = ${order!.id}`,
    );
    expect(links!.n).toBe(0);

    const resend = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order!.id}/send-link`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.code).toBe('not_a_guest_order');
  });

  it('staff email a guest a new link after revoking the old ones; the new one opens the order', async () => {
    const { order, token } = await guestBuys('lost-email@example.com');
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const post = (path: string) =>
      suite.ctx.app.inject({ method: 'POST', url: path, headers: { cookie: staff.cookie } });
    expect((await post(`/api/admin/orders/${order.id}/revoke-links`)).statusCode).toBe(200);
    const sent = await post(`/api/admin/orders/${order.id}/send-link`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ to: 'lost-email@example.com' });

    const mail = await emailTo('lost-email@example.com', 'guest_order_link');
    expect(mail?.subject).toBe(`Your link to order #${order.order_number}`);
    const fresh = LINK.exec(mail?.text ?? '')?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(token);
    expect((await byLink(token)).statusCode).toBe(404);
    expect((await byLink(fresh!)).statusCode).toBe(200);
  });
});

describe("the order link email in the order's language", () => {
  it('writes to a guest who ordered in German in German, with a link to the German shop', async () => {
    const { order } = await guestBuys('ein-gast@example.com');
    await suite.ctx.db.execute(sql`UPDATE orders SET locale = 'de' WHERE id = ${order.id}`);
    const sent = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/send-link`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await emailTo('ein-gast@example.com', 'guest_order_link');
    expect(mail?.subject).toBe(`Ihr Link zur Bestellung #${order.order_number}`);
    expect(mail?.text).toContain('Dieser Link öffnet Ihre Bestellung ohne Kundenkonto.');
    expect(mail?.text).toMatch(/\/de\/orders\/view\/[A-Za-z0-9_-]{43}\b/);
  });
});

describe('guest orders join an account once its email is confirmed', () => {
  it('sign-up sends a confirmation link; confirming attaches the guest orders of that email only', async () => {
    const { app, db } = suite.ctx;
    const { order, token } = await guestBuys('Later.Member@example.com');
    const stranger = await guestBuys('someone-else@example.com');
    const member = await signUp(app, { email: 'later.member@example.com' });
    const mine = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/account/orders', headers: { cookie: member.cookie } })
      ).json().items;
    // Not before the address is confirmed: anyone can sign up with any email.
    expect((await mine()).map((o: { id: string }) => o.id)).not.toContain(order.id);

    const verify = await emailTo('later.member@example.com', 'verify_email');
    const link = /(\/api\/auth\/verify-email\?[^\s]+)/.exec(verify?.text ?? '')?.[1];
    if (!link) throw new Error(`no verification link in ${verify?.text}`);
    // Confirmed in the browser that signed up: nothing else changes for the member.
    const confirmed = await app.inject({ method: 'GET', url: link, headers: { cookie: member.cookie } });
    expect(confirmed.statusCode, confirmed.body).toBe(302);
    expect(confirmed.headers.location).toBe('/account?verified=1');

    const ids = (await mine()).map((o: { id: string }) => o.id);
    expect(ids).toContain(order.id);
    expect(ids).not.toContain(stranger.order.id);
    // The emailed link ends with it: the account is the way in now. The stranger's still works.
    expect((await byLink(token)).statusCode).toBe(404);
    expect((await byLink(stranger.token)).statusCode).toBe(200);
    expect(await attachGuestOrders(db, member.id, 'later.member@example.com')).toBe(0);
    const [event] = await queryRows<{ type: string }>(
      db,
      sql`SELECT type FROM order_events WHERE order_id = ${order.id} AND type = 'attached_to_account'`,
    );
    expect(event).toEqual({ type: 'attached_to_account' });
  });
});

describe("an account someone else signed up with a buyer's address", () => {
  it('goes to whoever confirms the address: the newcomer sees no order, is signed out and cannot sign in', async () => {
    const { app } = suite.ctx;
    const { order } = await guestBuys('Owner.Of.Address@example.com');
    // The newcomer signs up first with the buyer's address, in another letter case, and stays signed in.
    const newcomer = await signUp(app, { email: 'owner.of.address@EXAMPLE.com' });
    const ordersOf = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/account/orders', headers: { cookie } });

    // The buyer opens the confirmation email they received, in their own browser (no session).
    const verify = await emailTo('owner.of.address@example.com', 'verify_email');
    const link = /(\/api\/auth\/verify-email\?[^\s]+)/.exec(verify?.text ?? '')?.[1];
    if (!link) throw new Error(`no verification link in ${verify?.text}`);
    const confirmed = await app.inject({ method: 'GET', url: link });
    expect(confirmed.statusCode, confirmed.body).toBe(302);

    // The newcomer's session has ended, and their password no longer signs in.
    expect((await ordersOf(newcomer.cookie)).statusCode).toBe(401);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: newcomer.email, password: newcomer.password },
      remoteAddress: '10.201.0.1',
    });
    expect(signIn.statusCode).toBe(401);

    // The buyer is signed in to the account, sees their order and was sent a link to set a password.
    const buyer = await ordersOf(cookieFrom(confirmed));
    expect(buyer.statusCode, buyer.body).toBe(200);
    expect(buyer.json().items.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(await emailTo('owner.of.address@example.com', 'password_reset')).toBeDefined();
  });
});
