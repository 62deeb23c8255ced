import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { issueCreditNotes } from '../documents/documents.service.ts';
import { creditStoreCredit, refundToTenders } from '../gift-cards/gift-cards.service.ts';
import { refundLines, refunds } from './after-sale.schema.ts';
import { fulfilRefundedRest } from './fulfil-order.ts';
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
  /** All of it as the customer's store credit; otherwise back to the tenders it came from. */
  to_store_credit?: boolean | undefined;
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
  /** A gift card line: how many of the cards it issued staff have disabled (null for goods). */
  disabled_cards: number | null;
}

/** The part of `whole` that units [from, to) of `quantity` carry: shares that add up to the whole exactly. */
export const share = (whole: number, from: number, to: number, quantity: number) =>
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
  options: { notify?: boolean; audit?: AuditActor } = {},
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
    if (provider !== 'manual' && !ctx.provider.get(provider)) {
      throw new AppError(
        'conflict',
        'payment_provider_unavailable',
        `This order was paid through ${provider}, which this server has no credentials for: refund it there`,
      );
    }
    const lines = await queryRows<LineState>(
      tx,
      sql`SELECT i.id, i.product_name, i.variant_title, i.quantity,
          (i.total_amount + CASE WHEN ${order.taxInclusive} THEN 0 ELSE i.tax_amount END) AS paid,
          CASE WHEN ${order.taxInclusive} THEN 0 ELSE i.tax_amount END AS tax,
          i.refunded_quantity + COALESCE((SELECT sum(rl.quantity) FROM refund_lines rl JOIN refunds r
            ON r.id = rl.refund_id WHERE rl.order_item_id = i.id AND r.status <> 'failed'), 0) AS taken,
          CASE WHEN i.gift_card IS NOT NULL THEN (SELECT count(*)::int FROM gift_cards g
            WHERE g.order_item_id = i.id AND g.disabled_at IS NOT NULL) END AS disabled_cards
        FROM order_items i WHERE i.order_id = ${orderId}`,
    );
    const [done] = await queryRows<{
      amount: number;
      shipping: number;
      provider: number;
      tendered: number;
      due: number;
    }>(
      tx,
      sql`SELECT COALESCE(sum(amount), 0) AS amount, COALESCE(sum(shipping_amount), 0) AS shipping,
          COALESCE(sum(COALESCE(provider_amount, amount)) FILTER (WHERE NOT to_store_credit), 0) AS provider,
          (SELECT COALESCE(sum(t.amount), 0) FROM order_tenders t
            WHERE t.order_id = ${orderId} AND t.status = 'captured') AS tendered,
          (SELECT COALESCE(sum(e.amount_due), 0) FROM order_edits e
            WHERE e.order_id = ${orderId} AND e.status = 'awaiting_payment') AS due
        FROM refunds WHERE order_id = ${orderId} AND status <> 'failed' AND order_edit_id IS NULL`,
    );
    // An edit's refund already came off the total; an edit's amount due is not paid yet.
    const left = order.totalAmount - Number(done?.amount ?? 0) - Number(done?.due ?? 0);
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
      // A refunded gift card must not stay spendable: staff disable the cards first (Products → Gift cards).
      if (line.disabled_cards !== null && quantity > Number(line.disabled_cards) - taken) {
        throw new AppError(
          'conflict',
          'gift_card_active',
          `Disable the gift cards ${line.product_name} issued before refunding them: ${Math.max(0, Number(line.disabled_cards) - taken)} of the ${quantity} are disabled`,
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
        `A refund of ${formatMoney(total, order.currency)} is more than the ${formatMoney(left, order.currency)} left to refund`,
      );
    }
    if (request.to_store_credit && !order.customerId) {
      throw new AppError(
        'unprocessable',
        'store_credit_needs_account',
        'Store credit needs a customer account: this order was placed by a guest',
      );
    }
    // The card gets back what it paid first; the rest goes back to the gift cards and store credit.
    const cardLeft = order.totalAmount - Number(done?.tendered ?? 0) - Number(done?.provider ?? 0);
    const providerAmount = request.to_store_credit ? 0 : Math.max(0, Math.min(total, cardLeft));
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        amount: total,
        providerAmount,
        toStoreCredit: Boolean(request.to_store_credit),
        currency: order.currency,
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
    if (options.audit) {
      const before = Number(done?.amount ?? 0);
      await audit.record(tx, options.audit, {
        action: 'order.refunded',
        target: {
          type: 'order',
          id: orderId,
          label: order.orderNumber === null ? null : `#${order.orderNumber}`,
        },
        changes: {
          refunded_amount: [before, before + total],
          currency: [order.currency, order.currency],
          reason: [null, request.reason ?? null],
          restock: [null, Boolean(request.restock) && planned.length > 0],
        },
      });
    }
    return {
      id: refund!.id,
      total,
      providerAmount,
      provider,
      sessionId: order.paymentSessionId,
      currency: order.currency,
    };
  });

  const outcome = await settleWithProvider(ctx, { ...reserved, orderId }, actorId);
  if (!outcome.ok) {
    throw new AppError(
      'upstream_failed',
      'refund_failed',
      `The payment provider refused the refund: ${outcome.reason}`,
    );
  }
  await completeRefund(ctx, reserved.id, outcome.providerRefundId, actorId, options);
  return { refundId: reserved.id, amount: reserved.total };
}

