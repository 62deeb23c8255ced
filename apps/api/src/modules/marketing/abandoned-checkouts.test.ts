import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { sendAs } from '../../../test/requests.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  completeCheckout,
  orderBySession,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { sendAbandonedCheckoutEmails } from './abandoned-checkouts.ts';

const suite = appWithAdminPerFile();
let productId = '';

beforeAll(async () => {
  await withShippingZones(suite.ctx.app);
  productId = (await createProduct(suite.ctx.db, { name: 'Desk Lamp', price: 2500, inventoryLevel: 100 })).id;
});

const admin = (method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
  sendAs(suite.ctx.app, suite.admin.cookie, method, url, payload);

/** A guest (or the cookie's customer) starts a checkout for two lamps; returns its order id and session. */
/** `optIn` undefined: the request leaves the box out, and a signed-in shopper's consent stands. */
async function startCheckout(email: string, optIn: boolean | undefined, cookie = '') {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: cookie ? { cookie } : {},
    payload: {
      customer_info: { ...SHIPPING_INFO, email, ...(optIn === undefined ? {} : { marketing_opt_in: optIn }) },
      ...(cookie
        ? {}
        : { guest: { checkout_key: randomUUID(), lines: [{ product_id: productId, quantity: 2 }] } }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = sessionIdFromUrl(res.json().url);
  return { sessionId, orderId: (await orderBySession(suite.ctx.db, sessionId))!.id };
}

/** Moves a checkout's start `minutes` into the past. */
const startedAgo = (orderId: string, minutes: number) =>
  suite.ctx.db.execute(
    sql`UPDATE orders SET created_at = now() - make_interval(mins => ${minutes}) WHERE id = ${orderId}`,
  );

const send = () => sendAbandonedCheckoutEmails(suite.ctx.app.checkout.ctx, new Date());

interface Mail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | string | null;
}
const recoveryEmails = (to: string) =>
  queryRows<Mail>(
    suite.ctx.db,
    sql`SELECT subject, text, html, headers FROM email_outbox WHERE "to" = ${to} AND kind = 'abandoned_checkout'`,
  );

const enable = async (patch: object = {}) => {
  const res = await admin('PATCH', '/api/admin/marketing/settings', {
    abandoned_enabled: true,
    abandoned_delay_minutes: 60,
    abandoned_discount_code: null,
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const tokenOf = (text: string, pattern: RegExp) => {
  const token = pattern.exec(text)?.[1];
  if (!token) throw new Error(`no link matching ${pattern} in ${text}`);
  return decodeURIComponent(token);
};
const RECOVERY_LINK = /\/cart\/recover\/([A-Za-z0-9_-]+)/;
const UNSUBSCRIBE_LINK = /\/unsubscribe\?token=([^\s&]+)/;

describe('abandoned-checkout emails', () => {
  it('are sent only when turned on and after the delay, once per checkout, with cart and unsubscribe links', async () => {
    const email = 'late-payer@example.com';
    await admin('PATCH', '/api/admin/marketing/settings', { abandoned_enabled: false });
    const { orderId } = await startCheckout(email, true);
    await startedAgo(orderId, 61);
    await send();
    expect(await recoveryEmails(email)).toHaveLength(0);

    await enable({ abandoned_delay_minutes: 120 });
    await send();
    expect(await recoveryEmails(email)).toHaveLength(0);

    await enable({ abandoned_delay_minutes: 60 });
    await send();
    await send();
    const mails = await recoveryEmails(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('You left something in your cart');
    expect(mail!.text).toContain('Desk Lamp x 2: $50.00');
    expect(mail!.text).toMatch(RECOVERY_LINK);
    const headers = typeof mail!.headers === 'string' ? JSON.parse(mail!.headers) : mail!.headers;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/\S+\/api\/marketing\/unsubscribe\?token=\S+>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('/unsubscribe?token=');
  });

  it('count the delay in minutes of ABANDONED_CHECKOUT_MINUTE_SECONDS (shorter in end-to-end tests)', async () => {
    const email = 'short-minute@example.com';
    await enable({ abandoned_delay_minutes: 60 });
    const { orderId } = await startCheckout(email, true);
    await startedAgo(orderId, 2);
    await send();
    expect(await recoveryEmails(email)).toHaveLength(0);
    // Sixty minutes of 1 second each: the checkout began two minutes ago, so it is due.
    const ctx = suite.ctx.app.checkout.ctx;
    const checkout = { ...ctx.config.checkout, abandonedMinuteSeconds: 1 };
    await sendAbandonedCheckoutEmails({ ...ctx, config: { ...ctx.config, checkout } }, new Date());
    expect(await recoveryEmails(email)).toHaveLength(1);
  });

  it('are not sent without consent, nor after unsubscribing; an account consent counts', async () => {
    await enable();
    const noConsent = await startCheckout('no-consent@example.com', false);
    await startedAgo(noConsent.orderId, 61);

    // Consent given, then withdrawn through the unsubscribe link of an earlier email.
    const first = await startCheckout('changed-mind@example.com', true);
    await startedAgo(first.orderId, 61);
    await send();
    const [earlier] = await recoveryEmails('changed-mind@example.com');
    const token = tokenOf(earlier!.text, UNSUBSCRIBE_LINK);
    const unsubscribed = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      payload: { token },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json()).toEqual({ email: 'changed-mind@example.com', unsubscribed: true });
    await suite.ctx.db.execute(
      sql`UPDATE abandoned_checkout_emails SET sent_at = now() - interval '2 days' WHERE lower(email) = 'changed-mind@example.com'`,
    );
    // A later checkout where the box was ticked before the unsubscribe: nothing more is sent.
    const second = await startCheckout('changed-mind@example.com', true);
    await startedAgo(second.orderId, 61);
    await suite.ctx.db.execute(
      sql`UPDATE marketing_unsubscribes SET unsubscribed_at = now() WHERE email = 'changed-mind@example.com'`,
    );

    // A customer who opted in on their account, checking out with a request that leaves the box out
    // (the checkout's box, when sent, becomes the account's consent: checkout-consent.test.ts).
    const customer = await signUp(suite.ctx.app);
    const consent = await sendAs(suite.ctx.app, customer.cookie, 'PUT', '/api/account/marketing', {
      marketing_opt_in: true,
    });
    expect(consent.json()).toEqual({ marketing_opt_in: true });
    await sendAs(suite.ctx.app, customer.cookie, 'POST', '/api/cart/items', {
      product_id: productId,
      quantity: 1,
    });
    const own = await startCheckout(customer.email, undefined, customer.cookie);
    await startedAgo(own.orderId, 61);

    await send();
    expect(await recoveryEmails('no-consent@example.com')).toHaveLength(0);
    expect(await recoveryEmails('changed-mind@example.com')).toHaveLength(1);
    expect(await recoveryEmails(customer.email)).toHaveLength(1);
  });

  it('link restores the lines in any browser; a payment after the email is counted as recovered', async () => {
    await enable({ abandoned_delay_minutes: 30 });
    const email = 'comes-back@example.com';
    const { orderId } = await startCheckout(email, true);
    await startedAgo(orderId, 31);
    await send();
    const [mail] = await recoveryEmails(email);
    const token = tokenOf(mail!.text, RECOVERY_LINK);

    const restored = await suite.ctx.app.inject({ method: 'GET', url: `/api/checkout-recovery/${token}` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({
      items: [{ product_id: productId, variant_id: null, quantity: 2 }],
      discount_code: null,
    });
    const forged = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/checkout-recovery/${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe('recovery_link_invalid');

    const today = new Date().toISOString().slice(0, 10);
    const before = (await admin('GET', `/api/admin/marketing/summary?from=${today}&to=${today}`)).json();

    // The shopper comes back and pays a new checkout with the same address.
    const { sessionId } = await startCheckout(email, true);
    expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(suite.ctx.app, '', sessionId)).statusCode).toBe(200);
    const paid = await orderBySession(suite.ctx.db, sessionId);

    const after = (await admin('GET', `/api/admin/marketing/summary?from=${today}&to=${today}`)).json();
    expect(after.recovered).toBe(before.recovered + 1);
    expect(after.recovered_amount).toBe(before.recovered_amount + Number(paid!.total_amount));
    const lastYear = (
      await admin('GET', '/api/admin/marketing/summary?from=2020-01-01&to=2020-12-31')
    ).json();
    expect(lastYear).toMatchObject({ recovered: 0, recovered_amount: 0, emails_sent: 0 });

    const list = (await admin('GET', '/api/admin/marketing/abandoned-checkouts?page=1&limit=50')).json();
    const row = list.items.find((item: { id: string }) => item.id === orderId);
    expect(row).toMatchObject({
      email,
      name: `${SHIPPING_INFO.firstName} ${SHIPPING_INFO.lastName}`,
      is_guest: true,
      items: [{ name: 'Desk Lamp', quantity: 2 }],
      recovered_amount: Number(paid!.total_amount),
    });
    expect(row.email_sent_at).not.toBeNull();
    // The paid order is an order now, not an abandoned checkout.
    expect(list.items.some((item: { id: string }) => item.id === paid!.id)).toBe(false);
  });
});

describe('unsubscribe', () => {
  it('works in one click from a mail client (a form POST without Origin); a forged token is refused', async () => {
    const { unsubscribeLinks } = await import('./unsubscribe.ts');
    const links = unsubscribeLinks(suite.ctx.config, 'One-Click@Example.com');
    const oneClick = new URL(links.oneClick);
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await queryRows<{ email: string }>(
      suite.ctx.db,
      sql`SELECT email FROM marketing_unsubscribes WHERE email = 'one-click@example.com'`,
    );
    expect(stored).toHaveLength(1);

    const token = decodeURIComponent(oneClick.searchParams.get('token')!);
    const forged = `${Buffer.from('victim@example.com').toString('base64url')}.${token.split('.')[1]}`;
    const refused = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      payload: { token: forged },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('unsubscribe_link_invalid');
    const victim = await queryRows(
      suite.ctx.db,
      sql`SELECT 1 FROM marketing_unsubscribes WHERE email = 'victim@example.com'`,
    );
    expect(victim).toHaveLength(0);
  });
});

describe('/api/admin/marketing', () => {
  it('is for managers and admins: staff and shoppers are refused', async () => {
    const { signUpAs } = await import('../../../test/sessions.ts');
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const url = '/api/admin/marketing/abandoned-checkouts';
    expect((await sendAs(suite.ctx.app, manager.cookie, 'GET', url)).statusCode).toBe(200);
    expect((await sendAs(suite.ctx.app, staff.cookie, 'GET', url)).statusCode).toBe(403);
    const patch = await sendAs(suite.ctx.app, staff.cookie, 'PATCH', '/api/admin/marketing/settings', {
      abandoned_enabled: false,
    });
    expect(patch.statusCode).toBe(403);
  });

  it('refuses a delay under a minute and an unknown discount code with 400, and writes nothing', async () => {
    const before = (await admin('GET', '/api/admin/marketing/settings')).json();
    const zero = await admin('PATCH', '/api/admin/marketing/settings', { abandoned_delay_minutes: 0 });
    expect(zero.statusCode).toBe(400);
    const unknown = await admin('PATCH', '/api/admin/marketing/settings', {
      abandoned_enabled: !before.abandoned_enabled,
      abandoned_discount_code: 'NO-SUCH-CODE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('No discount has the code NO-SUCH-CODE');
    expect((await admin('GET', '/api/admin/marketing/settings')).json()).toEqual(before);
  });
});
