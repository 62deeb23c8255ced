import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import type { OrderEditBody, OrderEditPreview } from '@cartwheel/shared/contracts/order-edits';
import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { formatMoney } from '@cartwheel/shared/money';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import type { CheckoutLine } from '../checkout/checkout-lines.ts';
import { type CheckoutPricing, priceCheckout, readLinesAndRules } from '../checkout/price-checkout.ts';
import type { MarketPricing } from '../markets/market-cache.ts';
import type { OrderEditChange } from '../orders/order-edits.schema.ts';

/** The order as an edit reads it. */
export interface EditedOrder {
  id: string;
  order_number: number;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  currency: string;
  exchange_rate: string;
  tax_inclusive: boolean;
  shipping_method_id: string | null;
  shipping_method: string | null;
  shipping_address: ShippingAddress | null;
  discount_codes: string[];
  subtotal_amount: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  payment_provider: string | null;
  payment_session_id: string | null;
  customer_email: string | null;
  awaiting_payment: boolean;
}

/** An order line as an edit reads it; `locked` units were shipped or refunded and stay. */
export interface EditedItem {
  id: string;
  product_id: string | null;
  variant_id: string | null;
  product_name: string;
  variant_title: string | null;
  product_sku: string;
  quantity: number;
  price_per_item: number;
  locked: number;
  /** A gift card line (decision 0094): its cards were issued on payment. */
  gift_card: boolean;
}

export const lineKey = (productId: string | null, variantId: string | null) =>
  `${productId ?? ''}:${variantId ?? ''}`;

const orderNotFound = () => new AppError('not_found', 'order_not_found', 'Order not found');