/**
 * Records, in the caller's transaction under the order's lock, the pending refund of an edit's lower
 * total (decision 0087): the card gets back what it paid first, the rest goes to the order's gift
 * cards and store credit, as any refund. `totalBefore`: the order's total before the edit lowered it.
 * Steps 2 and 3 (settleWithProvider, completeRefund) pay and record it, or the reconciliation job does.
 */
export async function reserveEditRefund(
  tx: Tx,
  order: { id: string; currency: string; provider: string; sessionId: string | null; totalBefore: number },
  input: { amount: number; editId: string; actorId: string | null },
): Promise<PendingRefund> {
  const [done] = await queryRows<{ provider: number; tendered: number }>(
    tx,
    sql`SELECT COALESCE(sum(COALESCE(provider_amount, amount)) FILTER (WHERE NOT to_store_credit), 0) AS provider,
        (SELECT COALESCE(sum(t.amount), 0) FROM order_tenders t
          WHERE t.order_id = ${order.id} AND t.status = 'captured') AS tendered
      FROM refunds WHERE order_id = ${order.id} AND status <> 'failed' AND order_edit_id IS NULL`,
  );
  const cardLeft = order.totalBefore - Number(done?.tendered ?? 0) - Number(done?.provider ?? 0);
  const providerAmount = Math.max(0, Math.min(input.amount, cardLeft));
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amount: input.amount,
      providerAmount,
      currency: order.currency,
      reason: 'Order edited',
      provider: order.provider,
      orderEditId: input.editId,
      createdBy: input.actorId,
    })
    .returning({ id: refunds.id });
  return {
    id: refund!.id,
    orderId: order.id,
    total: input.amount,
    providerAmount,
    provider: order.provider,
    sessionId: order.sessionId,
    currency: order.currency,
  };
}

/** A refund recorded `pending` and what its provider needs to pay it. */
export interface PendingRefund {
  id: string;
  orderId: string;
  total: number;
  /** What of the total the provider pays (the rest goes to gift cards or store credit). */
  providerAmount: number;
  provider: string;
  sessionId: string | null;
  currency: string;
}

/**
 * Step 2: asks the payment provider to pay the refund, outside any transaction, with the refund's id
 * as idempotency key (a repeat answers the refund made the first time; Stripe keeps keys for 24
 * hours). A refusal marks the refund failed, with the reason on the order's timeline. A `manual`
 * refund (an order paid outside checkout) is only recorded.
 */
export async function settleWithProvider(
  ctx: AfterSaleContext,
  refund: PendingRefund,
  actorId: string | null,
): Promise<{ ok: true; providerRefundId: string | null } | { ok: false; reason: string }> {
  if (refund.provider === 'manual' || refund.providerAmount === 0)
    return { ok: true, providerRefundId: null };
  try {
    const { id } = await ctx.provider.refund({
      orderId: refund.orderId,
      sessionId: refund.sessionId,
      amount: refund.providerAmount,
      currency: refund.currency,
      idempotencyKey: `cartwheel-refund-${refund.id}`,
    });
    return { ok: true, providerRefundId: id };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn(
      { err: error, orderId: refund.orderId, refundId: refund.id },
      'the payment provider refused a refund',
    );
    await ctx.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', failure: reason.slice(0, 500) })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      if (!failed) return;
      await addEvent(
        tx,
        refund.orderId,
        actorId,
        'refund_failed',
        `Refund of ${formatMoney(refund.total, refund.currency)} failed: ${reason}`,
        { refund_id: refund.id, amount: refund.total },
      );
    });
    return { ok: false, reason };
  }
}

