import type { StockTransfer, StockTransferInput } from '@cartwheel/shared/contracts/locations';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import type { StockLine } from '../checkout/stock.ts';
import { locationShort, moveAtLocation } from './location-stock.ts';
import { getLocation, resolveItem } from './locations.service.ts';

// Transfers between locations: a draft; sent (its units leave the origin and show as incoming at the
// destination); received (they arrive); cancelled (a sent one's units go back to the origin).

type DbOrTx = Db | Tx;

const TRANSFER_SQL = sql`SELECT t.id, t.origin_id, o.name AS origin_name, t.destination_id, d.name AS destination_name,
    t.status, t.note, to_json(t.created_at) #>> '{}' AS created_at, to_json(t.sent_at) #>> '{}' AS sent_at,
    to_json(t.received_at) #>> '{}' AS received_at, to_json(t.cancelled_at) #>> '{}' AS cancelled_at,
    (SELECT COALESCE(json_agg(json_build_object('product_id', tl.product_id, 'variant_id', tl.variant_id,
        'label', CASE WHEN v.id IS NULL THEN p.name ELSE p.name || ' (' || coalesce(${variantTitleSql('v')}, v.sku) || ')' END,
        'sku', coalesce(v.sku, p.sku), 'quantity', tl.quantity) ORDER BY p.name, v.sku), '[]'::json)
      FROM stock_transfer_lines tl JOIN products p ON p.id = tl.product_id
      LEFT JOIN product_variants v ON v.id = tl.variant_id WHERE tl.transfer_id = t.id) AS lines
  FROM stock_transfers t JOIN stock_locations o ON o.id = t.origin_id JOIN stock_locations d ON d.id = t.destination_id`;

export async function listTransfers(db: DbOrTx): Promise<StockTransfer[]> {
  return queryRows<StockTransfer>(db, sql`${TRANSFER_SQL} ORDER BY t.created_at DESC, t.id LIMIT 200`);
}

export async function getTransfer(db: DbOrTx, id: string): Promise<StockTransfer> {
  const [row] = await queryRows<StockTransfer>(db, sql`${TRANSFER_SQL} WHERE t.id = ${id}::uuid`);
  if (!row) throw notFound('transfer_not_found', 'Transfer not found');
  return row;
}

export async function createTransfer(
  tx: Tx,
  input: StockTransferInput,
  staffId: string | null,
): Promise<StockTransfer> {
  await getLocation(tx, input.origin_id);
  await getLocation(tx, input.destination_id);
  const lines = await Promise.all(input.lines.map((l) => resolveItem(tx, l, l.quantity)));
  const keys = new Set(lines.map((l) => l.variantId ?? l.productId));
  if (keys.size !== lines.length) {
    throw new AppError('invalid', 'duplicate_line', 'Each item is listed once', [
      { field: 'body.lines', message: 'Each item is listed once' },
    ]);
  }
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO stock_transfers (origin_id, destination_id, note, created_by)
      VALUES (${input.origin_id}::uuid, ${input.destination_id}::uuid, ${input.note}, ${staffId}::uuid) RETURNING id`,
  );
  const id = row!.id;
  await tx.execute(
    sql`INSERT INTO stock_transfer_lines (transfer_id, product_id, variant_id, quantity)
      SELECT ${id}::uuid, x.product_id, x.variant_id, x.quantity
      FROM jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: l.quantity })))}::jsonb)
        AS x(product_id uuid, variant_id uuid, quantity int)`,
  );
  return getTransfer(tx, id);
}

const wrongStatus = (status: string, action: string) =>
  new AppError(
    'conflict',
    'transfer_status',
    `A transfer that is ${status.replace('_', ' ')} cannot be ${action}`,
  );

async function lockTransfer(tx: Tx, id: string): Promise<StockTransfer> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM stock_transfers WHERE id = ${id}::uuid FOR UPDATE`,
  );
  if (!row) throw notFound('transfer_not_found', 'Transfer not found');
  return getTransfer(tx, id);
}

const linesOf = (t: StockTransfer): StockLine[] =>
  t.lines.map((l) => ({
    productId: l.product_id,
    variantId: l.variant_id,
    quantity: l.quantity,
    label: l.label,
  }));

/** Sends a draft: every line leaves the origin (all or nothing; too little there is a 409). */
export async function sendTransfer(tx: Tx, id: string, staffId: string | null): Promise<StockTransfer> {
  const t = await lockTransfer(tx, id);
  if (t.status !== 'draft') throw wrongStatus(t.status, 'sent');
  const short = await moveAtLocation(tx, t.origin_id, linesOf(t), -1, {
    reason: 'transfer_out',
    ref: id,
    staffId,
  });
  if (short) throw locationShort(short, t.origin_name);
  await tx.execute(
    sql`UPDATE stock_transfers SET status = 'in_transit', sent_at = now(), updated_at = now() WHERE id = ${id}::uuid`,
  );
  return getTransfer(tx, id);
}

/** Receives a sent transfer: every line arrives at the destination. */
export async function receiveTransfer(tx: Tx, id: string, staffId: string | null): Promise<StockTransfer> {
  const t = await lockTransfer(tx, id);
  if (t.status !== 'in_transit') throw wrongStatus(t.status, 'received');
  await moveAtLocation(tx, t.destination_id, linesOf(t), 1, { reason: 'transfer_in', ref: id, staffId });
  await tx.execute(
    sql`UPDATE stock_transfers SET status = 'received', received_at = now(), updated_at = now() WHERE id = ${id}::uuid`,
  );
  return getTransfer(tx, id);
}

/** Cancels a draft, or a sent transfer whose units then go back to the origin. */
export async function cancelTransfer(tx: Tx, id: string, staffId: string | null): Promise<StockTransfer> {
  const t = await lockTransfer(tx, id);
  if (t.status !== 'draft' && t.status !== 'in_transit') throw wrongStatus(t.status, 'cancelled');
  if (t.status === 'in_transit') {
    await moveAtLocation(tx, t.origin_id, linesOf(t), 1, { reason: 'transfer_in', ref: id, staffId });
  }
  await tx.execute(
    sql`UPDATE stock_transfers SET status = 'cancelled', cancelled_at = now(), updated_at = now() WHERE id = ${id}::uuid`,
  );
  return getTransfer(tx, id);
}
