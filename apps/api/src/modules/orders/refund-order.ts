import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { refundLines, refunds } from './after-sale.schema.ts';
import { type AfterSaleContext, queueOrderEmail } from './order-emails.ts';
import { addEvent, lockOrder, restockUnits } from './order-steps.ts';
import { emitOrderEvent } from './order-webhooks.ts';
import { orders } from './orders.schema.ts';

/**
 * What to refund. The API takes lines or an amount (refundBody); `rest` (cancelling with a refund)
 * takes everything still refundable: every line, the shipping and whatever else is left.
 */
export interface RefundRequest {
  items?: Array<{ order_item_id: string; quantity: number }> | undefined;
  amount?: number | undefined;
  include_shipping?: boolean | undefined;
  rest?: boolean;
  reason: string;
  restock?: boolean | undefined;
}

interface LineState {
  id: string;
  product_name: string;
  variant_title: string | null;
  quantity: number;
  /** What the shopper paid for the whole line: its total after discounts, plus its tax when added. */
  paid: number;
  tax: number;
  /** Units refunded or being refunded (pending refunds count). */
  taken: number;
}

/** The part of `whole` that units [from, to) of `quantity` carry: shares that add up to the whole exactly. */
const share = (whole: number, from: number, to: number, quantity: number) =>
  Math.floor((whole * to) / quantity) - Math.floor((whole * from) / quantity);

/**
 * Refunds money of a paid order (docs/decisions/0026-fulfilments-and-refunds.md), in three steps:
 * 1. under the order's row lock, checks the request against what is left (units per line, shipping,
 *    the payment less every refund that succeeded or is under way) and records the refund `pending`,
 *    so concurrent refunds can never add up to more than was paid;
 * 2. asks the payment provider, outside any transaction, with the refund's id as idempotency key
 *    (an order paid outside checkout, without a provider, is recorded only);
 * 3. records the outcome: on success the refund, the restock, the payment status (partially refunded
 *    or refunded), the timeline and the "refunded" email in one transaction; on a refusal the refund
 *    is marked failed and staff get a 502 with the provider's reason.
 */
