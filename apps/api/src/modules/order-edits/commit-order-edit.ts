import type { OrderEditBody, OrderEditResult } from '@cartwheel/shared/contracts/order-edits';
import { formatMoney } from '@cartwheel/shared/money';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import { insufficientInventory } from '../checkout/create-checkout-session.ts';
import { reserveStock, restoreStock, type StockLine } from '../checkout/stock.ts';
import { setStockContext } from '../checkout/stock-context.ts';
import { actorName } from '../draft-orders/draft-orders.service.ts';
import { composeEmail } from '../email/email-templates.ts';
import { orderInMarket } from '../markets/checkout-prices.ts';
import { orderRecipient } from '../orders/order-emails.ts';
import { addEvent } from '../orders/order-steps.ts';
import { emitOrderEvent } from '../orders/order-webhooks.ts';
import { completeRefund, reserveEditRefund, settleWithProvider } from '../orders/refund-order.ts';
import { editPaymentUrl } from './order-edit-payments.ts';
import {
  assertEditable,
  describeChanges,
  lineKey,
  type PricedEdit,
  priceOrderEdit,
  readEditedOrder,
  stampOf,
  totalChange,
} from './price-order-edit.ts';

/** The units each stock row gains (restored) or loses (taken) by the edit. */
function stockMoves(edit: PricedEdit) {
  const take: StockLine[] = [];
  const put: StockLine[] = [];
  const after = new Map(edit.lines.map((l) => [l.key, l]));
  for (const line of edit.lines) {
    const delta = line.quantity - (edit.itemOf.get(line.key)?.quantity ?? 0);
    const stock = { productId: line.productId, variantId: line.variantId, label: line.label };
    if (delta > 0) take.push({ ...stock, quantity: delta });
    if (delta < 0) put.push({ ...stock, quantity: -delta });
  }
  for (const item of edit.items) {
    if (after.has(lineKey(item.product_id, item.variant_id)) || !item.product_id) continue;
    put.push({
      productId: item.product_id,
      variantId: item.variant_id,
      label: item.product_name,
      quantity: item.quantity,
    });
  }
  return { take, put };
}

