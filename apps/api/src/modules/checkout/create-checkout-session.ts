import type { CustomerInfo } from '@cartwheel/shared/contracts/checkout';
import { unitPrice } from '@cartwheel/shared/money';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import { orders } from '../orders/orders.schema.ts';
import { checkoutCancelUrl, checkoutSuccessUrl } from '../payments/checkout-urls.ts';
import type { PaymentSession } from '../payments/payment-provider.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { cancelPendingOrder } from './expire-checkouts.ts';
import { finalizeCheckout } from './finalize-checkout.ts';
import {
  insufficientMessage,
  lockStockRows,
  type OrderStockRow,
  orderStockLinesJson,
  prepareTake,
  type StockLine,
  type StockRow,
  shortage,
  stockMove,
  stockRows,
  toStockLines,
} from './stock.ts';

interface CartLineRow {
  product_id: string;
  variant_id: string | null;
  quantity: number;
  product_name: string;
  product_sku: string;
  product_price: number;
  product_sale_price: number | null;
  product_cost_price: number | null;
  product_available: boolean;
  has_variants: boolean;
  variant_found: boolean;
  variant_sku: string | null;
  variant_price: number | null;
  variant_sale_price: number | null;
  variant_cost_price: number | null;
  variant_title: string | null;
}

export interface CheckoutTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/** Shipping and tax from the shop's settings (both 0 unless configured). All in cents. */
export function checkoutTotals(
  subtotal: number,
  settings: CheckoutContext['config']['checkout'],
): CheckoutTotals {
  const freeShipping =
    settings.shippingFreeOverCents !== undefined && subtotal >= settings.shippingFreeOverCents;
  const shipping = freeShipping ? 0 : settings.shippingFlatCents;
  const tax = Math.round((subtotal * settings.taxRateBps) / 10_000);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** A conflict, insufficient_inventory: "Only N left of {name}" or "{name} is out of stock". */
function insufficientInventory(short: { line: StockLine; available: number }): AppError {
  return new AppError(
    'conflict',
    'insufficient_inventory',
    insufficientMessage(short.line.label, short.available),
    {
      product_id: short.line.productId,
      variant_id: short.line.variantId,
      available: short.available,
    },
  );
}

export interface CreatedCheckout {
  url: string;
  orderId: string;
  sessionId: string;
}

/** A cart line as the order records it: today's database price, cost and names. */
interface CheckoutLine extends StockLine {
  productName: string;
  variantTitle: string | null;
  sku: string;
  price: number;
  cost: number | null;
}

/** What the order step wrote: the pending order holding the stock, and what it was made from. */
interface PlacedOrder {
  order: { id: string; orderNumber: number; expiresAt: Date };
  lines: CheckoutLine[];
  totals: CheckoutTotals;
}

/**
 * Starts paying for the shopper's server cart, in steps: read the lines at today's database prices;
 * reserve the stock of every line (all or none) and create the pending order with a snapshot of each
 * line, in one statement; open the provider's payment session. When that last step fails, its
 * compensation cancels the order and returns the stock at once. Nothing the client sends about items
 * or prices is used. The cart itself is kept until the order is paid.
 */
export async function createCheckoutSession(
  ctx: CheckoutContext,
  viewer: { userId: string },
  info: CustomerInfo,
): Promise<CreatedCheckout> {
  await settleEarlierSessions(ctx, viewer.userId);
  const lines = await readCartLines(ctx, viewer.userId);
  const totals = checkoutTotals(
    lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    ctx.config.checkout,
  );
  const reserved = await reserveStockAndPlaceOrder(ctx, viewer.userId, info, lines, totals);
  await expireReplacedSessions(ctx, reserved.replaced);
  if (!reserved.order) throw insufficientInventory(reserved.short);
  const placed: PlacedOrder = { order: reserved.order, lines, totals };

  let session: PaymentSession;
  try {
    session = await openPaymentSession(ctx, info, placed);
  } catch (error) {
    ctx.log.error({ err: error, orderId: placed.order.id }, 'payment provider could not open a session');
    await releaseReservation(ctx, placed.order.id);
    throw new AppError(
      'upstream_failed',
      'payment_provider_error',
      'The payment service could not be reached. Please try again in a moment.',
    );
  }
  if (!session.recordedOnOrder) {
    await ctx.db
      .update(orders)
      .set({ paymentSessionId: session.id, updatedAt: new Date() })
      .where(eq(orders.id, placed.order.id));
  }
  await ensureStillOpen(ctx, placed.order.id, session.id);
  return { url: session.url, orderId: placed.order.id, sessionId: session.id };
}

/**
 * The shopper's cart lines at today's database prices, oldest first, each checked: a line whose
 * product was hidden or deleted since, or that lacks its variant, stops the checkout.
 */
async function readCartLines(ctx: CheckoutContext, userId: string): Promise<CheckoutLine[]> {
  // Read on its own: it takes no lock, and under READ COMMITTED a transaction around it would not
  // keep the prices still either. What it finds is what the order records.
  const rows = await queryPrepared<CartLineRow>(
    ctx.db,
    sql`SELECT ci.product_id, ci.variant_id, ci.quantity,
        p.name AS product_name, p.sku AS product_sku, p.price AS product_price,
        p.sale_price AS product_sale_price, p.cost_price AS product_cost_price,
        (p.is_visible AND p.deleted_at IS NULL) AS product_available,
        EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) AS has_variants,
        (v.id IS NOT NULL) AS variant_found, v.sku AS variant_sku, v.price AS variant_price,
        v.sale_price AS variant_sale_price, v.cost_price AS variant_cost_price,
        ${variantTitleSql('v')} AS variant_title
      FROM cart_items ci
      JOIN products p ON p.id = ci.product_id
      LEFT JOIN product_variants v ON v.id = ci.variant_id AND v.product_id = ci.product_id
      WHERE ci.user_id = ${userId}
      ORDER BY ci.created_at, ci.id`,
  );
  if (rows.length === 0) throw new AppError('invalid', 'cart_empty', 'Your cart is empty');

  return rows.map((row) => {
    const title = row.variant_id !== null ? row.variant_title || null : null;
    const label = title ? `${row.product_name} (${title})` : row.product_name;
    if (!row.product_available || (row.variant_id !== null && !row.variant_found)) {
      throw new AppError(
        'conflict',
        'product_unavailable',
        `${label} is no longer available. Remove it from your cart to check out.`,
        { product_id: row.product_id, variant_id: row.variant_id },
      );
    }
    if (row.variant_id === null && row.has_variants) {
      throw new AppError('conflict', 'variant_required', `Please choose the options of ${row.product_name}`, {
        product_id: row.product_id,
      });
    }
    // THE price rule (docs/decisions/0002-money-and-prices.md), on today's database prices.
    const price = unitPrice(
      { price: row.product_price, sale_price: row.product_sale_price },
      row.variant_id !== null ? { price: row.variant_price ?? 0, sale_price: row.variant_sale_price } : null,
    );
    return {
      productId: row.product_id,
      variantId: row.variant_id,
      quantity: row.quantity,
      label,
      productName: row.product_name,
      variantTitle: title,
      sku: (row.variant_id !== null ? row.variant_sku : row.product_sku) ?? row.product_sku,
      price,
      cost:
        row.variant_id !== null ? (row.variant_cost_price ?? row.product_cost_price) : row.product_cost_price,
    };
  });
}

/** What the reservation transaction did: the new order, or the short line, and the checkouts it replaced. */
type Reservation = {
  replaced: ReplacedCheckout[];
} & (
  | { order: PlacedOrder['order']; short?: undefined }
  | { order: null; short: { line: StockLine; available: number } }
);

/**
 * In one transaction, under the shopper's checkout lock: cancels the shopper's earlier pending
 * checkouts (their stock returned), then takes the stock of every line and creates the pending order
 * with a snapshot of each line, all or nothing. A short line leaves no order (the earlier checkouts
 * stay released) and is reported for the caller to answer with a conflict naming it.
 */
async function reserveStockAndPlaceOrder(
  ctx: CheckoutContext,
  userId: string,
  info: CustomerInfo,
  lines: CheckoutLine[],
  totals: CheckoutTotals,
): Promise<Reservation> {
  const { db, config, provider } = ctx;
  const ttlMinutes = config.checkout.sessionTtlMinutes;
  const stock = stockRows(lines);
  const take = stockMove(stock, -1);
  if (!take) throw new Error('a cart line without a stock row');
  const shippingAddress = {
    first_name: info.firstName,
    last_name: info.lastName,
    address_line_1: info.address,
    address_line_2: null,
    city: info.city,
    state_province: info.state || null,
    postal_code: info.postalCode,
    country: info.country,
  };
  const items = lines.map((l) => ({
    product_id: l.productId,
    variant_id: l.variantId,
    product_name: l.productName,
    variant_title: l.variantTitle,
    product_sku: l.sku,
    quantity: l.quantity,
    price_per_item: l.price,
    cost_per_item: l.cost,
    total_amount: l.price * l.quantity,
  }));

  // One statement: take the stock of every row, and only when every row was taken create the order
  // and a snapshot of each line. A statement is atomic, so a short line writes nothing at all.
  const placeOrder = async (conn: Db | Tx) => {
    const [row] = await queryPrepared<{
      moved: number;
      id: string | null;
      order_number: number | null;
      expires_at: string | null;
    }>(
      conn,
      sql`WITH ${take.ctes},
        o AS (
          INSERT INTO orders (customer_id, customer_email, customer_first_name, customer_last_name,
            shipping_address, shipping_method, subtotal_amount, shipping_amount, tax_amount, total_amount,
            payment_provider, expires_at)
          SELECT ${userId}::uuid, ${info.email}, ${info.firstName}, ${info.lastName},
            ${JSON.stringify(shippingAddress)}::jsonb, 'Standard', ${totals.subtotal}::int, ${totals.shipping}::int,
            ${totals.tax}::int, ${totals.total}::int, ${provider.name},
            -- The reservation lasts this long; then the sweeper cancels the order and returns the stock.
            now() + make_interval(mins => ${ttlMinutes}::int)
          WHERE ${take.moved} = ${stock.length}::int
          RETURNING id, order_number, expires_at),
        items AS (
          INSERT INTO order_items (order_id, product_id, variant_id, product_name, variant_title, product_sku,
            quantity, price_per_item, cost_per_item, total_amount)
          SELECT o.id, x.product_id, x.variant_id, x.product_name, x.variant_title, x.product_sku,
            x.quantity, x.price_per_item, x.cost_per_item, x.total_amount
          FROM o, jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x(product_id uuid, variant_id uuid,
            product_name text, variant_title text, product_sku text, quantity int, price_per_item int,
            cost_per_item int, total_amount int))
        SELECT ${take.moved} AS moved, o.id, o.order_number, to_json(o.expires_at) #>> '{}' AS expires_at
        FROM (SELECT 1) one LEFT JOIN o ON true`,
    );
    if (!row?.id || row.order_number === null || row.expires_at === null) return null;
    return { id: row.id, orderNumber: row.order_number, expiresAt: new Date(row.expires_at) };
  };
  return db.transaction(async (tx): Promise<Reservation> => {
    // First in the transaction: concurrent checkouts of one shopper run this one at a time, so each
    // sees (and cancels) the order the previous one placed. Other shoppers are not held up.
    await queryPrepared(
      tx,
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}::text, 0))`,
    );
    const replaced = await cancelEarlierCheckouts(tx, userId, stock);
    // Several rows: lock them in the global order first (no deadlock with another checkout).
    const short = await prepareTake(tx, stock);
    if (short && !short.ok) return { replaced, order: null, short };
    const order = await placeOrder(tx);
    // Nothing was written: say which line is short, as the stock is now.
    if (!order) return { replaced, order: null, short: await shortage(tx, stock) };
    return { replaced, order };
  });
}

/**
 * Opens the provider's payment session for the placed order. Called outside any transaction: no row
 * stays locked while a network call runs.
 */
function openPaymentSession(
  ctx: CheckoutContext,
  info: CustomerInfo,
  { order, lines, totals }: PlacedOrder,
): Promise<PaymentSession> {
  return ctx.provider.createSession({
    orderId: order.id,
    orderNumber: order.orderNumber,
    amount: totals.total,
    currency: 'USD',
    lines: lines.map((l) => ({ name: l.label, unitAmount: l.price, quantity: l.quantity })),
    shippingAmount: totals.shipping,
    taxAmount: totals.tax,
    customerEmail: info.email,
    successUrl: checkoutSuccessUrl(ctx.config.publicUrl),
    cancelUrl: checkoutCancelUrl(ctx.config.publicUrl),
    expiresAt: order.expiresAt,
  });
}

/**
 * The compensation of reserveStockAndPlaceOrder when no payment session could be opened: the pending
 * order is cancelled and its stock given back now, rather than when the reservation would expire.
 */
async function releaseReservation(ctx: CheckoutContext, orderId: string): Promise<void> {
  await ctx.db.transaction((tx) =>
    cancelPendingOrder(tx, orderId, {
      type: 'checkout_failed',
      message: 'The payment provider could not open a payment session; the reserved stock was returned.',
    }),
  );
}

/** An earlier checkout of the shopper that a new one cancelled. */
interface ReplacedCheckout {
  id: string;
  payment_session_id: string | null;
}

/**
 * A shopper who starts a new checkout has left the previous one (closed the payment tab, came back to
 * change the cart): its session is expired at the provider and its stock released first, so their own
 * reservation never blocks them. A previous session that was paid meanwhile is finalised instead,
 * exactly as the sweeper would. Orders without a session id yet, and any this misses, are cancelled in
 * the reservation's transaction (cancelEarlierCheckouts).
 */
async function settleEarlierSessions(ctx: CheckoutContext, userId: string): Promise<void> {
  // Their stock lines come along: they never change, and cancelling needs them.
  const earlier = await queryPrepared<{ id: string; payment_session_id: string; lines: OrderStockRow[] }>(
    ctx.db,
    sql`SELECT o.id, o.payment_session_id, ${orderStockLinesJson(sql`o.id`)} AS lines FROM orders o
      WHERE o.customer_id = ${userId}::uuid AND o.status = 'pending' AND o.payment_status = 'unpaid'
        AND o.payment_session_id IS NOT NULL`,
  );
  for (const order of earlier) {
    try {
      const state = await ctx.provider.expireSession(order.payment_session_id);
      if (state.status === 'paid') {
        await finalizeCheckout(ctx, order.payment_session_id);
        continue;
      }
      await cancelPendingOrder(ctx.db, order.id, REPLACED, toStockLines(order.lines));
    } catch (error) {
      // The provider is unreachable: the order is cancelled in the reservation's transaction all the
      // same, and its session expired again after the commit.
      ctx.log.warn({ err: error, orderId: order.id }, 'could not release an earlier checkout');
    }
  }
}

const REPLACED = {
  type: 'checkout_replaced',
  message: 'The shopper started a new checkout; this one was cancelled and its stock returned.',
};

/**
 * One open checkout per shopper: cancels every pending, unpaid order of the shopper and returns its
 * stock, inside the new checkout's transaction (under the shopper's lock), whether or not its payment
 * session is open yet. The orders are locked first, then every stock row this transaction will move
 * (given back or taken) in the global order, so it never deadlocks with another checkout or a cancel.
 * A checkout still opening its session sees its order cancelled afterwards and gives up.
 */
async function cancelEarlierCheckouts(
  tx: Tx,
  userId: string,
  taking: StockRow[],
): Promise<ReplacedCheckout[]> {
  const earlier = await queryPrepared<ReplacedCheckout & { lines: OrderStockRow[] }>(
    tx,
    sql`SELECT o.id, o.payment_session_id, ${orderStockLinesJson(sql`o.id`)} AS lines FROM orders o
      WHERE o.customer_id = ${userId}::uuid AND o.status = 'pending' AND o.payment_status = 'unpaid'
      ORDER BY o.id FOR UPDATE OF o`,
  );
  if (earlier.length === 0) return [];
  const giving = earlier.map((order) => toStockLines(order.lines));
  await lockStockRows(tx, [...stockRows(giving.flat()), ...taking]);
  for (const [i, order] of earlier.entries()) {
    await cancelPendingOrder(tx, order.id, REPLACED, giving[i]);
  }
  return earlier.map(({ id, payment_session_id }) => ({ id, payment_session_id }));
}

/**
 * After the commit: the sessions of the replaced checkouts can no longer be paid. One paid in the
 * meantime is finalised (finalisation takes the stock again, or flags the order for staff).
 */
async function expireReplacedSessions(ctx: CheckoutContext, replaced: ReplacedCheckout[]): Promise<void> {
  for (const order of replaced) {
    if (!order.payment_session_id) continue;
    try {
      const state = await ctx.provider.expireSession(order.payment_session_id);
      if (state.status === 'paid') await finalizeCheckout(ctx, order.payment_session_id);
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'could not expire a replaced checkout');
    }
  }
}

/**
 * The session id is on the order now. If a newer checkout of the shopper cancelled this order in the
 * meantime, it may not have seen the id: the session is expired here and the request answers 409.
 * (Either the newer checkout locked the order after the id was written and expires it itself, or the
 * write waited for its commit and this read sees the order cancelled.)
 */
async function ensureStillOpen(ctx: CheckoutContext, orderId: string, sessionId: string): Promise<void> {
  const [row] = await queryPrepared<{ status: string; payment_status: string }>(
    ctx.db,
    sql`SELECT status, payment_status FROM orders WHERE id = ${orderId}::uuid`,
  );
  if (row?.status === 'pending' && row.payment_status === 'unpaid') return;
  // Its URL was never handed out, so nobody can have paid it.
  await ctx.provider.expireSession(sessionId).catch((error: unknown) => {
    ctx.log.warn({ err: error, orderId }, 'could not expire the session of a replaced checkout');
  });
  throw new AppError(
    'conflict',
    'checkout_replaced',
    'A newer checkout was started for this cart. Please continue with that one.',
  );
}
