import { PAID_STATUSES } from '@cartwheel/shared/constants';
import { localeOfPrefix, localizePath } from '@cartwheel/shared/locale';
import { formatMoney } from '@cartwheel/shared/money';
import { paymentReceivedText } from '@cartwheel/shared/payment-methods';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { confirmRedemptions } from '../discounts/redemptions.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { ConfirmationOrder } from '../email/templates/order-confirmation.tsx';
import { issueOrderGiftCards, sendGiftCardsNow } from '../gift-cards/gift-card-orders.ts';
import { captureTenders, retakeTenders } from '../gift-cards/gift-cards.service.ts';
import { markRecovered } from '../marketing/abandoned-checkouts.ts';
import { createOrderLink, orderLinkPath } from '../order-links/order-links.ts';
import { ORDER_DISCOUNTS_JSON, ORDER_TAX_LINES_JSON } from '../orders/order-sql.ts';
import { emitOrderEvent } from '../orders/order-webhooks.ts';
import { orderEvents } from '../orders/orders.schema.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { insufficientMessage, orderStockLines, reserveStock } from './stock.ts';
import { setStockContext } from './stock-context.ts';

/** An order already paid for, some of it maybe refunded since: its payment is recorded. */
const PAID = new Set<string>(PAID_STATUSES);

interface SessionOrder {
  id: string;
  order_number: number | null;
  customer_id: string | null;
  payment_status: string;
  source: string;
}

interface LockedOrder {
  id: string;
  order_number: number | null;
  status: string;
  payment_status: string;
  customer_id: string | null;
  source: string;
  total_amount: number;
  currency: string;
  has_discounts: boolean;
  has_tenders: boolean;
  has_gift_cards: boolean;
}

export interface FinalizeOptions {
  /**
   * The success page's caller: a signed-in user's id, or null when signed out. A shopper's checkout
   * answers only its owner (else not_found); a guest's checkout answers anyone holding its session id.
   */
  callerId?: string | null;
}

export interface FinalizeResult {
  orderId: string;
  orderNumber: number;
  /** True for the one call that recorded the payment; repeats answer the same order number. */
  recorded: boolean;
}

class StockShortage extends Error {
  constructor(
    readonly label: string,
    readonly available: number,
  ) {
    super('insufficient_inventory');
  }
}

const sessionNotFound = () =>
  new AppError('not_found', 'checkout_session_not_found', 'No order was found for this checkout session');

/**
 * Records a paid checkout exactly once (the success page's POST /api/checkout/complete, the Stripe
 * webhook and the expiry sweeper all call it): asks the provider whether the session is paid, then in
 * one transaction locks the order row and, unless it is already paid, marks it paid and processing,
 * records the payment method, takes the purchased lines out of the owner's cart and queues the
 * confirmation email. The row lock and the unique payment session id make concurrent and repeated
 * calls yield one paid order and one email.
 */
export async function finalizeCheckout(
  ctx: CheckoutContext,
  sessionId: string,
  options: FinalizeOptions = {},
): Promise<FinalizeResult> {
  const [order] = await queryRows<SessionOrder>(
    ctx.db,
    sql`SELECT id, order_number, customer_id, payment_status, source FROM orders WHERE payment_session_id = ${sessionId}`,
  );
  if (!order) throw sessionNotFound();
  // Someone else's session answers exactly like an unknown one. A draft order's payment link was
  // emailed to its customer, who may pay it signed out: like a guest's, its session id is the secret.
  if (
    options.callerId !== undefined &&
    order.customer_id !== null &&
    order.source === 'web' &&
    order.customer_id !== options.callerId
  ) {
    throw sessionNotFound();
  }
  if (PAID.has(order.payment_status) && order.order_number !== null) {
    return { orderId: order.id, orderNumber: order.order_number, recorded: false };
  }

  const state = await ctx.provider.getSession(sessionId);
  if (state.status !== 'paid') {
    throw state.status === 'open'
      ? new AppError('conflict', 'payment_not_completed', 'The payment for this order has not been completed')
      : new AppError('conflict', 'checkout_expired', 'This checkout session expired before it was paid');
  }

  const recorded = await ctx.db.transaction((tx) =>
    recordPayment(ctx, tx, order.id, state.paymentMethod ?? 'card', state.paymentReference ?? null),
  );
  if (recorded.emailQueued) ctx.countOutcome?.('paid');
  if (recorded.giftCards) await sendGiftCardsNow(ctx, order.id);
  return { orderId: order.id, orderNumber: recorded.orderNumber, recorded: recorded.emailQueued };
}