export async function refundOrder(
  ctx: AfterSaleContext,
  orderId: string,
  request: RefundRequest,
  actorId: string | null,
  options: { notify?: boolean } = {},
): Promise<{ refundId: string; amount: number }> {
  const reserved = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded') {
      throw new AppError(
        'conflict',
        'order_not_refundable',
        order.paymentStatus === 'refunded'
          ? 'Order is already fully refunded'
          : 'Only a paid order can be refunded',
      );
    }
    const provider = order.paymentProvider ?? 'manual';
    if (provider !== 'manual' && provider !== ctx.provider.name) {
      throw new AppError(
        'conflict',
        'payment_provider_unavailable',
        `This order was paid through ${provider}, but the shop now uses ${ctx.provider.name}: refund it there`,
      );
    }
    const lines = await queryRows<LineState>(
      tx,
      sql`SELECT i.id, i.product_name, i.variant_title, i.quantity,
          (i.total_amount + CASE WHEN ${order.taxInclusive} THEN 0 ELSE i.tax_amount END) AS paid,
          CASE WHEN ${order.taxInclusive} THEN 0 ELSE i.tax_amount END AS tax,
          i.refunded_quantity + COALESCE((SELECT sum(rl.quantity) FROM refund_lines rl JOIN refunds r
            ON r.id = rl.refund_id WHERE rl.order_item_id = i.id AND r.status <> 'failed'), 0) AS taken
        FROM order_items i WHERE i.order_id = ${orderId}`,
    );
    const [done] = await queryRows<{ amount: number; shipping: number }>(
      tx,
      sql`SELECT COALESCE(sum(amount), 0) AS amount, COALESCE(sum(shipping_amount), 0) AS shipping
        FROM refunds WHERE order_id = ${orderId} AND status <> 'failed'`,
    );
    const left = order.totalAmount - Number(done?.amount ?? 0);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const plan = new Map<string, number>();
    const wanted = request.rest
      ? lines
          .map((l) => ({ order_item_id: l.id, quantity: l.quantity - Number(l.taken) }))
          .filter((i) => i.quantity > 0)
      : (request.items ?? []);
    for (const item of wanted) {
      if (!byId.has(item.order_item_id)) {
        throw new AppError(
          'invalid',
          'unknown_order_item',
          `Line ${item.order_item_id} is not on this order`,
        );
      }
      plan.set(item.order_item_id, (plan.get(item.order_item_id) ?? 0) + item.quantity);
    }
    let linesAmount = 0;
    let taxAmount = 0;
    const planned: Array<{ line: LineState; quantity: number; amount: number }> = [];
    for (const [id, quantity] of plan) {
      const line = byId.get(id)!;
      const taken = Number(line.taken);
      if (quantity > line.quantity - taken) {
        throw new AppError(
          'conflict',
          'over_refund',
          `Only ${line.quantity - taken} of ${line.product_name} left to refund, not ${quantity}`,
        );
      }
      const amount = share(Number(line.paid), taken, taken + quantity, line.quantity);
      linesAmount += amount;
      taxAmount += share(Number(line.tax), taken, taken + quantity, line.quantity);
      planned.push({ line, quantity, amount });
    }
    const shippingLeft =
      request.include_shipping || request.rest
        ? Math.max(0, order.shippingAmount - Number(done?.shipping ?? 0))
        : 0;
    // Everything left: the lines' and shipping's shares, or less when part of the payment already went
    // back as a plain amount (then the lines' amounts say what their units were worth).
    const total = request.rest ? left : linesAmount + shippingLeft + (request.amount ?? 0);
    const shipping = Math.min(shippingLeft, total);
    if (request.rest) taxAmount = Math.min(taxAmount, total - shipping);
    if (total <= 0) throw new AppError('conflict', 'nothing_to_refund', 'There is nothing left to refund');
    if (total > left) {
      throw new AppError(
        'conflict',
        'refund_exceeds_payment',
        `A refund of ${formatMoney(total)} is more than the ${formatMoney(left)} left to refund`,
      );
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        amount: total,
        shippingAmount: shipping,
        taxAmount,
        reason: request.reason,
        restock: Boolean(request.restock) && planned.length > 0,
        provider,
        createdBy: actorId,
      })
      .returning({ id: refunds.id });
    if (planned.length) {
      await tx.insert(refundLines).values(
        planned.map((p) => ({
          refundId: refund!.id,
          orderItemId: p.line.id,
          quantity: p.quantity,
          amount: p.amount,
        })),
      );
    }
    return {
      id: refund!.id,
      total,
      shipping,
      planned,
      provider,
      sessionId: order.paymentSessionId,
      currency: order.currency,
    };
  });

  let providerRefundId: string | null = null;
  if (reserved.provider !== 'manual') {
    try {
      ({ id: providerRefundId } = await ctx.provider.refund({
        orderId,
        sessionId: reserved.sessionId,
        amount: reserved.total,
        currency: reserved.currency,
        idempotencyKey: `cartwheel-refund-${reserved.id}`,
      }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ err: error, orderId, refundId: reserved.id }, 'the payment provider refused a refund');
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ status: 'failed', failure: reason.slice(0, 500) })
          .where(eq(refunds.id, reserved.id));
        await addEvent(
          tx,
          orderId,
          actorId,
          'refund_failed',
          `Refund of ${formatMoney(reserved.total)} failed: ${reason}`,
          {
            refund_id: reserved.id,
            amount: reserved.total,
          },
        );
      });
      throw new AppError(
        'upstream_failed',
        'refund_failed',
        `The payment provider refused the refund: ${reason}`,
      );
    }
  }

  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId, succeededAt: sql`now()` })
      .where(and(eq(refunds.id, reserved.id), eq(refunds.status, 'pending')));
    const restocked = request.restock
      ? await restockUnits(tx, orderId, new Map(reserved.planned.map((p) => [p.line.id, p.quantity])))
      : 0;
    const [sum] = await queryRows<{ refunded: number }>(
      tx,
      sql`SELECT COALESCE(sum(amount), 0) AS refunded FROM refunds WHERE order_id = ${orderId} AND status = 'succeeded'`,
    );
    const full = Number(sum?.refunded ?? 0) >= order.totalAmount;
    await tx
      .update(orders)
      .set({ paymentStatus: full ? 'refunded' : 'partially_refunded', updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    const items = reserved.planned.map((p) => ({
      name: `${p.line.product_name}${p.line.variant_title ? ` (${p.line.variant_title})` : ''}`,
      quantity: p.quantity,
    }));
    const message = [
      `Refunded ${formatMoney(reserved.total)}: ${request.reason}.`,
      items.length ? `Items: ${items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}.` : '',
      reserved.shipping ? `Shipping: ${formatMoney(reserved.shipping)}.` : '',
      restocked ? `${plural(restocked, 'item')} returned to stock.` : '',
      full ? 'The order is fully refunded.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    await addEvent(tx, orderId, actorId, 'refunded', message, {
      refund_id: reserved.id,
      amount: reserved.total,
      shipping_amount: reserved.shipping,
      restocked,
      provider: reserved.provider,
    });
    await emitOrderEvent(tx, ctx.webhooks, 'order.refunded', orderId, {
      refund: {
        id: reserved.id,
        amount: reserved.total,
        shipping_amount: reserved.shipping,
        items,
        restocked,
      },
    });
    if (options.notify === false) return;
    await queueOrderEmail(tx, ctx, orderId, 'order_refunded', (recipient) => ({
      ...recipient,
      amount: reserved.total,
      items,
      shipping_amount: reserved.shipping,
      full,
    }));
  });
  return { refundId: reserved.id, amount: reserved.total };
}