/** The order's lines, discounts, tax lines and totals rewritten as the edit priced them. */
async function writeOrder(tx: Tx, edit: PricedEdit): Promise<void> {
  const { order, pricing } = edit;
  const { priced } = pricing;
  const pricedByKey = new Map(priced.lines.map((l) => [l.key, l]));
  for (const line of edit.lines) {
    const p = pricedByKey.get(line.key);
    const amounts = { total: p?.total ?? 0, discount: p?.discount ?? 0, tax: p?.tax ?? 0 };
    const item = edit.itemOf.get(line.key);
    if (item) {
      await tx.execute(
        sql`UPDATE order_items SET quantity = ${line.quantity}, total_amount = ${amounts.total},
            discount_amount = ${amounts.discount}, tax_amount = ${amounts.tax}
          WHERE id = ${item.id}::uuid`,
      );
    } else {
      await tx.execute(
        sql`INSERT INTO order_items (order_id, product_id, variant_id, product_name, variant_title, product_sku,
            image_url, quantity, price_per_item, cost_per_item, total_amount, discount_amount, tax_amount)
          VALUES (${order.id}::uuid, ${line.productId}::uuid, ${line.variantId}::uuid, ${line.productName},
            ${line.variantTitle}, ${line.sku}, ${line.imageUrl}, ${line.quantity}, ${line.unitPrice},
            ${line.cost}, ${amounts.total}, ${amounts.discount}, ${amounts.tax})`,
      );
    }
  }
  const kept = new Set([...edit.itemOf.values()].map((i) => i.id));
  const removed = edit.items.filter((i) => !kept.has(i.id)).map((i) => i.id);
  if (removed.length) {
    await tx.execute(
      sql`DELETE FROM order_items WHERE id IN (${sql.join(
        removed.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  await tx.execute(sql`DELETE FROM order_discounts WHERE order_id = ${order.id}::uuid`);
  for (const [position, d] of priced.discounts.entries()) {
    await tx.execute(
      sql`INSERT INTO order_discounts (order_id, discount_id, code, title, kind, amount, shipping_amount, position)
        VALUES (${order.id}::uuid, ${d.id}::uuid, ${d.code}, ${d.title}, ${d.kind}, ${d.amount},
          ${d.shippingAmount}, ${position})`,
    );
  }
  await tx.execute(sql`DELETE FROM order_tax_lines WHERE order_id = ${order.id}::uuid`);
  for (const [position, t] of priced.taxLines.entries()) {
    await tx.execute(
      sql`INSERT INTO order_tax_lines (order_id, name, rate_bps, amount, inclusive, position)
        VALUES (${order.id}::uuid, ${t.name}, ${t.rateBps}, ${t.amount}, ${t.inclusive}, ${position})`,
    );
  }
  const discount = priced.lines.reduce((s, l) => s + l.discount, 0);
  const amounts = {
    subtotal: priced.subtotal,
    discount,
    shipping: priced.shipping,
    tax: priced.tax,
    inclusive: order.tax_inclusive,
  };
  const base = edit.market ? orderInMarket(edit.market, amounts).base : { ...amounts, total: priced.total };
  const method = pricing.method;
  const codes = priced.discounts.flatMap((d) => (d.code ? [d.code] : []));
  await tx.execute(
    sql`UPDATE orders SET subtotal_amount = ${priced.subtotal}, discount_amount = ${discount},
        discount_codes = ${`{${codes.map((c) => JSON.stringify(c)).join(',')}}`}::text[],
        shipping_amount = ${priced.shipping}, tax_amount = ${priced.tax}, total_amount = ${priced.total},
        shipping_method = ${method?.name ?? order.shipping_method}, shipping_method_id = ${method?.id || null}::uuid,
        shipping_delivery_estimate = ${method?.deliveryEstimate ?? null},
        base_subtotal_amount = ${base.subtotal}, base_discount_amount = ${base.discount},
        base_shipping_amount = ${base.shipping}, base_tax_amount = ${base.tax}, base_total_amount = ${base.total},
        updated_at = now()
      WHERE id = ${order.id}::uuid`,
  );
}

/**
 * Commits an edit staff previewed, in one transaction: the order (locked, and unchanged since it was
 * priced, else 409) gets its new lines, discounts, tax and totals; stock is taken for added units
 * (never below zero: the checkout's conditional take) and given back for removed ones; the edit, the
 * timeline, the audit log, the `order.updated` webhook and the buyer's "order updated" email (with the
 * payment link when more is due) are written with it. A lower total is then refunded through the
 * refund steps of orders/refund-order.ts, its pending refund written in the same transaction.
 */
export async function commitOrderEdit(
  ctx: CheckoutContext,
  orderId: string,
  input: OrderEditBody,
  actor: { userId: string; audit: AuditActor },
): Promise<OrderEditResult> {
  const edit = await priceOrderEdit(ctx, orderId, input);
  const { order, preview } = edit;
  const difference = preview.difference;
  const provider = order.payment_provider ?? 'manual';
  if (difference < 0 && provider !== 'manual' && !ctx.provider.get(provider)) {
    throw new AppError(
      'conflict',
      'payment_provider_unavailable',
      `This order was paid through ${provider}, which this server has no credentials for: the difference cannot be refunded`,
    );
  }
  const committed = await ctx.db.transaction(async (tx) => {
    const now = await readEditedOrder(tx, orderId, true);
    assertEditable(now.order);
    if (stampOf(now.order, now.items) !== edit.stamp) {
      throw new AppError(
        'conflict',
        'order_changed',
        'This order changed since the edit was priced. Review the edit and try again.',
      );
    }
    const moves = stockMoves(edit);
    await setStockContext(tx, { reason: 'edit', ref: orderId, staffId: actor.userId });
    if (moves.take.length) {
      const taken = await reserveStock(tx, moves.take);
      if (!taken.ok) throw insufficientInventory(taken);
    }
    if (moves.put.length) await restoreStock(tx, moves.put);
    await writeOrder(tx, edit);
    const due = Math.max(0, difference);
    const [row] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`INSERT INTO order_edits (order_id, status, currency, total_before, total_after, amount_due, changes, created_by)
        VALUES (${orderId}::uuid, ${due > 0 ? 'awaiting_payment' : 'committed'}, ${order.currency},
          ${order.total_amount}, ${preview.after.total_amount}, ${due}, ${JSON.stringify(edit.changes)}::jsonb,
          ${actor.userId}::uuid)
        RETURNING id, to_json(created_at) #>> '{}' AS created_at`,
    );
    const editId = row!.id;
    const name = await actorName(tx, actor.userId);
    const total = totalChange(order.total_amount, preview.after.total_amount, order.currency);
    const settlement =
      difference > 0
        ? ` ${formatMoney(difference, order.currency)} is due from the buyer.`
        : difference < 0
          ? ` ${formatMoney(-difference, order.currency)} goes back to the buyer.`
          : '';
    await addEvent(
      tx,
      orderId,
      actor.userId,
      'edited',
      `${name} edited the order: ${describeChanges(edit.changes)}. Total ${total}.${settlement}`,
      {
        edit_id: editId,
        changes: edit.changes,
        total_before: order.total_amount,
        total_after: preview.after.total_amount,
      },
    );
    await audit.record(tx, actor.audit, {
      action: 'order.edited',
      target: { type: 'order', id: orderId, label: `#${order.order_number}` },
      changes: {
        total_amount: [order.total_amount, preview.after.total_amount],
        currency: [order.currency, order.currency],
        lines: [null, describeChanges(edit.changes)],
      },
    });
    await emitOrderEvent(tx, ctx.webhooks, 'order.updated', orderId, {
      edit: {
        id: editId,
        status: due > 0 ? 'awaiting_payment' : 'committed',
        amount_due: due,
        currency: order.currency,
      },
    });
    const refund =
      difference < 0
        ? await reserveEditRefund(
            tx,
            {
              id: orderId,
              currency: order.currency,
              provider,
              sessionId: order.payment_session_id,
              totalBefore: order.total_amount,
            },
            { amount: -difference, editId, actorId: actor.userId },
          )
        : null;
    const paymentUrl = due > 0 ? editPaymentUrl(ctx.config, editId, row!.created_at) : null;
    if (input.notify_customer !== false || paymentUrl) {
      const recipient = await orderRecipient(tx, orderId, ctx.config);
      if (recipient) {
        const email = await composeEmail(tx, ctx.config, 'order_updated', recipient.to, {
          ...recipient,
          changes: edit.changes,
          total: preview.after.total_amount,
          currency: order.currency,
          amount_due: due,
          refund_amount: Math.max(0, -difference),
          pay_url: paymentUrl,
        });
        await ctx.mailer.queue(tx, email);
      }
    }
    return { editId, refund, paymentUrl, due };
  });
  let refunded = 0;
  if (committed.refund) {
    const outcome = await settleWithProvider(ctx, committed.refund, actor.userId);
    if (outcome.ok) {
      await completeRefund(ctx, committed.refund.id, outcome.providerRefundId, actor.userId, {
        notify: false,
      });
      refunded = committed.refund.total;
    }
  }
  return {
    ...preview,
    edit_id: committed.editId,
    status: committed.due > 0 ? 'awaiting_payment' : 'committed',
    payment_url: committed.paymentUrl,
    refunded_amount: refunded,
  };
}
