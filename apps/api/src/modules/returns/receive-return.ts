import { type ReceiveReturnBody, rmaOf } from '@cartwheel/shared/contracts/returns';
import { plural } from '@cartwheel/shared/text';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { getLocation } from '../locations/locations.service.ts';
import { addEvent, lockOrder, restockUnits } from '../orders/order-steps.ts';
import { completeRefund, refundOrder, settleWithProvider } from '../orders/refund-order.ts';
import { priceReplacements, settleExchanges } from './exchange-settlement.ts';
import { queueReturnEmail, type ReturnContext } from './return-emails.ts';
import { exchangeNames, releaseExchanges } from './return-exchanges.ts';
import { returnLines } from './return-review.ts';
import { returnItems, returns } from './returns.schema.ts';
import { lockReturn, wrongStatus } from './returns.service.ts';

// The parcel comes back: staff receive it (condition and restock per line), then refund it or close it.

/**
 * Receives an approved return: every line's condition and whether it goes back to stock, the units
 * restocked through the orders' stock step, the timeline and the "received" email, in one transaction
 * under the order's lock (taken first, as every order action does).
 */
export async function receiveReturn(
  ctx: ReturnContext,
  returnId: string,
  body: ReceiveReturnBody,
  actor: AuditActor,
): Promise<void> {
  const [found] = await ctx.db
    .select({ orderId: returns.orderId })
    .from(returns)
    .where(eq(returns.id, returnId));
  if (!found) throw notFound('return_not_found', 'Return not found');
  // Priced before the transaction: a tax service is not asked while the order is locked.
  const replacements = await priceReplacements(ctx, found.orderId, returnId);
  const settlement = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const row = await lockReturn(tx, returnId);
    const rma = rmaOf(row.returnNumber);
    if (row.status !== 'approved') throw wrongStatus(rma, row.status, 'received');
    const lines = await tx.select().from(returnItems).where(eq(returnItems.returnId, returnId));
    const given = new Map(body.items.map((i) => [i.return_item_id, i]));
    if (given.size !== body.items.length) {
      throw new AppError('invalid', 'duplicate_line', 'Each line of the return is listed once');
    }
    for (const id of given.keys()) {
      if (!lines.some((l) => l.id === id)) {
        throw new AppError('invalid', 'unknown_return_item', `Line ${id} is not on return ${rma}`);
      }
    }
    if (lines.some((l) => !given.has(l.id))) {
      throw new AppError('invalid', 'receive_every_line', 'Say how every line of the return came back');
    }
    const restock = new Map<string, number>();
    for (const line of lines) {
      const item = given.get(line.id)!;
      await tx
        .update(returnItems)
        .set({ condition: item.condition, restocked: item.restock })
        .where(eq(returnItems.id, line.id));
      if (item.restock) restock.set(line.orderItemId, (restock.get(line.orderItemId) ?? 0) + line.quantity);
    }
    if (body.location_id) await getLocation(tx, body.location_id);
    const restocked = await restockUnits(tx, row.orderId, restock, {
      reason: 'return',
      staffId: actor.userId,
      locationId: body.location_id,
    });
    await tx
      .update(returns)
      .set({ status: 'received', receivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(returns.id, returnId));
    await addEvent(
      tx,
      row.orderId,
      actor.userId,
      'return_received',
      `Return ${rma} received${restocked ? `: ${plural(restocked, 'item')} returned to stock` : ''}.`,
      { return_id: returnId, restocked },
    );
    await audit.record(tx, actor, {
      action: 'return.received',
      target: { type: 'return', id: returnId, label: rma },
      changes: { status: ['approved', 'received'], restocked: [0, restocked] },
    });
    const items = await returnLines(tx, returnId);
    const exchanges = await exchangeNames(tx, returnId);
    await queueReturnEmail(tx, ctx, row.orderId, 'return_received', (recipient) => ({
      ...recipient,
      rma,
      items,
      exchanges,
    }));
    return settleExchanges(tx, ctx, order, returnId, rma, actor.userId, replacements);
  });
  // A cheaper replacement: the difference goes back as an edit's refund does (decision 0087).
  if (settlement?.refund) {
    const outcome = await settleWithProvider(ctx, settlement.refund, actor.userId);
    if (outcome.ok) {
      await completeRefund(ctx, settlement.refund.id, outcome.providerRefundId, actor.userId, {
        notify: false,
      });
    }
  }
}

/**
 * Refunds a received return's units through the orders' refund (refund-order.ts: the payment
 * provider, or all of it as store credit), without restocking again (receiving did) and without the
 * order's own "refunded" email: the return's says it. Two refunds at once cannot both pay: the
 * refund takes the units under the order's lock.
 */
export async function refundReturn(
  ctx: ReturnContext,
  returnId: string,
  toStoreCredit: boolean,
  actor: AuditActor,
): Promise<void> {
  const [row] = await ctx.db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw notFound('return_not_found', 'Return not found');
  const rma = rmaOf(row.returnNumber);
  if (row.status !== 'received') throw wrongStatus(rma, row.status, 'refunded');
  const lines = (await ctx.db.select().from(returnItems).where(eq(returnItems.returnId, returnId))).filter(
    (l) => !l.exchangeOrderItemId,
  );
  if (!lines.length) {
    throw new AppError(
      'conflict',
      'return_exchanged',
      `Return ${rma} was exchanged: its replacement settled it, there is nothing to refund`,
    );
  }
  const refund = await refundOrder(
    ctx,
    row.orderId,
    {
      items: lines.map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })),
      reason: `Return ${rma}`,
      restock: false,
      to_store_credit: toStoreCredit,
    },
    actor.userId,
    { notify: false, audit: actor },
  );
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(returns)
      .set({
        status: 'refunded',
        refundId: refund.refundId,
        refundedTo: toStoreCredit ? 'store_credit' : 'original_payment',
        refundedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(returns.id, returnId), eq(returns.status, 'received')))
      .returning({ id: returns.id });
    if (!done) return;
    const [order] = await queryRows<{ currency: string }>(
      tx,
      sql`SELECT currency FROM orders WHERE id = ${row.orderId}`,
    );
    const items = await returnLines(tx, returnId);
    await queueReturnEmail(tx, ctx, row.orderId, 'return_refunded', (recipient) => ({
      ...recipient,
      rma,
      items,
      amount: refund.amount,
      currency: order!.currency,
      store_credit: toStoreCredit,
    }));
  });
}

/**
 * Closes an approved return whose parcel never came (its units may be asked for again) or a received
 * one that is not refunded (kept as received: its units stay taken).
 */
export async function closeReturn(ctx: ReturnContext, returnId: string, actor: AuditActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnId);
    const rma = rmaOf(row.returnNumber);
    if (row.status !== 'approved' && row.status !== 'received') throw wrongStatus(rma, row.status, 'closed');
    await tx
      .update(returns)
      .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(returns.id, returnId));
    const released = await releaseExchanges(tx, returnId);
    const releasedText = released
      ? ` ${plural(released, 'item')} held for the exchange returned to stock.`
      : '';
    await addEvent(tx, row.orderId, actor.userId, 'return_closed', `Return ${rma} closed.${releasedText}`, {
      return_id: returnId,
      exchange_released: released,
    });
    await audit.record(tx, actor, {
      action: 'return.closed',
      target: { type: 'return', id: returnId, label: rma },
      changes: { status: [row.status, 'closed'] },
    });
  });
}
