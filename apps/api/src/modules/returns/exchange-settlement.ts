import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { formatMoney } from '@cartwheel/shared/money';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutLine } from '../checkout/checkout-lines.ts';
import { priceCheckout, readLinesAndRules } from '../checkout/price-checkout.ts';
import { composeEmail } from '../email/email-templates.ts';
import { orderInMarket } from '../markets/checkout-prices.ts';
import type { MarketPricing } from '../markets/market-cache.ts';
import { editPaymentUrl } from '../order-edits/order-edit-payments.ts';
import { lineKey, orderMarket, orderPlace } from '../order-edits/price-order-edit.ts';
import type { OrderEditChange } from '../orders/order-edits.schema.ts';
import { orderRecipient } from '../orders/order-emails.ts';
import { addEvent } from '../orders/order-steps.ts';
import type { orders } from '../orders/orders.schema.ts';
import { type PendingRefund, reserveEditRefund, share } from '../orders/refund-order.ts';
import type { PricedOrder, TaxLine } from '../pricing/types.ts';
import type { ReturnContext } from './return-emails.ts';
import { returnItems } from './returns.schema.ts';

// Receiving a return with exchanges (decision 0086): the returned units are credited at what the buyer
// paid for them, the replacements priced by the checkout's code for the order's place and market.

/** A return's held replacements priced as a checkout of them would be: by place, market and currency. */
export interface PricedReplacements {
  /** One line per replacement variant, at its price in the order's market, keyed `product:variant`. */
  lines: CheckoutLine[];
  priced: PricedOrder;
  market: MarketPricing | undefined;
  /** Return item id → the key of its replacement line. */
  keyOf: Map<string, string>;
}

/**
 * Prices a return's held replacements with the checkout's one price calculation (price-checkout.ts):
 * today's price in the order's market and currency, no discounts or shipping, and the tax of the
 * order's ship-to address as the order's prices carry it. Reads only; asks the tax service outside
 * any transaction. Null when the return holds no replacement.
 */
export async function priceReplacements(
  ctx: ReturnContext,
  orderId: string,
  returnId: string,
): Promise<PricedReplacements | null> {
  const held = await queryRows<{ id: string; product_id: string; variant_id: string; quantity: number }>(
    ctx.db,
    sql`SELECT ri.id, v.product_id, v.id AS variant_id, ri.quantity
      FROM return_items ri JOIN product_variants v ON v.id = ri.exchange_variant_id
      WHERE ri.return_id = ${returnId} AND ri.exchange_reserved AND ri.exchange_order_item_id IS NULL`,
  );
  if (!held.length) return null;
  const [order] = await queryRows<{
    currency: string;
    exchange_rate: string;
    tax_inclusive: boolean;
    shipping_address: ShippingAddress | null;
  }>(
    ctx.db,
    sql`SELECT currency, exchange_rate::text AS exchange_rate, tax_inclusive, shipping_address
      FROM orders WHERE id = ${orderId}::uuid`,
  );
  if (!order) throw new AppError('not_found', 'order_not_found', 'Order not found');
  const guestLines = held.map((h) => ({
    product_id: h.product_id,
    variant_id: h.variant_id,
    quantity: Number(h.quantity),
  }));
  const { lines, rules } = await readLinesAndRules(ctx, { guestLines }, null).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'product_unavailable') {
      throw new AppError(
        'conflict',
        'exchange_unavailable',
        `${(error.details as { name?: string } | undefined)?.name ?? 'The replacement'} is no longer sold: show it again to send it in exchange, or close the return`,
      );
    }
    throw error;
  });
  const market = await orderMarket(ctx, order);
  const pricing = await priceCheckout(ctx.db, {
    lines,
    // A replacement is sold at its price: the order's discounts stay with the units the buyer paid for.
    rules: { ...rules, discountRows: [] },
    ...orderPlace(ctx, order, market),
    shippingMethodId: null,
    code: null,
  });
  return {
    lines: pricing.lines,
    priced: pricing.priced,
    market,
    keyOf: new Map(held.map((h) => [h.id, lineKey(h.product_id, h.variant_id)])),
  };
}

interface HeldExchange {
  id: string;
  order_item_id: string;
  quantity: number;
  product_name: string;
  old_title: string | null;
  price_per_item: number;
  line_quantity: number;
  line_total: number;
  line_tax: number;
  /** Units of the returned line refunded or being refunded before this exchange. */
  taken: number;
}

