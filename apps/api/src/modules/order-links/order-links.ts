import { createHash, randomBytes } from 'node:crypto';
import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { localeOfPrefix, localizePath } from '@cartwheel/shared/locale';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { type OrderRow, orderSelect, toOrderDetail } from '../orders/customer-orders.service.ts';

/**
 * Signed order links: the guest's confirmation email opens the order's page with a random token
 * (32 bytes, base64url: 43 URL-safe characters, which the outbox masks outside development). Only
 * the token's SHA-256 is stored; a link lasts ORDER_LINK_DAYS and staff can revoke it.
 */
export const ORDER_LINK_DAYS = 90;

/** The storefront page a link opens (the token is the last path segment). */
export const orderLinkPath = (token: string) => `/orders/view/${token}`;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a link to the order and returns its token (shown once, in the email). */
export async function createOrderLink(tx: Db | Tx, orderId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.execute(
    sql`INSERT INTO order_access_links (order_id, token_hash, expires_at)
      VALUES (${orderId}, ${hashToken(token)}, now() + make_interval(days => ${ORDER_LINK_DAYS}))`,
  );
  return token;
}

const linkNotFound = () =>
  new AppError('not_found', 'order_link_invalid', 'This order link is invalid or has expired');

/**
 * The order a link opens. An unknown, malformed, expired or revoked token, or one whose order is
 * gone, all answer the same 404, so an answer tells nothing about which.
 */
export async function orderByLink(db: Db, token: string): Promise<CustomerOrderDetail> {
  const [row] = await queryRows<OrderRow>(
    db,
    orderSelect(sql`o.id = ${await linkedOrderId(db, token)} AND o.order_number IS NOT NULL`, true),
  );
  if (!row) throw linkNotFound();
  return toOrderDetail(db, row);
}

/** The id of the order a link opens (the returns a guest asks for go through it); the same 404s. */
export async function linkedOrderId(db: Db, token: string): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw linkNotFound();
  const [link] = await queryRows<{ order_id: string }>(
    db,
    sql`UPDATE order_access_links SET last_used_at = now()
      WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL AND expires_at > now()
      RETURNING order_id`,
  );
  if (!link) throw linkNotFound();
  return link.order_id;
}

/** Ends every link to the order at once; returns how many were still open. 404 for no such order. */
export async function revokeOrderLinks(db: Db, orderId: string): Promise<number> {
  const [row] = await queryRows<{ found: boolean; revoked: number }>(
    db,
    sql`WITH revoked AS (
        UPDATE order_access_links SET revoked_at = now()
        WHERE order_id = ${orderId} AND revoked_at IS NULL RETURNING id)
      SELECT EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND order_number IS NOT NULL) AS found,
        (SELECT count(*)::int FROM revoked) AS revoked`,
  );
  if (!row?.found) throw new AppError('not_found', 'order_not_found', 'Order not found');
  return row.revoked;
}

/**
 * Gives a verified account the guest orders placed with its email: paid orders without a customer.
 * Their emailed links end then: the account is the way in from now on. Idempotent. Called once the
 * address is proven (email verification).
 */
export async function attachGuestOrders(db: Db, userId: string, email: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH attached AS (
        UPDATE orders SET customer_id = ${userId}, updated_at = now()
        WHERE customer_id IS NULL AND order_number IS NOT NULL
          AND lower(customer_email) = lower(${email})
        RETURNING id),
      ended AS (
        UPDATE order_access_links SET revoked_at = now()
        WHERE order_id IN (SELECT id FROM attached) AND revoked_at IS NULL)
      INSERT INTO order_events (order_id, type, message)
      SELECT id, 'attached_to_account', 'Guest order added to the customer''s verified account.' FROM attached
      RETURNING order_id AS id`,
  );
  return rows.length;
}

/**
 * Emails a guest a new link to their order (when the confirmation went missing or its links were
 * revoked). Only a paid guest order with an email has one; an account holder signs in instead.
 */
export async function sendOrderLink(
  ctx: { db: Db; config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl'>; mailer: Mailer },
  orderId: string,
): Promise<{ to: string }> {
  const [order] = await queryRows<{
    order_number: number;
    customer_id: string | null;
    customer_email: string | null;
    customer_first_name: string | null;
    locale: string;
  }>(
    ctx.db,
    sql`SELECT order_number, customer_id, customer_email, customer_first_name, locale FROM orders
      WHERE id = ${orderId} AND order_number IS NOT NULL`,
  );
  if (!order) throw new AppError('not_found', 'order_not_found', 'Order not found');
  if (order.customer_id || !order.customer_email) {
    throw new AppError('conflict', 'not_a_guest_order', 'Only a guest order gets a link by email');
  }
  const token = await createOrderLink(ctx.db, orderId);
  const email = await composeEmail(ctx.db, ctx.config, 'guest_order_link', order.customer_email, {
    first_name: order.customer_first_name,
    order_number: Number(order.order_number),
    // The link opens the shop in the language the order was placed in, as the email is written.
    url: `${ctx.config.publicUrl}${localizePath(orderLinkPath(token), localeOfPrefix(order.locale)?.prefix ?? '')}`,
    locale: order.locale,
  });
  await ctx.mailer.send(email);
  return { to: order.customer_email };
}
