// Helpers for the checkout and payment tests (not a test file itself).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { ensureShippingZones } from '../shipping/default-zones.ts';

export const SHIPPING_INFO = {
  email: 'shopper@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 Analytical Row',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

/** The parsed body of a checkout with SHIPPING_INFO, for calling app.checkout.createSession directly. */
export const SESSION_REQUEST = {
  customer_info: { ...SHIPPING_INFO, marketing_opt_in: false, save_address: false },
};

/**
 * The shipping zone a shop gets on start ("Everywhere", from the configured flat shipping and tax):
 * a test database starts without one, and checkout refuses a destination no zone covers.
 */
export async function withShippingZones(app: FastifyInstance): Promise<void> {
  await ensureShippingZones(app.checkout.ctx.db, app.checkout.ctx.config.checkout, 'everywhere');
}

/** POST /api/checkout/sessions as the cookie's user (the shop's zones set up first). */
export async function startCheckout(
  app: FastifyInstance,
  cookie: string,
  body: object = { customer_info: SHIPPING_INFO },
) {
  await withShippingZones(app);
  return app.inject({ method: 'POST', url: '/api/checkout/sessions', headers: { cookie }, payload: body });
}

/** Starts a checkout that must succeed; returns the session id and the payment URL. */
export async function startCheckoutOk(app: FastifyInstance, cookie: string) {
  const res = await startCheckout(app, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  return { url, sessionId: sessionIdFromUrl(url) };
}

export function sessionIdFromUrl(url: string): string {
  const id = new URL(url).pathname.split('/').pop();
  if (!id) throw new Error(`no session id in ${url}`);
  return decodeURIComponent(id);
}

/** Submits the local provider's card form. */
export function payLocal(app: FastifyInstance, sessionId: string, fields: Record<string, string> = {}) {
  const form = new URLSearchParams({
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
    name: 'Ada Lovelace',
    action: 'pay',
    ...fields,
  });
  return app.inject({
    method: 'POST',
    url: `/pay/${encodeURIComponent(sessionId)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** POST /api/checkout/complete as the cookie's user (the success page's call). */
export function completeCheckout(app: FastifyInstance, cookie: string, sessionId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: { cookie },
    payload: { session_id: sessionId },
  });
}

export interface OrderState {
  id: string;
  order_number: number;
  status: string;
  payment_status: string;
  payment_method: string | null;
  customer_id: string | null;
  subtotal_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  expires_at: Date | string | null;
  payment_session_id: string | null;
}

export async function ordersOf(db: Db, customerId: string): Promise<OrderState[]> {
  return queryRows<OrderState>(
    db,
    sql`SELECT id, order_number, status, payment_status, payment_method, customer_id, subtotal_amount,
        shipping_amount, tax_amount, total_amount, paid_at, cancelled_at, expires_at, payment_session_id
      FROM orders WHERE customer_id = ${customerId} ORDER BY created_at`,
  );
}

export async function orderBySession(db: Db, sessionId: string): Promise<OrderState | undefined> {
  const [row] = await queryRows<OrderState>(
    db,
    sql`SELECT id, order_number, status, payment_status, payment_method, customer_id, subtotal_amount,
        shipping_amount, tax_amount, total_amount, paid_at, cancelled_at, expires_at, payment_session_id
      FROM orders WHERE payment_session_id = ${sessionId}`,
  );
  return row;
}

export async function productStock(db: Db, productId: string): Promise<number> {
  const [row] = await queryRows<{ level: number }>(
    db,
    sql`SELECT inventory_level AS level FROM products WHERE id = ${productId}`,
  );
  return Number(row?.level);
}

export async function variantStock(db: Db, variantId: string): Promise<number> {
  const [row] = await queryRows<{ level: number }>(
    db,
    sql`SELECT inventory_level AS level FROM product_variants WHERE id = ${variantId}`,
  );
  return Number(row?.level);
}

export async function confirmationEmails(db: Db) {
  return queryRows<{ to: string; subject: string; text: string; html: string | null; status: string }>(
    db,
    sql`SELECT "to", subject, text, html, status FROM email_outbox WHERE kind = 'order_confirmation' ORDER BY created_at`,
  );
}

export async function cartLinesOf(db: Db, userId: string) {
  return queryRows<{ product_id: string; variant_id: string | null; quantity: number }>(
    db,
    sql`SELECT product_id, variant_id, quantity FROM cart_items WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
}

/** Moves a checkout's reservation (and its local payment session) into the past. */
export async function expireNow(db: Db, sessionId: string): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE payment_session_id = ${sessionId}`,
  );
  await db.execute(
    sql`UPDATE payment_sessions SET expires_at = now() - interval '1 minute' WHERE id = ${sessionId}`,
  );
}

/** True when the tests run on a real PostgreSQL (concurrency is only meaningful there). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