/**
 * Records the payment of the order `orderId` inside the caller's transaction, once: marks it paid and
 * processing with the next order number, confirms its discounts' uses, writes the timeline line and
 * queues the confirmation email, keeping the provider's reference for the payment (`paymentReference`,
 * shown in the Finances ledger). Also used when staff mark a draft order paid.
 */
export async function recordPayment(
  ctx: CheckoutContext,
  tx: Tx,
  orderId: string,
  paymentMethod: string,
  paymentReference: string | null,
  /** Placed on net payment terms: the order is placed now, unpaid, due in this many days (decision 0093). */
  terms?: { days: number },
): Promise<{ orderNumber: number; emailQueued: boolean; giftCards?: number }> {
  const [locked] = await queryRows<LockedOrder>(
    tx,
    sql`SELECT id, order_number, status, payment_status, customer_id, source, total_amount, currency,
        EXISTS (SELECT 1 FROM order_discounts d WHERE d.order_id = o.id) AS has_discounts,
        EXISTS (SELECT 1 FROM order_tenders t WHERE t.order_id = o.id) AS has_tenders,
        EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.gift_card IS NOT NULL) AS has_gift_cards
      FROM orders o WHERE id = ${orderId} FOR UPDATE OF o`,
  );
  if (!locked) throw sessionNotFound();
  if (PAID.has(locked.payment_status) && locked.order_number !== null) {
    return { orderNumber: locked.order_number, emailQueued: false };
  }

  if (locked.status === 'cancelled') {
    // Paid after its reservation ran out and the stock went back (e.g. Stripe completed a session just
    // as the sweeper expired the order). Take the stock again when it is still there, all or none;
    // otherwise the payment is still recorded and staff are told to restock or refund.
    const lines = await orderStockLines(tx, orderId);
    const shortage = await tx
      .transaction(async (savepoint) => {
        await setStockContext(savepoint, { reason: 'sale', ref: orderId });
        const reserved = await reserveStock(savepoint, lines);
        // Throwing rolls the savepoint back: lines taken before the short one are given back.
        if (!reserved.ok) throw new StockShortage(reserved.line.label, reserved.available);
        return null;
      })
      .catch((error: unknown) => {
        if (error instanceof StockShortage) return error;
        throw error;
      });
    await tx.insert(orderEvents).values(
      shortage
        ? {
            orderId,
            type: 'paid_after_expiry',
            message: `Paid after the checkout had expired, and the stock could not be reserved again (${insufficientMessage(shortage.label, shortage.available)}). Restock or refund before fulfilling.`,
            data: { stock_reserved: false, needs_attention: true },
          }
        : {
            orderId,
            type: 'paid_after_expiry',
            message: 'Paid after the checkout had expired; the stock was reserved again.',
            data: { stock_reserved: true },
          },
    );
    // Its gift cards and store credit went back too: take them again, or tell staff what is missing.
    if (locked.has_tenders && !(await retakeTenders(tx, orderId))) {
      await tx.insert(orderEvents).values({
        orderId,
        type: 'paid_after_expiry',
        message:
          'Paid after the checkout had expired, and a gift card or store credit no longer covers its part. Collect the difference or cancel before fulfilling.',
        data: { tenders_retaken: false, needs_attention: true },
      });
    }
  }

  // The paid UPDATE comes last: its triggers add the order to the sales rollups (decisions 0015, 0032),
  // whose rows every payment of the same product, category or day slot shares, and their locks are
  // held until commit. Everything else the payment writes, the webhooks included, is written first,
  // while only this order's own rows are locked (docs/decisions/0053-payment-rollup-locks.md). The
  // checkout becomes an order with the next order number, taken now, in the payment's transaction.
  const { orderNumber, paidAt } = await numberAndTime(tx, locked.order_number);
  if (locked.has_discounts) await confirmRedemptions(tx, orderId);
  if (locked.has_tenders) await captureTenders(tx, orderId);
  // Gift cards bought: issued now, emailed on their send dates (decision 0094); bought on terms, once
  // the invoice is paid (wholesale/payment-terms.ts), since a card is money.
  const giftCards = locked.has_gift_cards && !terms ? await issueOrderGiftCards(tx, orderId) : 0;
  // Paid after an abandoned-checkout email to the same address: Marketing counts it as recovered.
  await markRecovered(tx, orderId);
  await tx.insert(orderEvents).values(
    terms
      ? {
          orderId,
          type: 'placed_on_terms',
          message: termsText(Number(locked.total_amount), locked.currency, terms.days, paidAt),
          data: { payment_terms_days: terms.days },
        }
      : {
          orderId,
          type: 'payment_received',
          message: paymentReceivedText(Number(locked.total_amount), locked.currency, paymentMethod),
          data: { payment_method: paymentMethod },
        },
  );
  if (locked.customer_id && locked.source === 'web') {
    // The cart was kept while the shopper paid; now the purchased quantities leave it. A line the
    // shopper raised in the meantime keeps the extra units.
    await tx.execute(
      sql`DELETE FROM cart_items c USING order_items i
        WHERE i.order_id = ${orderId} AND c.user_id = ${locked.customer_id}
          AND c.product_id = i.product_id AND c.variant_id IS NOT DISTINCT FROM i.variant_id
          AND c.gift_card IS NOT DISTINCT FROM i.gift_card AND c.quantity <= i.quantity`,
    );
    await tx.execute(
      sql`UPDATE cart_items c SET quantity = c.quantity - i.quantity, updated_at = now()
        FROM order_items i
        WHERE i.order_id = ${orderId} AND c.user_id = ${locked.customer_id}
          AND c.product_id = i.product_id AND c.variant_id IS NOT DISTINCT FROM i.variant_id
          AND c.gift_card IS NOT DISTINCT FROM i.gift_card`,
    );
  }

  // Queued in the same transaction: the email (and its delivery job) exists if and only if the payment
  // was recorded, and a mail server's trouble can never undo a payment. A guest's email carries a
  // signed link to the order's page (order-links.ts).
  // An account the shop made for a Point of Sale order has no password yet, so its owner cannot sign
  // in to see the order: their email carries the signed link too.
  const guestPath = (await signsIn(tx, locked.customer_id))
    ? null
    : orderLinkPath(await createOrderLink(tx, orderId));
  // Read before the paid UPDATE: the number and method it is about to write are the email's.
  const order = {
    ...(await loadConfirmationOrder(tx, orderId, orderNumber, paymentMethod)),
    payment_terms_days: terms?.days ?? null,
  };
  // The link opens the shop in the language the order was placed in.
  const prefix = localeOfPrefix(order.locale ?? '')?.prefix ?? '';
  const link = `${ctx.config.publicUrl}${localizePath(guestPath ?? `/account/orders/${order.id}`, prefix)}`;
  const email = await composeEmail(tx, ctx.config, 'order_confirmation', order.customer_email ?? '', {
    order,
    link,
    guest: guestPath !== null,
  });
  await ctx.mailer.queue(tx, email);

  // A checkout becomes an order when it is paid: the order exists, and is paid, from here on. The
  // payloads are the order as the UPDATE below leaves it (its paid fields given here: now() is the
  // transaction's time, so paid_at is the value the UPDATE writes), sent before it so that the UPDATE
  // is the transaction's last statement and the rollup rows are held only until the commit.
  const paid = {
    status: 'processing',
    payment_status: terms ? 'unpaid' : 'paid',
    payment_method: paymentMethod,
    order_number: orderNumber,
    paid_at: terms ? null : paidAt,
  };
  await emitOrderEvent(tx, ctx.webhooks, 'order.created', orderId, paid);
  if (terms) {
    // On terms: placed and shipped now, paid by invoice later (staff record it, wholesale.routes.ts).
    await tx.execute(
      sql`UPDATE orders SET status = 'processing', payment_method = ${paymentMethod}, expires_at = NULL,
          payment_terms_days = ${terms.days}::int, payment_due_at = now() + make_interval(days => ${terms.days}::int),
          updated_at = now(), order_number = ${orderNumber}
        WHERE id = ${orderId}`,
    );
    return { orderNumber, emailQueued: true, giftCards };
  }
  await emitOrderEvent(tx, ctx.webhooks, 'order.paid', orderId, paid);
  await tx.execute(
    sql`UPDATE orders SET status = 'processing', payment_status = 'paid', payment_method = ${paymentMethod},
        payment_reference = ${paymentReference}, paid_at = now(), expires_at = NULL, cancelled_at = NULL, updated_at = now(),
        order_number = ${orderNumber}
      WHERE id = ${orderId}`,
  );
  return { orderNumber, emailQueued: true, giftCards };
}

