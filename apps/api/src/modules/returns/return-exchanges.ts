import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import { reserveStock, restoreStock, type StockLine } from '../checkout/stock.ts';
import { setStockContext } from '../checkout/stock-context.ts';
import { returnItems } from './returns.schema.ts';

// Exchanges (decision 0086): a return line asks for another variant of the same product instead of
// money. Its units are taken from stock at approval, given back if the return is closed unreceived.

/** The price and title of an exchange variant, as the variant sells now. */
export const EXCHANGE_VARIANT_SQL = (variant: string) =>
  sql`COALESCE(${sql.identifier(variant)}.sale_price, ${sql.identifier(variant)}.price)`;

/**
 * An exchange as a return item reads it, for the return item aliased `ri` (null when none); its price
 * is the replacement's order line once received (in the order's currency), before that the variant's.
 */
export const EXCHANGE_JSON = sql`(SELECT json_build_object('variant_id', xv.id,
    'title', COALESCE(${variantTitleSql('xv')}, xv.sku),
    'price', COALESCE((SELECT x.price_per_item FROM order_items x WHERE x.id = ri.exchange_order_item_id),
      ${EXCHANGE_VARIANT_SQL('xv')}),
    'reserved', ri.exchange_reserved)
  FROM product_variants xv WHERE xv.id = ri.exchange_variant_id)`;

/** A return's replacements as "name × quantity" lines, for its emails. */
export async function exchangeNames(db: Db | Tx, returnId: string) {
  const rows = await queryRows<{ name: string; quantity: number }>(
    db,
    sql`SELECT i.product_name || COALESCE(' (' || COALESCE(${variantTitleSql('v')}, v.sku) || ')', '') AS name,
        ri.quantity
      FROM return_items ri JOIN order_items i ON i.id = ri.order_item_id
      JOIN product_variants v ON v.id = ri.exchange_variant_id
      WHERE ri.return_id = ${returnId} ORDER BY i.created_at, i.id`,
  );
  return rows.map((r) => ({ name: r.name, quantity: Number(r.quantity) }));
}

/** Per order line, the other variants of its product in stock: what it may be exchanged for. */
export async function exchangeChoices(db: Db, orderId: string) {
  const rows = await queryRows<{ order_item_id: string; id: string; title: string; price: number }>(
    db,
    sql`SELECT i.id AS order_item_id, v.id, COALESCE(${variantTitleSql('v')}, v.sku) AS title,
        ${EXCHANGE_VARIANT_SQL('v')} AS price
      FROM order_items i JOIN product_variants v ON v.product_id = i.product_id
      WHERE i.order_id = ${orderId} AND v.id IS DISTINCT FROM i.variant_id AND v.inventory_level > 0
      ORDER BY v.created_at, v.id`,
  );
  const choices = new Map<string, Array<{ id: string; title: string; price: number }>>();
  for (const r of rows) {
    const list = choices.get(r.order_item_id) ?? [];
    list.push({ id: r.id, title: r.title, price: Number(r.price) });
    choices.set(r.order_item_id, list);
  }
  return choices;
}

/**
 * Checks the exchanges a return request asks for: each variant must be of the line's own product and
 * have the units in stock now (they are taken only at approval). 422 / 409 otherwise, before anything
 * is written.
 */
export async function checkExchangeRequest(
  tx: Tx,
  orderId: string,
  items: Array<{ order_item_id: string; quantity: number; exchange_variant_id?: string | undefined }>,
): Promise<void> {
  for (const item of items) {
    if (!item.exchange_variant_id) continue;
    const [row] = await queryRows<{ product_name: string; same: boolean; stock: number }>(
      tx,
      sql`SELECT i.product_name, (v.product_id = i.product_id AND v.id IS DISTINCT FROM i.variant_id) AS same,
          v.inventory_level AS stock
        FROM order_items i JOIN product_variants v ON v.id = ${item.exchange_variant_id}
        WHERE i.id = ${item.order_item_id} AND i.order_id = ${orderId}`,
    );
    if (!row?.same) {
      throw new AppError(
        'unprocessable',
        'exchange_variant_invalid',
        'An exchange must be for another variant of the same product',
      );
    }
    if (Number(row.stock) < item.quantity) {
      throw new AppError(
        'conflict',
        'exchange_out_of_stock',
        `The variant asked for in exchange for ${row.product_name} is out of stock`,
      );
    }
  }
}

async function exchangeLines(tx: Tx, returnId: string, reserved: boolean) {
  const rows = await queryRows<{
    id: string;
    product_id: string;
    variant_id: string;
    quantity: number;
    label: string;
  }>(
    tx,
    sql`SELECT ri.id, v.product_id, v.id AS variant_id, ri.quantity, i.product_name AS label
      FROM return_items ri JOIN order_items i ON i.id = ri.order_item_id
      JOIN product_variants v ON v.id = ri.exchange_variant_id
      WHERE ri.return_id = ${returnId} AND ri.exchange_reserved = ${reserved}`,
  );
  const stock: StockLine[] = rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    quantity: Number(r.quantity),
    label: r.label,
  }));
  return { ids: rows.map((r) => r.id), stock };
}

/**
 * Takes the units of a return's exchanges from stock, through the checkout's stock code (never below
 * zero), when the return is approved; 409 when they are no longer there. Answers the units taken.
 */
export async function reserveExchanges(tx: Tx, returnId: string): Promise<number> {
  const { ids, stock } = await exchangeLines(tx, returnId, false);
  if (!ids.length) return 0;
  await setStockContext(tx, { reason: 'exchange', ref: await orderOfReturn(tx, returnId) });
  const taken = await reserveStock(tx, stock);
  if (!taken.ok) {
    throw new AppError(
      'conflict',
      'exchange_out_of_stock',
      `The variant asked for in exchange for ${taken.line.label} is out of stock (${taken.available} left): decline the return or ask the shopper to choose another`,
    );
  }
  await setReserved(tx, returnId, ids, true);
  return stock.reduce((sum, line) => sum + line.quantity, 0);
}

/** Gives back the units held for a return's exchanges (the return closed before its parcel came). */
export async function releaseExchanges(tx: Tx, returnId: string): Promise<number> {
  const { ids, stock } = await exchangeLines(tx, returnId, true);
  if (!ids.length) return 0;
  await setStockContext(tx, { reason: 'exchange', ref: await orderOfReturn(tx, returnId) });
  await restoreStock(tx, stock);
  await setReserved(tx, returnId, ids, false);
  return stock.reduce((sum, line) => sum + line.quantity, 0);
}

async function setReserved(tx: Tx, returnId: string, ids: string[], reserved: boolean) {
  for (const id of ids) {
    await tx
      .update(returnItems)
      .set({ exchangeReserved: reserved })
      .where(and(eq(returnItems.id, id), eq(returnItems.returnId, returnId)));
  }
}

/** The order a return belongs to: the stock history's reference for its exchanges. */
async function orderOfReturn(tx: Tx, returnId: string): Promise<string | null> {
  const [row] = await queryRows<{ order_id: string }>(
    tx,
    sql`SELECT order_id FROM returns WHERE id = ${returnId}::uuid`,
  );
  return row?.order_id ?? null;
}
