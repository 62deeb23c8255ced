import { createHash, randomBytes } from 'node:crypto';
import type { RecoveredCart } from '@cartwheel/shared/contracts/marketing';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { orderBaseAmount } from '../orders/order-sql.ts';
import { loadMarketingSettings } from './marketing-settings.ts';
import { unsubscribeLinks } from './unsubscribe.ts';

export interface MarketingContext {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl' | 'authSecret' | 'checkout'>;
  mailer: Mailer;
}

/** A recovery link opens the cart for this long after the email. */
export const RECOVERY_LINK_DAYS = 30;
/** A paid order counts as recovered when it follows the email within this many days. */
export const RECOVERY_WINDOW_DAYS = 30;
/** Checkouts older than the delay plus this are not emailed (turning recovery on is not a blast). */
const LOOKBACK_MINUTES = 2 * 24 * 60;

export const recoveryPath = (token: string) => `/cart/recover/${token}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface DueCheckout {
  id: string;
  email: string;
  first_name: string | null;
  total_amount: number;
  currency: string;
}

/**
 * Sends the abandoned-checkout email for every checkout that is due at `now`, when the shop has
 * turned recovery on. A checkout is due when it was started with an email, was never paid, began at
 * least the configured delay ago, and is the address's newest checkout; the shopper consented to
 * marketing email (at that checkout or on their account) and has not unsubscribed since; and no
 * recovery email went to the address in the last day. Each checkout gets at most one email, even
 * with several processes: the row in abandoned_checkout_emails is the claim, inserted with the
 * queued email in one transaction (with MAILER=smtp, its email-deliver job too). Returns how many were
 * queued. The abandoned-checkout job runs it once per period across all workers (app.ts).
 */
export async function sendAbandonedCheckoutEmails(
  ctx: MarketingContext,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const settings = await loadMarketingSettings(ctx.db);
  if (!settings.abandoned_enabled) return 0;
  const delaySeconds = settings.abandoned_delay_minutes * ctx.config.checkout.abandonedMinuteSeconds;
  const at = now.toISOString();
  const due = await queryRows<DueCheckout>(
    ctx.db,
    sql`SELECT o.id, o.customer_email AS email, o.customer_first_name AS first_name, o.total_amount, o.currency
      FROM orders o
      WHERE o.order_number IS NULL AND o.customer_email IS NOT NULL
        -- A draft order's payment link is staff's own message to the customer, not an abandoned cart.
        AND o.source = 'web'
        AND o.created_at <= ${at}::timestamptz - make_interval(secs => ${delaySeconds})
        AND o.created_at > ${at}::timestamptz - make_interval(secs => ${delaySeconds + LOOKBACK_MINUTES * 60})
        AND NOT EXISTS (SELECT 1 FROM abandoned_checkout_emails e WHERE e.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM orders n
          WHERE lower(n.customer_email) = lower(o.customer_email) AND n.created_at > o.created_at)
        AND NOT EXISTS (SELECT 1 FROM abandoned_checkout_emails e
          WHERE lower(e.email) = lower(o.customer_email) AND e.sent_at > ${at}::timestamptz - interval '1 day')
        AND (o.marketing_opt_in
          OR EXISTS (SELECT 1 FROM profiles p WHERE p.id = o.customer_id AND p.marketing_opt_in))
        AND NOT EXISTS (SELECT 1 FROM marketing_unsubscribes u
          WHERE u.email = lower(o.customer_email) AND u.unsubscribed_at >= o.created_at)
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
      ORDER BY o.created_at LIMIT 50`,
  );
  let queued = 0;
  for (const checkout of due) {
    // The scheduled job's timeout: the checkouts left are the next run's.
    signal?.throwIfAborted();
    if (await ctx.db.transaction((tx) => queueRecoveryEmail(ctx, tx, checkout, settings, at))) queued++;
  }
  return queued;
}

async function queueRecoveryEmail(
  ctx: MarketingContext,
  tx: Tx,
  checkout: DueCheckout,
  settings: { abandoned_discount_code: string | null },
  at: string,
): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  const [claimed] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO abandoned_checkout_emails (order_id, email, token_hash, discount_code, sent_at)
      VALUES (${checkout.id}, ${checkout.email}, ${hashToken(token)}, ${settings.abandoned_discount_code}, ${at})
      ON CONFLICT (order_id) DO NOTHING RETURNING id`,
  );
  if (!claimed) return false;
  const items = await queryRows<{ name: string; quantity: number; total_amount: number }>(
    tx,
    sql`SELECT CASE WHEN variant_title IS NULL THEN product_name
          ELSE product_name || ' (' || variant_title || ')' END AS name, quantity, total_amount
      FROM order_items WHERE order_id = ${checkout.id} ORDER BY created_at, product_name, id`,
  );
  const email = await composeEmail(
    tx,
    ctx.config,
    'abandoned_checkout',
    checkout.email,
    {
      first_name: checkout.first_name,
      items,
      total_amount: checkout.total_amount,
      currency: checkout.currency,
      url: `${ctx.config.publicUrl}${recoveryPath(token)}`,
      discount_code: settings.abandoned_discount_code,
    },
    unsubscribeLinks(ctx.config, checkout.email),
  );
  await ctx.mailer.queue(tx, email);
  return true;
}

/**
 * The lines of the checkout a recovery link was sent for, to put back in a cart (products since
 * deleted are left out). Records the first click. An unknown, malformed or expired token is a 404.
 */
export async function recoverCart(db: Db, token: string): Promise<RecoveredCart> {
  const invalid = () =>
    new AppError('not_found', 'recovery_link_invalid', 'This cart link is invalid or has expired');
  if (!TOKEN_SHAPE.test(token)) throw invalid();
  const [link] = await queryRows<{ order_id: string; discount_code: string | null }>(
    db,
    sql`UPDATE abandoned_checkout_emails SET clicked_at = coalesce(clicked_at, now())
      WHERE token_hash = ${hashToken(token)}
        AND sent_at > now() - make_interval(days => ${RECOVERY_LINK_DAYS})
      RETURNING order_id, discount_code`,
  );
  if (!link) throw invalid();
  const items = await queryRows<RecoveredCart['items'][number]>(
    db,
    sql`SELECT i.product_id, i.variant_id, i.quantity FROM order_items i
      JOIN products p ON p.id = i.product_id AND p.deleted_at IS NULL
      WHERE i.order_id = ${link.order_id} ORDER BY i.created_at, i.product_name, i.id`,
  );
  return { items, discount_code: link.discount_code };
}

/**
 * Called when a checkout is paid: the newest recovery email to the same address, sent before and
 * within RECOVERY_WINDOW_DAYS, is counted as recovered by this order (once per email, once per order),
 * for the order's total in the base currency (the marketing figures add them up, decision 0070).
 */
export async function markRecovered(tx: Db | Tx, orderId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE abandoned_checkout_emails e
      SET recovered_order_id = o.id, recovered_amount = ${orderBaseAmount('total')}, recovered_at = now()
      FROM orders o
      WHERE o.id = ${orderId} AND o.customer_email IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM abandoned_checkout_emails r WHERE r.recovered_order_id = o.id)
        AND e.id = (SELECT x.id FROM abandoned_checkout_emails x
          WHERE lower(x.email) = lower(o.customer_email) AND x.recovered_order_id IS NULL
            AND x.sent_at <= now() AND x.sent_at > now() - make_interval(days => ${RECOVERY_WINDOW_DAYS})
          ORDER BY x.sent_at DESC LIMIT 1)`,
  );
}