/**
 * Step 3: records a refund the provider paid, all of it or nothing, exactly once: the refund
 * succeeds, its units go back to stock when it restocks, the payment status becomes partially
 * refunded or refunded, the credit note of an invoiced order, the timeline, the webhook and (unless
 * `notify` is false) the "refunded" email.
 * Everything is read from the refund's own rows, so the reconciliation job can finish a refund a
 * crashed process left pending. False when the refund was no longer pending (finished already).
 */
export async function completeRefund(
  ctx: AfterSaleContext,
  refundId: string,
  providerRefundId: string | null,
  actorId: string | null,
  options: { notify?: boolean } = {},
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    if (!found) return false;
    const orderId = found.orderId;
    // The order's lock first, as every order action takes it: two completions of one refund queue here.
    const order = await lockOrder(tx, orderId);
    const [refund] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId, succeededAt: sql`now()` })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!refund) return false;
    // What the provider did not pay goes back to the order's gift cards and store credit, or all of
    // it to the customer's store credit.
    const rest = refund.amount - (refund.providerAmount ?? refund.amount);
    const credit = (amount: number) =>
      creditStoreCredit(tx, {
        customerId: order.customerId!,
        currency: refund.currency,
        amount,
        kind: 'refund',
        note: refund.reason,
        orderId,
        refundId,
        actorId,
      });
    if (rest > 0 && refund.toStoreCredit) await credit(rest);
    else if (rest > 0) {
      const unplaced = await refundToTenders(tx, { orderId, refundId, amount: rest, actorId });
      // Only when the order's tenders took less than they paid: the customer still gets it.
      if (unplaced > 0 && order.customerId) await credit(unplaced);
    }
    const lines = await queryRows<{
      order_item_id: string;
      quantity: number;
      product_name: string;
      variant_title: string | null;
    }>(
      tx,
      sql`SELECT rl.order_item_id, rl.quantity, i.product_name, i.variant_title
        FROM refund_lines rl JOIN order_items i ON i.id = rl.order_item_id
        WHERE rl.refund_id = ${refundId} ORDER BY i.created_at, i.product_name, i.id`,
    );
    const restocked = refund.restock
      ? await restockUnits(tx, orderId, new Map(lines.map((l) => [l.order_item_id, Number(l.quantity)])), {
          reason: 'return',
          staffId: actorId,
        })
      : 0;
    const [sum] = await queryRows<{ refunded: number }>(
      tx,
      sql`SELECT COALESCE(sum(amount), 0) AS refunded FROM refunds
        WHERE order_id = ${orderId} AND status = 'succeeded' AND order_edit_id IS NULL`,
    );
    const full = Number(sum?.refunded ?? 0) >= order.totalAmount;
    await tx
      .update(orders)
      .set({ paymentStatus: full ? 'refunded' : 'partially_refunded', updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    // Refunded units that had not shipped are not shipped any more: the rest may now be all shipped.
    await fulfilRefundedRest(tx, order, actorId);
    // An invoiced order's refund gets its credit note here, numbered in this transaction (decision 0088).
    await issueCreditNotes(tx, orderId, actorId);
    const items = lines.map((l) => ({
      name: `${l.product_name}${l.variant_title ? ` (${l.variant_title})` : ''}`,
      quantity: Number(l.quantity),
    }));
    const message = [
      `Refunded ${formatMoney(refund.amount, refund.currency)}: ${refund.reason}.`,
      items.length ? `Items: ${items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}.` : '',
      refund.shippingAmount ? `Shipping: ${formatMoney(refund.shippingAmount, refund.currency)}.` : '',
      restocked ? `${plural(restocked, 'item')} returned to stock.` : '',
      full ? 'The order is fully refunded.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    await addEvent(tx, orderId, actorId, 'refunded', message, {
      refund_id: refund.id,
      amount: refund.amount,
      shipping_amount: refund.shippingAmount,
      restocked,
      provider: refund.provider,
    });
    await emitOrderEvent(tx, ctx.webhooks, 'order.refunded', orderId, {
      refund: {
        id: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        shipping_amount: refund.shippingAmount,
        items,
        restocked,
      },
    });
    if (options.notify !== false) {
      await queueOrderEmail(tx, ctx, orderId, 'order_refunded', (recipient) => ({
        ...recipient,
        amount: refund.amount,
        currency: refund.currency,
        items,
        shipping_amount: refund.shippingAmount,
        full,
      }));
    }
    return true;
  });
}
