import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import { composeEmail, shopOf } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { localShopUrl } from '../email/templates/template.ts';
import { unsubscribeLinks } from '../marketing/unsubscribe.ts';

export interface StockAlertsContext {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl' | 'authSecret'>;
  mailer: Mailer;
}

interface Notified {
  id: string;
  email: string;
  locale: string | null;
}

/**
 * Emails the shoppers waiting for each item whose stock came back (stock_alert_restocks, written by
 * a trigger on every stock change, one row per transaction): in the order they asked, no more of them
 * than the units that came back (the transactions' net rises; nor than the stock now), each
 * subscription once. An item's restock rows, its subscriptions'
 * `notified` marks and their queued emails commit in one transaction, so a retried or concurrent run
 * finds nothing left to send. A subscriber who unsubscribed after asking is cancelled, not emailed.
 * Returns how many emails were queued. The stock-alerts job runs it once per period (app.ts).
 */
export async function sendStockAlerts(ctx: StockAlertsContext, signal?: AbortSignal): Promise<number> {
  const items = await queryRows<{ item: string }>(
    ctx.db,
    sql`SELECT DISTINCT coalesce(variant_id, product_id) AS item FROM stock_alert_restocks LIMIT 100`,
  );
  let sent = 0;
  for (const { item } of items) {
    signal?.throwIfAborted();
    sent += await ctx.db.transaction((tx) => notifyItem(ctx, tx, item));
  }
  return sent;
}

async function notifyItem(ctx: StockAlertsContext, tx: Tx, item: string): Promise<number> {
  // The restocks another run holds are its own: this run leaves them (SKIP LOCKED).
  const [taken] = await queryRows<{ units: number }>(
    tx,
    sql`WITH taken AS (DELETE FROM stock_alert_restocks WHERE id IN (
          SELECT id FROM stock_alert_restocks WHERE coalesce(variant_id, product_id) = ${item}::uuid
          FOR UPDATE SKIP LOCKED)
        RETURNING units)
      SELECT coalesce(sum(greatest(units, 0)), 0)::int AS units FROM taken`,
  );
  if (!taken?.units) return 0;
  const [product] = await queryRows<{
    name: string;
    slug: string;
    stock: number;
    variant_title: string | null;
  }>(
    tx,
    sql`SELECT p.name, p.slug, coalesce(v.inventory_level, p.inventory_level) AS stock,
        CASE WHEN v.id IS NULL THEN NULL ELSE ${variantTitleSql('v')} END AS variant_title
      FROM products p LEFT JOIN product_variants v ON v.id = ${item}::uuid AND v.product_id = p.id
      WHERE p.id = coalesce((SELECT product_id FROM product_variants WHERE id = ${item}::uuid), ${item}::uuid)
        AND p.is_visible AND p.deleted_at IS NULL`,
  );
  if (!product || product.stock <= 0) return 0;
  await tx.execute(
    sql`UPDATE stock_alerts a SET status = 'cancelled'
      FROM marketing_unsubscribes u
      WHERE coalesce(a.variant_id, a.product_id) = ${item}::uuid AND a.status = 'waiting'
        AND u.email = a.email AND u.unsubscribed_at >= a.created_at`,
  );
  const notified = await queryRows<Notified>(
    tx,
    sql`UPDATE stock_alerts SET status = 'notified', notified_at = now()
      WHERE id IN (SELECT id FROM stock_alerts
        WHERE coalesce(variant_id, product_id) = ${item}::uuid AND status = 'waiting'
        ORDER BY created_at, id LIMIT ${Math.min(taken.units, product.stock)}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, email, locale`,
  );
  const name = product.variant_title ? `${product.name} (${product.variant_title})` : product.name;
  const shop = await shopOf(tx, ctx.config);
  for (const row of notified) {
    const email = await composeEmail(
      tx,
      ctx.config,
      'back_in_stock',
      row.email,
      {
        product_name: name,
        url: localShopUrl(shop, `/product/${encodeURIComponent(product.slug)}`, row.locale),
        locale: row.locale,
      },
      unsubscribeLinks(ctx.config, row.email),
    );
    await ctx.mailer.queue(tx, email);
  }
  return notified.length;
}