/** The timeline's line of an order placed on terms: "Placed on net 30 terms: $25.00 due by Jan 5, 2027". */
function termsText(amount: number, currency: string, days: number, placedAt: Date): string {
  const due = new Date(new Date(placedAt).getTime() + days * 86_400_000);
  const date = due.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Placed on net ${days} terms: ${formatMoney(amount, currency)} due by ${date}`;
}

/**
 * The order's number (its own when it has one, else the next of the sequence) and the transaction's
 * time, which is what `now()` gives every statement of the transaction (the paid UPDATE's paid_at).
 */
const numberAndTime = async (tx: Tx, current: number | null) => {
  const [row] = await queryRows<{ n: number; at: Date }>(
    tx,
    sql`SELECT COALESCE(${current}::int, nextval('orders_order_number_seq')::int) AS n, now() AS at`,
  );
  return { orderNumber: Number(row!.n), paidAt: row!.at };
};

const signsIn = async (tx: Tx, customerId: string | null) =>
  customerId !== null &&
  (
    await queryRows(
      tx,
      sql`SELECT 1 FROM accounts WHERE user_id = ${customerId}::uuid AND provider_id = 'credential'`,
    )
  ).length > 0;

async function loadConfirmationOrder(
  tx: Tx,
  orderId: string,
  orderNumber: number,
  paymentMethod: string,
): Promise<ConfirmationOrder> {
  const [order] = await queryRows<Omit<ConfirmationOrder, 'items' | 'order_number' | 'payment_method'>>(
    tx,
    sql`SELECT o.id, o.customer_email, o.customer_first_name, o.locale, o.subtotal_amount, o.tax_exemption_number,
        o.shipping_amount, o.shipping_method, o.tax_amount, o.total_amount, o.currency, o.shipping_address,
        ${ORDER_DISCOUNTS_JSON} AS discounts, ${ORDER_TAX_LINES_JSON} AS tax_lines
      FROM orders o WHERE o.id = ${orderId}`,
  );
  const items = await queryRows<ConfirmationOrder['items'][number]>(
    tx,
    sql`SELECT product_name, variant_title, product_sku, image_url, quantity, price_per_item, discount_amount,
        total_amount, gift_card
      FROM order_items WHERE order_id = ${orderId} ORDER BY created_at, product_name, id`,
  );
  // json columns come back parsed from both drivers; a driver that returns text still works.
  const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    ...order!,
    order_number: orderNumber,
    payment_method: paymentMethod,
    discounts: parsed(order!.discounts),
    tax_lines: parsed(order!.tax_lines),
    items,
  };
}