/** What receiving a return's exchanges settled: the edit, and a refund or a payment link. */
export interface ExchangeSettlement {
  difference: number;
  refund: PendingRefund | null;
  paymentUrl: string | null;
}

/** The order as receiving an exchange reads it under its lock. */
export type ExchangeOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'currency'
  | 'taxInclusive'
  | 'subtotalAmount'
  | 'discountAmount'
  | 'shippingAmount'
  | 'taxAmount'
  | 'totalAmount'
  | 'paymentProvider'
  | 'paymentSessionId'
>;

/**
 * Receiving a return with exchanges, inside its transaction under the order's lock: each replacement
 * becomes a new order line to ship at its price and tax (`replacements`), the returned units are
 * counted as refunded and credited at what they were paid (their share of the line after its discount,
 * with its tax), and the difference is settled as an order edit (decision 0087): nothing when equal,
 * an amount due paid through the edit's payment link (the replacement ships once paid), or a refund
 * of what is over (its pending refund written here; the caller pays it after commit).
 */
export async function settleExchanges(
  tx: Tx,
  ctx: ReturnContext,
  order: ExchangeOrder,
  returnId: string,
  rma: string,
  actorId: string | null,
  replacements: PricedReplacements | null,
): Promise<ExchangeSettlement | null> {
  const held = await queryRows<HeldExchange>(
    tx,
    sql`SELECT ri.id, ri.order_item_id, ri.quantity, i.product_name, i.variant_title AS old_title,
        i.price_per_item, i.quantity AS line_quantity, i.total_amount AS line_total, i.tax_amount AS line_tax,
        i.refunded_quantity + COALESCE((SELECT sum(rl.quantity) FROM refund_lines rl JOIN refunds r
          ON r.id = rl.refund_id WHERE rl.order_item_id = i.id AND r.status <> 'failed'), 0) AS taken
      FROM return_items ri JOIN order_items i ON i.id = ri.order_item_id
      WHERE ri.return_id = ${returnId} AND ri.exchange_reserved AND ri.exchange_order_item_id IS NULL
      ORDER BY i.created_at, i.id`,
  );
  if (!held.length) return null;
  if (!replacements || held.some((h) => !replacements.keyOf.has(h.id))) {
    throw new AppError('conflict', 'return_changed', `Return ${rma} changed meanwhile: receive it again`);
  }
  const changes: OrderEditChange[] = [];
  const old = { subtotal: 0, total: 0, tax: 0 };
  const takenSoFar = new Map<string, number>();
  for (const h of held) {
    const quantity = Number(h.quantity);
    const from = Number(h.taken) + (takenSoFar.get(h.order_item_id) ?? 0);
    takenSoFar.set(h.order_item_id, (takenSoFar.get(h.order_item_id) ?? 0) + quantity);
    const whole = Number(h.line_quantity);
    old.subtotal += Number(h.price_per_item) * quantity;
    old.total += share(Number(h.line_total), from, from + quantity, whole);
    old.tax += share(Number(h.line_tax), from, from + quantity, whole);
    await tx.execute(
      sql`UPDATE order_items SET refunded_quantity = refunded_quantity + ${quantity} WHERE id = ${h.order_item_id}::uuid`,
    );
    const oldName = h.old_title ? `${h.product_name} (${h.old_title})` : h.product_name;
    changes.push({ kind: 'removed', name: oldName, from: quantity, to: 0 });
  }
  const { priced, lines, market } = replacements;
  const lineOf = new Map<string, string>();
  const pricedOf = new Map(priced.lines.map((p) => [p.key, p]));
  for (const line of lines) {
    const p = pricedOf.get(line.key)!;
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO order_items (order_id, product_id, variant_id, product_name, variant_title, product_sku,
          image_url, quantity, price_per_item, cost_per_item, total_amount, discount_amount, tax_amount)
        VALUES (${order.id}::uuid, ${line.productId}::uuid, ${line.variantId}::uuid, ${line.productName},
          ${line.variantTitle}, ${line.sku}, ${line.imageUrl}, ${line.quantity}, ${line.unitPrice},
          ${line.cost}, ${p.total}, ${p.discount}, ${p.tax})
        RETURNING id`,
    );
    lineOf.set(line.key, row!.id);
    changes.push({ kind: 'added', name: line.label, from: 0, to: line.quantity });
  }
  const inclusive = order.taxInclusive;
  const paidFor = (total: number, tax: number) => total + (inclusive ? 0 : tax);
  const difference = priced.total - paidFor(old.total, old.tax);
  const amounts = {
    subtotal: order.subtotalAmount + priced.subtotal - old.subtotal,
    discount: order.discountAmount - (old.subtotal - old.total),
    shipping: order.shippingAmount,
    tax: order.taxAmount + priced.tax - old.tax,
    inclusive,
  };
  const totalAfter = order.totalAmount + difference;
  const base = market ? orderInMarket(market, amounts).base : { ...amounts, total: totalAfter };
  await tx.execute(
    sql`UPDATE orders SET subtotal_amount = ${amounts.subtotal}, discount_amount = ${amounts.discount},
        tax_amount = ${amounts.tax}, total_amount = ${totalAfter},
        base_subtotal_amount = ${base.subtotal}, base_discount_amount = ${base.discount},
        base_shipping_amount = ${base.shipping}, base_tax_amount = ${base.tax}, base_total_amount = ${base.total},
        fulfillment_status = 'partial', updated_at = now()
      WHERE id = ${order.id}::uuid`,
  );
  await moveTaxLines(tx, order.id, old.tax, priced.taxLines);
  const due = Math.max(0, difference);
  const [edit] = await queryRows<{ id: string; created_at: string }>(
    tx,
    sql`INSERT INTO order_edits (order_id, status, currency, total_before, total_after, amount_due, changes, created_by)
      VALUES (${order.id}::uuid, ${due > 0 ? 'awaiting_payment' : 'committed'}, ${order.currency},
        ${order.totalAmount}, ${totalAfter}, ${due}, ${JSON.stringify(changes)}::jsonb, ${actorId}::uuid)
      RETURNING id, to_json(created_at) #>> '{}' AS created_at`,
  );
  for (const h of held) {
    await tx
      .update(returnItems)
      .set({ exchangeOrderItemId: lineOf.get(replacements.keyOf.get(h.id)!)!, exchangeEditId: edit!.id })
      .where(eq(returnItems.id, h.id));
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

/**
 * The order's tax lines after an exchange: the returned units' tax comes off each in proportion (an
 * order line does not keep its tax by rate), the replacements' tax is added to the line of its rate.
 */
async function moveTaxLines(tx: Tx, orderId: string, removed: number, added: TaxLine[]): Promise<void> {
  const rows = await queryRows<{
    id: string;
    name: string;
    rate_bps: number;
    amount: number;
    inclusive: boolean;
    position: number;
  }>(
    tx,
    sql`SELECT id, name, rate_bps::float8 AS rate_bps, amount, inclusive, position
      FROM order_tax_lines WHERE order_id = ${orderId}::uuid ORDER BY position, id`,
  );
  const whole = rows.reduce((sum, r) => sum + Number(r.amount), 0);
  const off = Math.min(removed, whole);
  let before = 0;
  const lines = rows.map((r) => {
    const amount = Number(r.amount);
    const taken = whole ? share(off, before, before + amount, whole) : 0;
    before += amount;
    return { ...r, rate_bps: Number(r.rate_bps), amount: amount - taken, changed: taken > 0, fresh: false };
  });
  for (const t of added) {
    if (t.amount === 0) continue;
    const same = lines.find(
      (l) => l.name === t.name && l.rate_bps === t.rateBps && l.inclusive === t.inclusive,
    );
    if (same) {
      same.amount += t.amount;
      same.changed = true;
    } else {
      lines.push({
        id: '',
        name: t.name,
        rate_bps: t.rateBps,
        amount: t.amount,
        inclusive: t.inclusive,
        position: Math.max(-1, ...lines.map((l) => l.position)) + 1,
        changed: true,
        fresh: true,
      });
    }
  }
  for (const l of lines) {
    if (l.fresh) {
      await tx.execute(
        sql`INSERT INTO order_tax_lines (order_id, name, rate_bps, amount, inclusive, position)
          VALUES (${orderId}::uuid, ${l.name}, ${l.rate_bps}, ${l.amount}, ${l.inclusive}, ${l.position})`,
      );
    } else if (l.changed) {
      await tx.execute(sql`UPDATE order_tax_lines SET amount = ${l.amount} WHERE id = ${l.id}::uuid`);
    }
  }
}
