import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { unsubscribeLinks } from '../marketing/unsubscribe.ts';
import { reviewToken, reviewUrl } from './review-links.ts';
import { loadReviewSettings } from './review-settings.ts';

export interface ReviewRequestContext {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl' | 'authSecret'>;
  mailer: Mailer;
}

/** Orders delivered longer ago than the delay plus this are not asked (turning requests on is not a blast). */
const LOOKBACK_DAYS = 14;
const BATCH = 50;

interface DueOrder {
  id: string;
  email: string;
  first_name: string | null;
  locale: string;
}

/**
 * Emails a review request for every delivered order that is due at `now`, when the shop turned
 * requests on: delivered (its last shipment) at least the configured days ago, never asked before,
 * and to an address that has not unsubscribed from the shop's marketing email. The email links
 * each product of the order the buyer has not reviewed yet to its signed review form. Each order
 * gets at most one email, even with several processes: the review_requests row is the claim,
 * inserted with the queued email in one transaction. Returns how many were queued.
 */
export async function sendReviewRequests(ctx: ReviewRequestContext, now: Date, signal?: AbortSignal) {
  const settings = await loadReviewSettings(ctx.db);
  if (!settings.request_enabled) return 0;
  const at = now.toISOString();
  const delay = settings.request_delay_days;
  const due = await queryRows<DueOrder>(
    ctx.db,
    sql`SELECT o.id, lower(o.customer_email) AS email, o.customer_first_name AS first_name, o.locale
      FROM orders o
      CROSS JOIN LATERAL (SELECT max(f.delivered_at) AS delivered_at FROM fulfilments f WHERE f.order_id = o.id) d
      WHERE o.status = 'delivered' AND o.customer_email IS NOT NULL
        AND d.delivered_at <= ${at}::timestamptz - make_interval(days => ${delay})
        AND d.delivered_at > ${at}::timestamptz - make_interval(days => ${delay + LOOKBACK_DAYS})
        AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM marketing_unsubscribes u WHERE u.email = lower(o.customer_email))
      ORDER BY d.delivered_at LIMIT ${BATCH}`,
  );
  let queued = 0;
  for (const order of due) {
    // The scheduled job's timeout: the orders left are the next run's.
    signal?.throwIfAborted();
    if (await ctx.db.transaction((tx) => queueRequest(ctx, tx, order, now))) queued++;
  }
  return queued;
}

async function queueRequest(ctx: ReviewRequestContext, tx: Tx, order: DueOrder, now: Date): Promise<boolean> {
  const [claimed] = await queryRows<{ order_id: string }>(
    tx,
    sql`INSERT INTO review_requests (order_id, email, sent_at) VALUES (${order.id}, ${order.email}, ${now.toISOString()})
      ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
  );
  if (!claimed) return false;
  const products = await queryRows<{ id: string; name: string }>(
    tx,
    sql`SELECT p.id, p.name FROM products p
      WHERE p.deleted_at IS NULL
        AND p.id IN (SELECT i.product_id FROM order_items i WHERE i.order_id = ${order.id})
        AND NOT EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = p.id AND r.email = ${order.email})
      ORDER BY p.name, p.id`,
  );
  // Claimed either way: an order whose products are all reviewed (or gone) is not asked again.
  if (products.length === 0) return false;
  const email = await composeEmail(
    tx,
    ctx.config,
    'review_request',
    order.email,
    {
      first_name: order.first_name,
      locale: order.locale,
      products: products.map((p) => ({
        name: p.name,
        url: reviewUrl(ctx.config, reviewToken(ctx.config, order.id, p.id, now)),
      })),
    },
    unsubscribeLinks(ctx.config, order.email),
  );
  await ctx.mailer.queue(tx, email);
  return true;
}
