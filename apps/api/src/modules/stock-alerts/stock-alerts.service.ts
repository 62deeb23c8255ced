import type { StockAlertBody } from '@cartwheel/shared/contracts/stock-alerts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';

interface ItemFacts {
  product_found: boolean;
  has_variants: boolean;
  variant_found: boolean;
  stock: number;
}

/**
 * Asks for an email when a sold-out product or variant is back: refused (writing nothing) for an
 * unknown or hidden product, a variant of another product, a product with variants named without
 * one, or an item in stock. Asking again while waiting keeps the first place in the queue.
 */
export async function subscribe(
  db: Db,
  input: Pick<StockAlertBody, 'product_id'> & {
    email: string;
    variant_id: string | null;
    userId: string | null;
    locale?: string;
  },
): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  const [item] = await queryRows<ItemFacts>(
    db,
    sql`SELECT true AS product_found,
        EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) AS has_variants,
        v.id IS NOT NULL AS variant_found,
        coalesce(v.inventory_level, p.inventory_level) AS stock
      FROM products p
      LEFT JOIN product_variants v ON v.id = ${input.variant_id}::uuid AND v.product_id = p.id
      WHERE p.id = ${input.product_id} AND p.is_visible AND p.deleted_at IS NULL`,
  );
  if (!item) throw new AppError('not_found', 'product_not_found', 'Product not found');
  if (input.variant_id !== null && !item.variant_found) {
    throw new AppError('not_found', 'variant_not_found', 'Variant not found');
  }
  if (input.variant_id === null && item.has_variants) {
    throw new AppError('invalid', 'variant_required', 'Please choose the options of this product');
  }
  if (item.stock > 0)
    throw new AppError('conflict', 'in_stock', 'This product is in stock: you can buy it now');
  await db.execute(
    sql`INSERT INTO stock_alerts (product_id, variant_id, email, user_id, locale)
      VALUES (${input.product_id}, ${input.variant_id}, ${email}, ${input.userId}, ${input.locale ?? null})
      ON CONFLICT (coalesce(variant_id, product_id), email) WHERE status = 'waiting' DO NOTHING`,
  );
  return { email };
}

/** The back office's "Waiting for stock": every item someone waits for, most waited-for first. */
export async function listWaiting(db: Db) {
  const items = await queryRows<{
    product_id: string;
    variant_id: string | null;
    product_name: string;
    variant_title: string | null;
    sku: string;
    inventory_level: number;
    waiting: number;
    oldest_at: string;
  }>(
    db,
    sql`SELECT w.product_id, w.variant_id, p.name AS product_name,
        CASE WHEN v.id IS NULL THEN NULL ELSE ${variantTitleSql('v')} END AS variant_title,
        coalesce(v.sku, p.sku) AS sku, coalesce(v.inventory_level, p.inventory_level) AS inventory_level,
        w.waiting, to_json(w.oldest_at) #>> '{}' AS oldest_at
      FROM (SELECT product_id, variant_id, count(*)::int AS waiting, min(created_at) AS oldest_at
        FROM stock_alerts WHERE status = 'waiting' GROUP BY product_id, variant_id) w
      JOIN products p ON p.id = w.product_id
      LEFT JOIN product_variants v ON v.id = w.variant_id
      ORDER BY w.waiting DESC, w.oldest_at, p.name, w.variant_id
      LIMIT 500`,
  );
  return { items: items.map((i) => ({ ...i, oldest_at: new Date(i.oldest_at).toISOString() })) };
}

/** Who waits for one item, in the order they asked (the order they will be emailed in). */
export async function listSubscribers(db: Db, productId: string, variantId: string | null) {
  const rows = await queryRows<{ id: string; email: string; customer_id: string | null; created_at: string }>(
    db,
    sql`SELECT id, email, user_id AS customer_id, to_json(created_at) #>> '{}' AS created_at
      FROM stock_alerts
      WHERE coalesce(variant_id, product_id) = ${variantId ?? productId}::uuid AND product_id = ${productId}
        AND status = 'waiting'
      ORDER BY created_at, id LIMIT 1000`,
  );
  return { items: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) };
}
