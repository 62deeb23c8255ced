import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { cookieFrom, signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { withShippingZones } from '../checkout/test-helpers.ts';
import { sellAtTill } from './test-helpers.ts';

// Point of Sale's customer: a typed email joins its account, or makes a customer account without a
// password that the person claims by setting one (docs/decisions/0044-customers-created-by-staff.md).
const suite = appPerFile();
let staff: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  await withShippingZones(suite.ctx.app);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = staff.cookie) =>
  suite.ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(suite.ctx.db, query);

const unique = () => Math.random().toString(36).slice(2);

/** A sale at the till to `email` and `name`, marked paid in cash: the order as the back office shows it. */
async function sellTo(email: string, firstName = 'Ada', lastName = 'Lovelace') {
  const product = await createProduct(suite.ctx.db, { price: 3000, inventoryLevel: 5 });
  const paid = await sellAtTill(call, {
    lines: [{ product_id: product.id, quantity: 2 }],
    email,
    first_name: firstName,
    last_name: lastName,
  });
  return (await call('GET', `/api/admin/orders/${paid.order_id}`)).json();
}

const usersWithEmail = (email: string) =>
  rowsOf<{ id: string }>(sql`SELECT id FROM users WHERE lower(email) = lower(${email})`);

const lastEmail = async (to: string, kind: string) =>
  (
    await rowsOf<{ text: string }>(
      sql`SELECT text FROM email_outbox WHERE "to" = ${to} AND kind = ${kind} ORDER BY created_at DESC LIMIT 1`,
    )
  )[0]?.text;

const tokenIn = (text: string | undefined) => text?.match(/mode=reset&token=([A-Za-z0-9%_-]+)/)?.[1];

async function setPassword(token: string, newPassword: string) {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/account/reset-password',
    payload: { token: decodeURIComponent(token), newPassword },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

const accountOrderIds = async (cookie: string) => {
  const res = await call('GET', '/api/account/orders', undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((o: { id: string }) => o.id);
};

describe("Point of Sale's customer", () => {
  it("links the order to the existing verified account of the typed email, whatever its case, and leaves the account's name alone", async () => {
    const shopper = await signUp(suite.ctx.app, { firstName: 'Grace', lastName: 'Hopper' });
    await suite.ctx.db.execute(sql`UPDATE users SET email_verified = true WHERE id = ${shopper.id}::uuid`);
    const order = await sellTo(shopper.email.toUpperCase(), 'Someone', 'Else');
    expect(order.customer?.id).toBe(shopper.id);
    const [draft] = await rowsOf<{ customer_id: string }>(
      sql`SELECT customer_id FROM draft_orders WHERE order_id = ${order.id}::uuid`,
    );
    expect(draft?.customer_id).toBe(shopper.id);
    expect(await usersWithEmail(shopper.email)).toHaveLength(1);
    const page = (await call('GET', `/api/admin/customers/${shopper.id}`)).json();
    expect(page).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      order_count: 1,
      has_password: true,
    });
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(await accountOrderIds(shopper.cookie)).toEqual([order.id]);
  });

  it('makes a new person a customer without a password: listed in Customers with the order and total spent, one account per email', async () => {
    const email = `ada-${unique()}@example.com`;
    const order = await sellTo(email);
    const list = (await call('GET', `/api/admin/customers?search=${email}`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      email,
      name: 'Ada Lovelace',
      order_count: 1,
      total_spent: order.total_amount,
    });
    expect(order.customer?.id).toBe(list.items[0].id);
    const page = (await call('GET', `/api/admin/customers/${list.items[0].id}`)).json();
    expect(page).toMatchObject({ has_password: false, email_verified: false });
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    // They cannot sign in yet, so the confirmation carries the order's signed link.
    expect(await lastEmail(email, 'order_confirmation')).toMatch(/\/orders\/view\/[A-Za-z0-9_-]{43}/);
    // A second sale to the same person, typed in capitals: the same account, no second one.
    const again = await sellTo(email.toUpperCase(), 'Ada', 'L.');
    expect(again.customer?.id).toBe(list.items[0].id);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const [profile] = await rowsOf<{ last_name: string; role: string }>(
      sql`SELECT last_name, role FROM profiles WHERE id = ${list.items[0].id}::uuid`,
    );
    expect(profile).toEqual({ last_name: 'Lovelace', role: 'customer' });
  });

  it('lets the new customer claim the account with a password reset, and then see the order in their account', async () => {
    const email = `reset-${unique()}@example.com`;
    const order = await sellTo(email);
    const asked = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = tokenIn(await lastEmail(email, 'password_reset'));
    expect(token).toBeDefined();
    const cookie = await setPassword(token!, 'a-new-password-1');
    expect(await accountOrderIds(cookie)).toEqual([order.id]);
    const [user] = await rowsOf<{ email_verified: boolean }>(
      sql`SELECT email_verified FROM users WHERE email = ${email}`,
    );
    // The emailed link proved the address.
    expect(user?.email_verified).toBe(true);
    const signIn = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'a-new-password-1' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('sends an account invite whose link sets the first password, and refuses to invite an account that has one (409, nothing sent)', async () => {
    const email = `invite-${unique()}@example.com`;
    const order = await sellTo(email);
    const customerId = order.customer.id as string;
    const invite = await call('POST', `/api/admin/customers/${customerId}/invite`);
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json()).toEqual({ sent_to: email });
    const text = await lastEmail(email, 'account_invite');
    expect(text).toContain('Set your password');
    const cookie = await setPassword(tokenIn(text)!, 'invited-password-1');
    expect(await accountOrderIds(cookie)).toEqual([order.id]);
    expect((await call('GET', `/api/admin/customers/${customerId}`)).json().has_password).toBe(true);

    const again = await call('POST', `/api/admin/customers/${customerId}/invite`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('customer_has_password');
    const shopper = await signUp(suite.ctx.app);
    const before = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM email_outbox`);
    const refused = await call('POST', `/api/admin/customers/${shopper.id}/invite`);
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM email_outbox`)).toEqual(before);
    // Staff accounts are not customers: 404.
    expect((await call('POST', `/api/admin/customers/${staff.id}/invite`)).statusCode).toBe(404);
  });

  it("never attaches a sale to an unverified sign-up's account, nor changes an account's password, name or role", async () => {
    const squatter = await signUp(suite.ctx.app, { firstName: 'Not', lastName: 'Them' });
    const [before] = await rowsOf<{ password: string }>(
      sql`SELECT password FROM accounts WHERE user_id = ${squatter.id}::uuid AND provider_id = 'credential'`,
    );
    const order = await sellTo(squatter.email);
    // Anyone can sign up with someone else's address: the order stays a guest's until it is verified.
    expect(order.customer.id).toBeNull();
    expect(await accountOrderIds(squatter.cookie)).toEqual([]);
    expect(await usersWithEmail(squatter.email)).toHaveLength(1);
    const [after] = await rowsOf<{ password: string }>(
      sql`SELECT password FROM accounts WHERE user_id = ${squatter.id}::uuid AND provider_id = 'credential'`,
    );
    expect(after).toEqual(before);

    const admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    await suite.ctx.db.execute(sql`UPDATE users SET email_verified = true WHERE id = ${admin.id}::uuid`);
    await sellTo(admin.email, 'Mallory', 'Staff');
    const [profile] = await rowsOf<{ role: string; first_name: string }>(
      sql`SELECT role, first_name FROM profiles WHERE id = ${admin.id}::uuid`,
    );
    expect(profile).toEqual({ role: 'admin', first_name: '' });
  });
});
