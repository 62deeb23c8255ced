import { formatMoney } from '@cartwheel/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import { reserveStock, restoreStock, type StockLine } from '../checkout/stock.ts';
import { setStockContext } from '../checkout/stock-context.ts';
import { composeEmail } from '../email/email-templates.ts';
import { editPaymentUrl } from '../order-edits/order-edit-payments.ts';
import type { OrderEditChange } from '../orders/order-edits.schema.ts';
import { orderRecipient } from '../orders/order-emails.ts';
import { addEvent } from '../orders/order-steps.ts';
import { type PendingRefund, reserveEditRefund } from '../orders/refund-order.ts';
import type { ReturnContext } from './return-emails.ts';
import { returnItems } from './returns.schema.ts';

// Exchanges (decision 0086): a return line asks for another variant of the same product instead of
// money. Its units are taken from stock at approval, given back if the return is closed unreceived.

/** The price and title of an exchange variant, as the variant sells now. */
export const EXCHANGE_VARIANT_SQL = (variant: string) =>
  sql`COALESCE(${sql.identifier(variant)}.sale_price, ${sql.identifier(variant)}.price)`;

/** An exchange as a return item reads it, for the return item aliased `ri` (null when none). */
export const EXCHANGE_JSON = sql`(SELECT json_build_object('variant_id', xv.id,
    'title', COALESCE(${variantTitleSql('xv')}, xv.sku), 'price', ${EXCHANGE_VARIANT_SQL('xv')},
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

interface HeldExchange {
  id: string;
  order_item_id: string;
  quantity: number;
  product_name: string;
  old_title: string | null;
  old_price: number;
  variant_id: string;
  product_id: string;
  sku: string;
  new_title: string | null;
  new_price: number;
}

/** What receiving a return's exchanges settled: the edit, and a refund or a payment link. */
export interface ExchangeSettlement {
  difference: number;
  refund: PendingRefund | null;
  paymentUrl: string | null;
}

/**
 * Receiving a return with exchanges, inside its transaction under the order's lock: each held
 * replacement becomes a new order line to ship (at the variant's price now), the returned units are
 * counted as refunded (the replacement pays for them; they are never refunded again), and the
 * difference is settled as an order edit (decision 0087): nothing when the prices are equal, an amount
 * due paid through the edit's payment link (the replacement ships once paid), or a refund of what is
 * over (its pending refund written here; the caller pays it after commit).
 */
export async function settleExchanges(
  tx: Tx,
  ctx: ReturnContext,
  order: ExchangeOrder,
  returnId: string,
  rma: string,
  actorId: string | null,
): Promise<ExchangeSettlement | null> {
  const held = await queryRows<HeldExchange>(
    tx,
    sql`SELECT ri.id, ri.order_item_id, ri.quantity, i.product_name, i.variant_title AS old_title,
        i.price_per_item AS old_price, v.id AS variant_id, v.product_id, v.sku,
        ${variantTitleSql('v')} AS new_title, ${EXCHANGE_VARIANT_SQL('v')} AS new_price
      FROM return_items ri JOIN order_items i ON i.id = ri.order_item_id
      JOIN product_variants v ON v.id = ri.exchange_variant_id
      WHERE ri.return_id = ${returnId} AND ri.exchange_reserved AND ri.exchange_order_item_id IS NULL
      ORDER BY i.created_at, i.id`,
  );
  if (!held.length) return null;
  const changes: OrderEditChange[] = [];
  let difference = 0;
  const added: Array<{ id: string; line: string }> = [];
  for (const h of held) {
    const quantity = Number(h.quantity);
    const newPrice = Number(h.new_price);
    difference += (newPrice - Number(h.old_price)) * quantity;
    const [line] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO order_items (order_id, product_id, variant_id, product_name, variant_title, product_sku,
          image_url, quantity, price_per_item, total_amount)
        SELECT order_id, ${h.product_id}::uuid, ${h.variant_id}::uuid, product_name, ${h.new_title}, ${h.sku},
          image_url, ${quantity}, ${newPrice}, ${newPrice * quantity}
        FROM order_items WHERE id = ${h.order_item_id}::uuid
        RETURNING id`,
    );
    await tx.execute(
      sql`UPDATE order_items SET refunded_quantity = refunded_quantity + ${quantity} WHERE id = ${h.order_item_id}::uuid`,
    );
    const oldName = h.old_title ? `${h.product_name} (${h.old_title})` : h.product_name;
    const newName = h.new_title ? `${h.product_name} (${h.new_title})` : h.product_name;
    changes.push({ kind: 'removed', name: oldName, from: quantity, to: 0 });
    changes.push({ kind: 'added', name: newName, from: 0, to: quantity });
    added.push({ id: h.id, line: line!.id });
  }
  const totalAfter = order.totalAmount + difference;
  const due = Math.max(0, difference);
  // The base currency amounts move in the order's own proportion (its exchange rate at the sale).
  await tx.execute(
    sql`UPDATE orders SET subtotal_amount = subtotal_amount + ${difference}, total_amount = total_amount + ${difference},
        base_subtotal_amount = base_subtotal_amount + round(${difference}::numeric * base_total_amount / GREATEST(total_amount, 1)),
        base_total_amount = base_total_amount + round(${difference}::numeric * base_total_amount / GREATEST(total_amount, 1)),
        fulfillment_status = 'partial', updated_at = now()
      WHERE id = ${order.id}::uuid`,
  );
  const [edit] = await queryRows<{ id: string; created_at: string }>(
    tx,
    sql`INSERT INTO order_edits (order_id, status, currency, total_before, total_after, amount_due, changes, created_by)
      VALUES (${order.id}::uuid, ${due > 0 ? 'awaiting_payment' : 'committed'}, ${order.currency},
        ${order.totalAmount}, ${totalAfter}, ${due}, ${JSON.stringify(changes)}::jsonb, ${actorId}::uuid)
      RETURNING id, to_json(created_at) #>> '{}' AS created_at`,
  );
  for (const a of added) {
    await tx
      .update(returnItems)
      .set({ exchangeOrderItemId: a.line, exchangeEditId: edit!.id })
      .where(eq(returnItems.id, a.id));
  }
  const settled =
    difference > 0
      ? ` ${formatMoney(difference, order.currency)} is due from the buyer: the replacement ships once it is paid.`
      : difference < 0
        ? ` ${formatMoney(-difference, order.currency)} goes back to the buyer.`
        : ' The prices are the same: nothing to pay.';
  await addEvent(
    tx,
    order.id,
    actorId,
    'return_exchanged',
    `Return ${rma}: ${changes
      .filter((c) => c.kind === 'added')
      .map((c) => `${c.name} × ${c.to}`)
      .join(', ')} to ship in exchange.${settled}`,
    { edit_id: edit!.id, changes, difference },
  );
  const refund =
    difference < 0
      ? await reserveEditRefund(
          tx,
          {
            id: order.id,
            currency: order.currency,
            provider: order.paymentProvider ?? 'manual',
            sessionId: order.paymentSessionId,
            totalBefore: order.totalAmount,
          },
          { amount: -difference, editId: edit!.id, actorId },
        )
      : null;
  const paymentUrl = due > 0 ? editPaymentUrl(ctx.config, edit!.id, edit!.created_at) : null;
  const recipient = await orderRecipient(tx, order.id, ctx.config);
  if (recipient) {
    const email = await composeEmail(tx, ctx.config, 'order_updated', recipient.to, {
      ...recipient,
      changes,
      total: totalAfter,
      currency: order.currency,
      amount_due: due,
      refund_amount: Math.max(0, -difference),
      pay_url: paymentUrl,
    });
    await ctx.mailer.queue(tx, email);
  }
  return { difference, refund, paymentUrl };
}

/** The order as receiving an exchange needs it (read under its lock). */
export interface ExchangeOrder {
  id: string;
  currency: string;
  totalAmount: number;
  paymentProvider: string | null;
  paymentSessionId: string | null;
}

/** The order a return belongs to: the stock history's reference for its exchanges. */
async function orderOfReturn(tx: Tx, returnId: string): Promise<string | null> {
  const [row] = await queryRows<{ order_id: string }>(
    tx,
    sql`SELECT order_id FROM returns WHERE id = ${returnId}::uuid`,
  );
  return row?.order_id ?? null;
}
