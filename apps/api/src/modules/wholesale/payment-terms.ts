import { paymentReceivedText } from '@cartwheel/shared/payment-methods';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import { composeEmail } from '../email/email-templates.ts';
import { issueOrderGiftCards } from '../gift-cards/gift-card-orders.ts';
import { emitOrderEvent } from '../orders/order-webhooks.ts';
import { orderEvents } from '../orders/orders.schema.ts';

/** The reminder goes out this many days before an invoice is due. */
export const REMINDER_DAYS_BEFORE_DUE = 3;
/** How often the reminder job looks for invoices coming due. */
export const REMINDER_PERIOD_SECONDS = 60 * 60;

interface TermsOrder {
  id: string;
  order_number: number | null;
  status: string;
  payment_status: string;
  payment_due_at: string | null;
  total_amount: number;
  currency: string;
}

/**
 * Records that the invoice of an order placed on payment terms was paid (staff, in the back office):
 * the order becomes paid, with the timeline's line and the order.paid webhook, and the gift cards it
 * bought are issued (`gift_cards`: how many). Refused for an order that is not on terms, is cancelled
 * or is paid already.
 */
export async function recordInvoicePayment(
  ctx: Pick<CheckoutContext, 'webhooks'>,
  tx: Tx,
  orderId: string,
): Promise<{ id: string; payment_status: string; paid_at: string; gift_cards: number }> {
  const [order] = await queryRows<TermsOrder>(
    tx,
    sql`SELECT id, order_number, status, payment_status, payment_due_at, total_amount, currency
      FROM orders WHERE id = ${orderId}::uuid AND order_number IS NOT NULL FOR UPDATE`,
  );
  if (!order) throw notFound('order_not_found', 'Order not found');
  if (order.payment_due_at === null) {
    throw new AppError('conflict', 'order_not_on_terms', 'This order was not placed on payment terms');
  }
  if (order.payment_status !== 'unpaid' || order.status === 'cancelled') {
    throw new AppError(
      'conflict',
      'invoice_not_open',
      'This invoice is already paid or the order is cancelled',
    );
  }
  await tx.insert(orderEvents).values({
    orderId,
    type: 'payment_received',
    message: paymentReceivedText(Number(order.total_amount), order.currency, 'invoice'),
    data: { payment_method: 'invoice' },
  });
  const giftCards = await issueOrderGiftCards(tx, orderId);
  const [at] = await queryRows<{ now: string }>(tx, sql`SELECT to_json(now()) #>> '{}' AS now`);
  const paidAt = new Date(at!.now).toISOString();
  await emitOrderEvent(tx, ctx.webhooks, 'order.paid', orderId, { payment_status: 'paid', paid_at: paidAt });
  // Last, as a checkout's payment: its triggers add the order to the sales rollups (decision 0053).
  await tx.execute(
    sql`UPDATE orders SET payment_status = 'paid', paid_at = now(), updated_at = now() WHERE id = ${orderId}::uuid`,
  );
  return { id: orderId, payment_status: 'paid', paid_at: paidAt, gift_cards: giftCards };
}

interface DueInvoice {
  id: string;
  order_number: number;
  email: string;
  first_name: string | null;
  total_amount: number;
  currency: string;
  payment_due_at: string;
}

/**
 * Emails a reminder for each open invoice of an order on terms due within REMINDER_DAYS_BEFORE_DUE
 * days of `now`, once per order: setting payment_reminded_at is the claim, in the transaction that
 * queues the email. Returns how many were queued.
 */
export async function sendPaymentReminders(
  ctx: Pick<CheckoutContext, 'db' | 'config' | 'mailer'>,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const due = await queryRows<DueInvoice>(
    ctx.db,
    sql`SELECT id, order_number, customer_email AS email, customer_first_name AS first_name, total_amount,
        currency, to_json(payment_due_at) #>> '{}' AS payment_due_at
      FROM orders
      WHERE payment_due_at IS NOT NULL AND payment_status = 'unpaid' AND status <> 'cancelled'
        AND payment_reminded_at IS NULL AND customer_email IS NOT NULL
        AND payment_due_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${REMINDER_DAYS_BEFORE_DUE})
      ORDER BY payment_due_at LIMIT 100`,
  );
  let queued = 0;
  for (const invoice of due) {
    signal?.throwIfAborted();
    const sent = await ctx.db.transaction(async (tx) => {
      const claimed = await queryRows(
        tx,
        sql`UPDATE orders SET payment_reminded_at = now()
          WHERE id = ${invoice.id}::uuid AND payment_reminded_at IS NULL AND payment_status = 'unpaid'
          RETURNING id`,
      );
      if (claimed.length === 0) return false;
      const email = await composeEmail(tx, ctx.config, 'payment_reminder', invoice.email, {
        first_name: invoice.first_name,
        order_number: Number(invoice.order_number),
        total: Number(invoice.total_amount),
        currency: invoice.currency,
        due_at: invoice.payment_due_at,
        url: `${ctx.config.publicUrl}/account/orders/${invoice.id}`,
      });
      await ctx.mailer.queue(tx, email);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
