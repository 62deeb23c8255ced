import {
  type AdminReturnDetail,
  type AdminReturnSummary,
  type CustomerReturn,
  type OrderReturns,
  type ReturnSettings,
  type ReturnStatus,
  type requestReturnBody,
  returnSettings,
  rmaOf,
} from '@cartwheel/shared/contracts/returns';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storedOverDefaults } from '../../lib/stored-settings.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings } from '../accounts/accounts.service.ts';
import { addEvent, lockOrder } from '../orders/order-steps.ts';
import { queueReturnEmail, type ReturnContext } from './return-emails.ts';
import { checkExchangeRequest, EXCHANGE_JSON, exchangeChoices } from './return-exchanges.ts';
import { returnItems, returns } from './returns.schema.ts';

// Returns the shopper asks for, and what staff read of them (docs/decisions/0086-returns.md).

const SETTINGS_KEY = 'returns';
const DEFAULT_SETTINGS: ReturnSettings = { window_days: 30, address: null };
const storedReturnSettings = storedOverDefaults(returnSettings);

/** The return window and the return address: the stored values over the defaults. */
export async function loadReturnSettings(db: Db | Tx): Promise<ReturnSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  return storedReturnSettings(row?.value, DEFAULT_SETTINGS);
}

/** Stores both settings at once and answers them as read back. */
export async function saveReturnSettings(db: Db, value: ReturnSettings): Promise<ReturnSettings> {
  await storeSettings(db, [[SETTINGS_KEY, value]]);
  return loadReturnSettings(db);
}

interface LineState {
  order_item_id: string;
  product_name: string;
  variant_title: string | null;
  final_sale: boolean;
  delivered: number;
  delivered_in_window: number;
  claimed: number;
}

/**
 * Each line's units and what of them may go back: units delivered (a shipment marked delivered),
 * those delivered within the window, and those already in a return that still stands (a declined
 * return, or one closed before anything came back, gives its units back).
 */
async function lineStates(tx: Db | Tx, orderId: string, windowDays: number): Promise<LineState[]> {
  const rows = await queryRows<LineState>(
    tx,
    sql`SELECT i.id AS order_item_id, i.product_name, i.variant_title,
        -- A gift card is money, not goods: never sent back (decision 0094).
        (COALESCE(p.final_sale, false) OR i.gift_card IS NOT NULL) AS final_sale,
        COALESCE((SELECT sum(fl.quantity) FROM fulfilment_lines fl JOIN fulfilments f ON f.id = fl.fulfilment_id
          WHERE fl.order_item_id = i.id AND f.delivered_at IS NOT NULL), 0)::int AS delivered,
        COALESCE((SELECT sum(fl.quantity) FROM fulfilment_lines fl JOIN fulfilments f ON f.id = fl.fulfilment_id
          WHERE fl.order_item_id = i.id
            AND f.delivered_at > now() - make_interval(days => ${windowDays})), 0)::int AS delivered_in_window,
        COALESCE((SELECT sum(ri.quantity) FROM return_items ri JOIN returns r ON r.id = ri.return_id
          WHERE ri.order_item_id = i.id AND r.status <> 'declined'
            AND NOT (r.status = 'closed' AND r.received_at IS NULL)), 0)::int AS claimed
      FROM order_items i LEFT JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ${orderId} ORDER BY i.created_at, i.product_name, i.id`,
  );
  return rows.map((r) => ({
    ...r,
    delivered: Number(r.delivered),
    delivered_in_window: Number(r.delivered_in_window),
    claimed: Number(r.claimed),
  }));
}

type Reason = OrderReturns['lines'][number]['not_returnable'];

/** Units of a line the shopper may still ask to return, and why none when none. */
function returnable(line: LineState): { quantity: number; reason: Reason } {
  if (line.final_sale) return { quantity: 0, reason: 'final_sale' };
  if (line.delivered === 0) return { quantity: 0, reason: 'not_delivered' };
  const left = line.delivered - line.claimed;
  if (left <= 0) return { quantity: 0, reason: 'already_returned' };
  if (line.delivered_in_window === 0) return { quantity: 0, reason: 'window_over' };
  return { quantity: Math.min(left, line.delivered_in_window), reason: null };
}

const ITEMS_JSON = sql`COALESCE((SELECT json_agg(json_build_object('id', ri.id, 'order_item_id', ri.order_item_id,
    'product_name', i.product_name, 'variant_title', i.variant_title, 'quantity', ri.quantity,
    'reason', ri.reason, 'condition', ri.condition, 'restocked', ri.restocked,
    'price_per_item', i.price_per_item, 'exchange', ${EXCHANGE_JSON}) ORDER BY i.created_at, i.product_name, i.id)
  FROM return_items ri JOIN order_items i ON i.id = ri.order_item_id WHERE ri.return_id = r.id), '[]'::json)`;
