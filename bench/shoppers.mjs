// Signed-in shoppers for the cart and checkout flows of bench/run.mjs: sign-up and sign-in, the
// autocannon request sequences, a one-off probe of each flow, and the stock check after the checkout load.

import { LOAD_ORIGIN } from './processes.mjs';

const PASSWORD = 'bench-password-1';
// The server allows 30 sign-ups per IP per minute and 60 an hour (apps/api/src/modules/accounts/rate-limit.ts).
export const MAX_SHOPPERS = 30;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The session cookie ("name=value") from a sign-up answer; secure cookies carry a `__Secure-` prefix. */
export function sessionCookie(res) {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0];
    const name = pair.slice(0, pair.indexOf('='));
    if (name.endsWith('cartwheel.session_token')) return pair;
  }
  return undefined;
}

/**
 * Signs up `count` shoppers (bench-<i>@example.com, i from `first`) one after the other and returns
 * [{ index, email, cookie }]. A 429 waits for its Retry-After, at most twice per shopper.
 * `forwardedFor(i)`: an address to send as X-Forwarded-For (the bench servers trust it), so that
 * more than the per-address limit of sign-ups can be made.
 */
export async function signUpShoppers(baseUrl, count, log = () => {}, { first = 1, forwardedFor } = {}) {
  const shoppers = [];
  for (let i = first; i < first + count; i++) {
    const email = `bench-${i}@example.com`;
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        // Better Auth refuses a sign-up without a trusted Origin (the server's PUBLIC_URL).
        headers: {
          'content-type': 'application/json',
          origin: baseUrl,
          ...(forwardedFor && { 'x-forwarded-for': forwardedFor(i) }),
        },
        body: JSON.stringify({
          email,
          password: PASSWORD,
          name: `Bench ${i}`,
          firstName: 'Bench',
          lastName: String(i),
        }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status === 429 && attempt < 3) {
        const wait = Number(res.headers.get('retry-after') ?? 60);
        log(`sign-up rate-limited: waiting ${wait} s`);
        await sleep(Math.min(wait, 65) * 1000);
        continue;
      }
      const cookie = sessionCookie(res);
      if (!res.ok || !cookie) {
        throw new Error(
          `sign-up of ${email} answered ${res.status} without a session: ${text.slice(0, 300)}`,
        );
      }
      shoppers.push({ index: i, email, cookie });
      break;
    }
  }
  return shoppers;
}

/**
 * Signs an existing account in (POST /api/auth/sign-in/email, with the server's PUBLIC_URL as Origin)
 * and returns its session cookie ("name=value").
 */
export async function signIn(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const cookie = sessionCookie(res);
  if (!res.ok || !cookie)
    throw new Error(`sign-in of ${email} answered ${res.status}: ${text.slice(0, 300)}`);
  return cookie;
}

const json = (cookie) => ({ cookie, 'content-type': 'application/json', origin: LOAD_ORIGIN });

/** The cart line the flows add: one unit of the shopper's variant. */
export const addItem = (shopper, line) => ({
  method: 'POST',
  path: '/api/cart/items',
  headers: json(shopper.cookie),
  body: JSON.stringify({ product_id: line.product_id, variant_id: line.variant_id, quantity: 1 }),
});

/**
 * Cart flow (the target "signed-in add to cart + read cart"): add one unit, read the cart. The line grows
 * by one unit per flow (its variant holds far more stock than a run takes); empty the carts
 * (`clearCarts`) before each phase.
 */
export function cartFlow(shopper, line) {
  return [
    addItem(shopper, line),
    // No content-type on bodiless requests: Fastify refuses an empty JSON body.
    { method: 'GET', path: '/api/cart', headers: { cookie: shopper.cookie } },
  ];
}

/**
 * Checkout flow: add one unit, then open a checkout session with the local payment provider. The
 * server keeps the cart until payment, so the line's quantity grows by one per flow; each new session
 * releases the shopper's earlier pending one (its stock returns).
 */
export function checkoutFlow(shopper, line) {
  return [addItem(shopper, line), checkoutSessionRequest(shopper)];
}

/** POST /api/checkout/sessions for the shopper's cart, with made-up shipping details. */
export function checkoutSessionRequest(shopper) {
  return {
    method: 'POST',
    path: '/api/checkout/sessions',
    headers: json(shopper.cookie),
    body: JSON.stringify({ customer_info: customerInfo(shopper.email, 'Bench', String(shopper.index)) }),
  };
}

/** A checkout's customer details: the buyer's email and name, a made-up shipping address. */
export const customerInfo = (email, firstName, lastName) => ({
  email,
  firstName,
  lastName,
  address: '1 Loopback Lane',
  city: 'Localhost',
  postalCode: '12345',
  country: 'US',
});

/** Runs one flow with fetch; returns [{ method, path, status, body }] (stops at the first non-2xx). */
export async function probeFlow(baseUrl, requests) {
  const answers = [];
  for (const r of requests) {
    const res = await fetch(`${baseUrl}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.text();
    answers.push({ method: r.method, path: r.path, status: res.status, body });
    if (!res.ok) break;
  }
  return answers;
}

/** Empties every shopper's cart (DELETE /api/cart). */
export async function clearCarts(baseUrl, shoppers) {
  for (const s of shoppers) {
    const res = await fetch(`${baseUrl}/api/cart`, {
      method: 'DELETE',
      headers: { cookie: s.cookie, origin: LOAD_ORIGIN },
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`DELETE /api/cart for ${s.email} answered ${res.status}`);
  }
}

/**
 * After the checkout load: for every variant used, stock left plus the units held by pending unpaid
 * orders must equal the seeded stock. One statement, so it reads one consistent snapshot.
 * @param {import('postgres').Sql} sql
 */
export async function checkStock(sql, lines) {
  const ids = lines.map((l) => l.variant_id);
  const rows = await sql`
    select v.id, v.sku, v.inventory_level as level,
      coalesce((
        select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where oi.variant_id = v.id and o.status = 'pending' and o.payment_status = 'unpaid'
      ), 0)::int as held
    from product_variants v where v.id = any(${ids}::uuid[])`;
  const [orders] = await sql`
    select
      count(*)::int as total,
      (count(*) filter (where status = 'pending' and payment_status = 'unpaid'))::int as pending,
      (count(*) filter (where status = 'cancelled'))::int as cancelled,
      (count(*) filter (where payment_status = 'paid'))::int as paid
    from orders`;
  const seeded = new Map(lines.map((l) => [l.variant_id, l.stock]));
  const variants = rows.map((r) => ({
    sku: r.sku,
    seeded: seeded.get(r.id),
    level: r.level,
    heldByPendingOrders: r.held,
    exact: r.level + r.held === seeded.get(r.id),
  }));
  return {
    exact: variants.length === lines.length && variants.every((v) => v.exact),
    variants: variants.sort((a, b) => a.sku.localeCompare(b.sku)),
    orders,
  };
}
