import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { WebhookEmitter } from '../apps/webhook-events.ts';
import type { StockRow } from './stock.ts';

/**
 * After `rows` were taken out of stock: an `inventory.low` event for each product or variant whose
 * level this take brought down to its warning level or below (it was above before), so a receiver
 * hears once per crossing rather than on every sale of an item already low.
 */
export async function emitLowStock(tx: Tx, webhooks: WebhookEmitter, rows: StockRow[]): Promise<void> {
  const taken = JSON.stringify(rows.map((r) => ({ table: r.table, id: r.id, quantity: r.quantity })));
  const low = await queryRows<object>(
    tx,
    sql`WITH taken AS (
          SELECT * FROM jsonb_to_recordset(${taken}::jsonb) AS x("table" text, id uuid, quantity int)
        )
        SELECT p.id AS product_id, NULL::uuid AS variant_id, p.name, p.sku, p.inventory_level, p.inventory_warning_level
        FROM taken t JOIN products p ON t."table" = 'products' AND p.id = t.id
        WHERE p.inventory_level <= p.inventory_warning_level AND p.inventory_level + t.quantity > p.inventory_warning_level
        UNION ALL
        SELECT v.product_id, v.id, p.name, v.sku, v.inventory_level, v.inventory_warning_level
        FROM taken t JOIN product_variants v ON t."table" = 'product_variants' AND v.id = t.id
          JOIN products p ON p.id = v.product_id
        WHERE v.inventory_level <= v.inventory_warning_level AND v.inventory_level + t.quantity > v.inventory_warning_level`,
  );
  for (const item of low) await webhooks.emit(tx, 'inventory.low', { object: 'inventory_level', ...item });
}