const iso = (column: string) => sql.raw(`to_json(${column}) #>> '{}'`);

type CustomerReturnRow = Omit<CustomerReturn, 'rma' | 'items'> & {
  return_number: number;
  items: Array<CustomerReturn['items'][number] & { price_per_item?: number }>;
};

const toCustomerReturn = (row: CustomerReturnRow): CustomerReturn => ({
  id: row.id,
  rma: rmaOf(Number(row.return_number)),
  status: row.status,
  note: row.note,
  decline_reason: row.decline_reason,
  created_at: row.created_at,
  items: row.items.map(({ price_per_item: _, ...item }) => item),
});

async function customerReturns(db: Db | Tx, where: SQL): Promise<CustomerReturn[]> {
  const rows = await queryRows<CustomerReturnRow>(
    db,
    sql`SELECT r.id, r.return_number, r.status, r.note, r.decline_reason, ${iso('r.created_at')} AS created_at,
        ${ITEMS_JSON} AS items
      FROM returns r WHERE ${where} ORDER BY r.created_at DESC, r.return_number DESC`,
  );
  return rows.map(toCustomerReturn);
}

/** What the shopper may still send back of an order, and the returns they asked for. */
export async function orderReturnOptions(db: Db, orderId: string): Promise<OrderReturns> {
  const { window_days } = await loadReturnSettings(db);
  const lines = await lineStates(db, orderId, window_days);
  const choices = await exchangeChoices(db, orderId);
  return {
    window_days,
    lines: lines.map((line) => {
      const { quantity, reason } = returnable(line);
      return {
        order_item_id: line.order_item_id,
        product_name: line.product_name,
        variant_title: line.variant_title,
        returnable_quantity: quantity,
        not_returnable: reason,
        exchange_variants: quantity > 0 ? (choices.get(line.order_item_id) ?? []) : [],
      };
    }),
    returns: await customerReturns(db, sql`r.order_id = ${orderId}`),
  };
}

/** The signed-in shopper's own order, or the same 404 as an unknown one. */
export async function requireOwnOrder(db: Db, customerId: string, orderId: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM orders WHERE id = ${orderId} AND customer_id = ${customerId} AND order_number IS NOT NULL`,
  );
  if (!row) throw notFound('order_not_found', 'Order not found');
}

/**
 * The shopper asks to return units of delivered lines. Under the order's row lock, so two requests
 * at once cannot both take the same units: every line must be on the order, not final sale, and
 * within what was delivered in the window less what is already asked for. Emails the shopper.
 */
export async function requestReturn(
  ctx: ReturnContext,
  orderId: string,
  body: z.output<typeof requestReturnBody>,
  requestedBy: string | null,
): Promise<CustomerReturn> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (
      order.status === 'cancelled' ||
      (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded')
    ) {
      throw new AppError('conflict', 'order_not_returnable', 'Items of this order cannot be returned');
    }
    const { window_days } = await loadReturnSettings(tx);
    const lines = new Map((await lineStates(tx, orderId, window_days)).map((l) => [l.order_item_id, l]));
    const seen = new Set<string>();
    for (const item of body.items) {
      const line = lines.get(item.order_item_id);
      if (!line) {
        throw new AppError(
          'invalid',
          'unknown_order_item',
          `Line ${item.order_item_id} is not on this order`,
        );
      }
      if (seen.has(item.order_item_id)) {
        throw new AppError('invalid', 'duplicate_line', `${line.product_name} is listed twice`);
      }
      seen.add(item.order_item_id);
      const { quantity, reason } = returnable(line);
      if (reason === 'final_sale') {
        throw new AppError(
          'unprocessable',
          'final_sale',
          `${line.product_name} is final sale and cannot be returned`,
        );
      }
      if (reason === 'not_delivered') {
        throw new AppError(
          'conflict',
          'not_delivered',
          `${line.product_name} has not been delivered yet: it can be returned once it arrives`,
        );
      }
      if (reason === 'window_over') {
        throw new AppError(
          'unprocessable',
          'return_window_over',
          `The ${window_days}-day return window for ${line.product_name} has ended`,
        );
      }
      if (item.quantity > quantity) {
        throw new AppError(
          'conflict',
          'over_return',
          `Only ${quantity} of ${line.product_name} can be returned, not ${item.quantity}`,
        );
      }
    }
    await checkExchangeRequest(tx, orderId, body.items);
    const [made] = await tx
      .insert(returns)
      .values({ orderId, note: body.note ?? null, requestedBy })
      .returning({ id: returns.id, returnNumber: returns.returnNumber });
    await tx.insert(returnItems).values(
      body.items.map((item) => ({
        returnId: made!.id,
        orderItemId: item.order_item_id,
        quantity: item.quantity,
        reason: item.reason,
        exchangeVariantId: item.exchange_variant_id ?? null,
      })),
    );
    const rma = rmaOf(made!.returnNumber);
    const items = body.items.map((item) => ({
      name: lineName(lines.get(item.order_item_id)!),
      quantity: item.quantity,
    }));
    await addEvent(
      tx,
      orderId,
      requestedBy,
      'return_requested',
      `Return ${rma} requested: ${items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}.`,
      { return_id: made!.id },
    );
    await queueReturnEmail(tx, ctx, orderId, 'return_requested', (recipient) => ({
      ...recipient,
      rma,
      items,
    }));
    const [answer] = await customerReturns(tx, sql`r.id = ${made!.id}`);
    return answer!;
  });
}

const lineName = (line: { product_name: string; variant_title: string | null }) =>
  `${line.product_name}${line.variant_title ? ` (${line.variant_title})` : ''}`;

const SUMMARY = sql`r.id, r.return_number, r.status, r.order_id, o.order_number,
  trim(coalesce(o.customer_first_name, '') || ' ' || coalesce(o.customer_last_name, '')) AS customer_name,
  o.customer_email, ${iso('r.created_at')} AS created_at,
  (SELECT COALESCE(sum(ri.quantity), 0)::int FROM return_items ri WHERE ri.return_id = r.id) AS item_count`;

type SummaryRow = Omit<AdminReturnSummary, 'rma'> & { return_number: number };
const toSummary = ({ return_number, ...row }: SummaryRow): AdminReturnSummary => ({
  ...row,
  rma: rmaOf(Number(return_number)),
  order_number: Number(row.order_number),
  item_count: Number(row.item_count),
});

/** The back office's list: newest first, or those of one status. */
export async function listReturns(db: Db, status?: ReturnStatus): Promise<AdminReturnSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY} FROM returns r JOIN orders o ON o.id = r.order_id
      ${status ? sql`WHERE r.status = ${status}` : sql``}
      ORDER BY r.created_at DESC, r.return_number DESC LIMIT 200`,
  );
  return rows.map(toSummary);
}