/** The order and its lines; `lock` locks the order's row for the caller's transaction. */
export async function readEditedOrder(conn: Db | Tx, orderId: string, lock = false) {
  const [order] = await queryRows<EditedOrder>(
    conn,
    sql`SELECT o.id, o.order_number, o.status, o.payment_status, o.fulfillment_status, o.currency,
        o.exchange_rate::text AS exchange_rate, o.tax_inclusive, o.shipping_method_id, o.shipping_method,
        o.shipping_address, o.discount_codes, o.subtotal_amount, o.discount_amount, o.shipping_amount,
        o.tax_amount, o.total_amount, o.payment_provider, o.payment_session_id, o.customer_email,
        EXISTS (SELECT 1 FROM order_edits e WHERE e.order_id = o.id AND e.status = 'awaiting_payment')
          AS awaiting_payment
      FROM orders o WHERE o.id = ${orderId}::uuid AND o.order_number IS NOT NULL
      ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  if (!order) throw orderNotFound();
  const items = await queryRows<EditedItem>(
    conn,
    sql`SELECT i.id, i.product_id, i.variant_id, i.product_name, i.variant_title, i.product_sku, i.quantity,
        i.price_per_item, (i.fulfilled_quantity + i.refunded_quantity + COALESCE((SELECT sum(rl.quantity)
          FROM refund_lines rl JOIN refunds r ON r.id = rl.refund_id
          WHERE rl.order_item_id = i.id AND r.status <> 'failed'), 0))::int AS locked,
        i.gift_card IS NOT NULL AS gift_card
      FROM order_items i WHERE i.order_id = ${orderId}::uuid ORDER BY i.created_at, i.product_name, i.id`,
  );
  return { order, items };
}

/** Refuses an edit of an order that is cancelled, fully shipped, not paid, or waiting for an amount due. */
export function assertEditable(order: EditedOrder): void {
  const refuse = (code: string, message: string) => new AppError('conflict', code, message);
  if (order.status === 'cancelled') throw refuse('order_cancelled', 'A cancelled order cannot be edited');
  if (order.fulfillment_status === 'fulfilled' || order.status === 'delivered') {
    throw refuse('order_fulfilled', 'A fulfilled order cannot be edited');
  }
  if (order.payment_status !== 'paid' && order.payment_status !== 'partially_refunded') {
    throw refuse('order_not_paid', 'Only a paid order can be edited');
  }
  if (order.awaiting_payment) {
    throw refuse(
      'edit_awaiting_payment',
      'The buyer has not paid the amount due of the last edit yet: it can be edited once they have',
    );
  }
}

/** The market the order was sold in, at the order's own exchange rate; undefined: the base prices. */
export async function orderMarket(
  ctx: Pick<CheckoutContext, 'db' | 'markets'>,
  order: Pick<EditedOrder, 'currency' | 'exchange_rate'>,
): Promise<MarketPricing | undefined> {
  if (!ctx.markets) return undefined;
  const { markets } = await ctx.markets.state(ctx.db);
  const base = markets.find((m) => m.isBase);
  if (base?.currency === order.currency) return undefined;
  const market = markets.find((m) => m.currency === order.currency);
  if (!base || !market) {
    throw new AppError(
      'conflict',
      'order_market_gone',
      `No market sells in ${order.currency} any more: this order cannot be priced again`,
    );
  }
  return { market, base: base.currency, rate: order.exchange_rate };
}

/**
 * What prices an order again as it was sold: its ship-to place, currency, market and tax-inclusiveness,
 * and the shop's tax service. No customer: the order holds its own use of a once-per-customer code.
 */
export function orderPlace(
  ctx: Pick<CheckoutContext, 'taxProvider'>,
  order: Pick<EditedOrder, 'shipping_address' | 'currency' | 'tax_inclusive'>,
  market: MarketPricing | undefined,
) {
  const address = order.shipping_address;
  return {
    country: address?.country ?? DEFAULT_COUNTRY,
    state: address?.state_province ?? null,
    postalCode: address?.postal_code ?? null,
    city: address?.city ?? null,
    customerId: null,
    email: null,
    taxProvider: ctx.taxProvider,
    pricesIncludeTax: order.tax_inclusive,
    currency: order.currency,
    market,
  };
}

/** An edit priced: the preview staff see, and what committing it writes. */
export interface PricedEdit {
  order: EditedOrder;
  items: EditedItem[];
  pricing: CheckoutPricing;
  market: MarketPricing | undefined;
  /** The edited lines at their prices, keyed `product:variant`. */
  lines: CheckoutLine[];
  /** Order item id of each edited line that was on the order. */
  itemOf: Map<string, EditedItem>;
  changes: OrderEditChange[];
  preview: OrderEditPreview;
  /** What the order's lines and totals were when priced: a commit refuses an order changed since. */
  stamp: string;
}

/** The order's lines and totals as one string: equal only when nothing changed between two reads. */
export function stampOf(order: EditedOrder, items: EditedItem[]): string {
  return JSON.stringify([
    order.total_amount,
    order.shipping_method_id,
    order.payment_status,
    order.fulfillment_status,
    items.map((i) => [i.id, i.quantity, i.locked]),
  ]);
}

const labelOf = (l: { product_name: string; variant_title: string | null }) =>
  l.variant_title ? `${l.product_name} (${l.variant_title})` : l.product_name;

function checkLocked(items: EditedItem[], quantities: Map<string, number>): void {
  for (const item of items) {
    const quantity = quantities.get(lineKey(item.product_id, item.variant_id)) ?? 0;
    if (quantity < item.locked) {
      throw new AppError(
        'conflict',
        'quantity_below_fulfilled',
        `${item.locked} of ${labelOf(item)} have shipped or been refunded: keep at least ${item.locked}`,
        [{ field: 'body.lines', message: `Keep at least ${item.locked} of ${labelOf(item)}` }],
      );
    }
  }
}

/**
 * Gift cards are bought with their recipient in the storefront and issued on payment (decision 0094):
 * an edit neither adds one nor changes an order that has one (disable a card and refund it instead).
 */
const giftCardLine = () =>
  new AppError(
    'unprocessable',
    'gift_card_line',
    'Gift cards cannot be added in an edit, and an order with gift cards cannot be edited: disable a card and refund it, or issue one on the Gift cards screen',
  );

/**
 * Prices the order as the edit leaves it, with the checkout's one price calculation
 * (checkout/price-checkout.ts) in the order's currency and exchange rate: lines that were on the order
 * keep the price they were sold at, added lines take today's price in the order's market; the
 * discounts in force (and the order's code) and the tax of its address are worked out again. Reads only.
 */
export async function priceOrderEdit(
  ctx: CheckoutContext,
  orderId: string,
  input: Pick<OrderEditBody, 'lines' | 'shipping_method_id'>,
): Promise<PricedEdit> {
  const { order, items } = await readEditedOrder(ctx.db, orderId);
  assertEditable(order);
  const quantities = new Map(
    input.lines.map((l) => [lineKey(l.product_id, l.variant_id ?? null), l.quantity]),
  );
  checkLocked(items, quantities);
  const byKey = new Map<string, EditedItem>();
  for (const item of items) {
    const key = lineKey(item.product_id, item.variant_id);
    if (!byKey.has(key)) byKey.set(key, item);
  }
  const code = order.discount_codes[0] ?? null;
  const guestLines = input.lines.map((l) => ({ ...l, variant_id: l.variant_id ?? null }));
  if (items.some((item) => item.gift_card)) throw giftCardLine();
  const { lines: read, rules } = await readLinesAndRules(ctx, { guestLines }, code).catch((error) => {
    // A gift card's line asks for its recipient: here the product is refused for what it is.
    throw error instanceof AppError && error.code === 'gift_card_recipient_required' ? giftCardLine() : error;
  });
  const market = await orderMarket(ctx, order);
  const keptPrices = new Map<string, number>();
  for (const line of read) {
    const item = byKey.get(line.key);
    if (item) keptPrices.set(line.key, item.price_per_item);
  }
  const methodId = input.shipping_method_id ?? order.shipping_method_id;
  const pricing = await priceCheckout(ctx.db, {
    lines: read,
    rules,
    ...orderPlace(ctx, order, market),
    shippingMethodId: methodId,
    code,
    keptPrices,
  });
  if (methodId && pricing.method?.id !== methodId) {
    throw new AppError(
      'unprocessable',
      'unknown_shipping_method',
      'Choose a shipping method this address has',
      [{ field: 'body.shipping_method_id', message: 'Choose a shipping method this address has' }],
    );
  }
  const itemOf = new Map<string, EditedItem>();
  for (const line of pricing.lines) {
    const item = byKey.get(line.key);
    if (item) itemOf.set(line.key, item);
  }
  const changes = changesOf(order, items, pricing, quantities, byKey);
  if (changes.length === 0) {
    throw new AppError('unprocessable', 'nothing_changed', 'Nothing was changed on this order');
  }
  return {
    order,
    items,
    pricing,
    market,
    lines: pricing.lines,
    itemOf,
    changes,
    preview: previewOf(order, items, pricing, itemOf, quantities),
    stamp: stampOf(order, items),
  };
}

function changesOf(
  order: EditedOrder,
  items: EditedItem[],
  pricing: CheckoutPricing,
  quantities: Map<string, number>,
  byKey: Map<string, EditedItem>,
): OrderEditChange[] {
  const changes: OrderEditChange[] = [];
  for (const line of pricing.lines) {
    const item = byKey.get(line.key);
    if (!item) changes.push({ kind: 'added', name: line.label, from: null, to: line.quantity });
    else if (item.quantity !== line.quantity) {
      changes.push({ kind: 'quantity', name: line.label, from: item.quantity, to: line.quantity });
    }
  }
  for (const item of items) {
    if (!quantities.has(lineKey(item.product_id, item.variant_id))) {
      changes.push({ kind: 'removed', name: labelOf(item), from: item.quantity, to: null });
    }
  }
  const method = pricing.method;
  if ((method?.id ?? null) !== order.shipping_method_id) {
    changes.push({
      kind: 'shipping',
      name: 'Shipping',
      from: order.shipping_method,
      to: method?.name ?? null,
    });
  }
  return changes;
}

/** The timeline's sentence of an edit's changes. */
export function describeChanges(changes: OrderEditChange[]): string {
  return changes
    .map((c) => {
      if (c.kind === 'added') return `added ${c.name} × ${c.to}`;
      if (c.kind === 'removed') return `removed ${c.name} × ${c.from}`;
      if (c.kind === 'quantity') return `changed ${c.name} from ${c.from} to ${c.to}`;
      return `changed shipping from ${c.from ?? 'none'} to ${c.to ?? 'none'}`;
    })
    .join(', ');
}

/** "$10.00 → $12.50" in the order's currency. */
export const totalChange = (before: number, after: number, currency: string) =>
  `${formatMoney(before, currency)} → ${formatMoney(after, currency)}`;

function previewOf(
  order: EditedOrder,
  items: EditedItem[],
  pricing: CheckoutPricing,
  itemOf: Map<string, EditedItem>,
  quantities: Map<string, number>,
): OrderEditPreview {
  const { priced } = pricing;
  const lineDiscount = priced.lines.reduce((s, l) => s + l.discount, 0);
  const pricedByKey = new Map(priced.lines.map((l) => [l.key, l]));
  const lines: OrderEditPreview['lines'] = pricing.lines.map((line) => {
    const item = itemOf.get(line.key);
    const p = pricedByKey.get(line.key);
    const change = !item ? 'added' : item.quantity === line.quantity ? 'kept' : 'quantity';
    return {
      order_item_id: item?.id ?? null,
      product_id: line.productId,
      variant_id: line.variantId,
      product_name: line.productName,
      variant_title: line.variantTitle,
      sku: line.sku,
      price_per_item: line.unitPrice,
      quantity_before: item?.quantity ?? 0,
      quantity: line.quantity,
      locked_quantity: item?.locked ?? 0,
      total_amount: p?.total ?? 0,
      change,
    };
  });
  for (const item of items) {
    if (quantities.has(lineKey(item.product_id, item.variant_id))) continue;
    lines.push({
      order_item_id: item.id,
      product_id: item.product_id,
      variant_id: item.variant_id,
      product_name: item.product_name,
      variant_title: item.variant_title,
      sku: item.product_sku,
      price_per_item: item.price_per_item,
      quantity_before: item.quantity,
      quantity: 0,
      locked_quantity: item.locked,
      total_amount: 0,
      change: 'removed',
    });
  }
  return {
    currency: order.currency,
    before: {
      subtotal_amount: order.subtotal_amount,
      discount_amount: order.discount_amount,
      shipping_amount: order.shipping_amount,
      tax_amount: order.tax_amount,
      total_amount: order.total_amount,
    },
    after: {
      subtotal_amount: priced.subtotal,
      discount_amount: lineDiscount,
      shipping_amount: priced.shipping,
      tax_amount: priced.tax,
      total_amount: priced.total,
    },
    lines,
    shipping_method_id: pricing.method?.id ?? null,
    shipping_method: pricing.method?.name ?? null,
    shipping_methods: pricing.methods.map((m) => ({ id: m.id, name: m.name, amount: m.amount })),
    discounts: priced.discounts.map((d) => ({ title: d.title, code: d.code, amount: d.amount })),
    difference: priced.total - order.total_amount,
  };
}