/** One return for staff, with its lines, label and refund. */
export async function getReturn(db: Db | Tx, returnId: string): Promise<AdminReturnDetail> {
  const [row] = await queryRows<
    SummaryRow &
      Omit<AdminReturnDetail, keyof AdminReturnSummary | 'label' | 'refund' | 'has_account'> & {
        label_carrier: string | null;
        label_tracking_number: string | null;
        label_url: string | null;
        refund_id: string | null;
        refund_amount: number | null;
        refund_status: string | null;
        customer_id: string | null;
      }
  >(
    db,
    sql`SELECT ${SUMMARY}, r.note, r.decline_reason, o.currency, ${ITEMS_JSON} AS items,
        r.label_carrier, r.label_tracking_number, r.label_url, r.refund_id, r.refunded_to, o.customer_id,
        f.amount AS refund_amount, f.status AS refund_status,
        ${iso('r.approved_at')} AS approved_at, ${iso('r.received_at')} AS received_at,
        ${iso('r.refunded_at')} AS refunded_at
      FROM returns r JOIN orders o ON o.id = r.order_id LEFT JOIN refunds f ON f.id = r.refund_id
      WHERE r.id = ${returnId}`,
  );
  if (!row) throw notFound('return_not_found', 'Return not found');
  const {
    label_carrier,
    label_tracking_number,
    label_url,
    refund_id,
    refund_amount,
    refund_status,
    customer_id,
    ...rest
  } = row;
  return {
    ...rest,
    ...toSummary(rest),
    items: rest.items.map((i) => ({ ...i, price_per_item: Number(i.price_per_item) })),
    label: label_carrier
      ? { carrier: label_carrier, tracking_number: label_tracking_number, external_url: label_url }
      : null,
    refund:
      refund_id && refund_amount !== null
        ? { id: refund_id, amount: Number(refund_amount), status: refund_status ?? 'pending' }
        : null,
    has_account: customer_id !== null,
  };
}

/** Locks a return's row for the rest of the transaction; 404 when there is none. */
export async function lockReturn(tx: Tx, returnId: string) {
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
  if (!row) throw notFound('return_not_found', 'Return not found');
  return row;
}

/** A 409 saying what the return's status allows instead. */
export const wrongStatus = (rma: string, status: string, action: string) =>
  new AppError('conflict', 'return_status', `Return ${rma} is ${status}: it cannot be ${action}`);

/** The final-sale flag of a product; 404 for no such product. */
export async function finalSaleOf(db: Db, productId: string, value?: boolean): Promise<boolean> {
  const rows = await queryRows<{ final_sale: boolean }>(
    db,
    value === undefined
      ? sql`SELECT final_sale FROM products WHERE id = ${productId}`
      : sql`UPDATE products SET final_sale = ${value}, updated_at = now() WHERE id = ${productId} RETURNING final_sale`,
  );
  if (!rows[0]) throw notFound('product_not_found', 'Product not found');
  return rows[0].final_sale;
}
