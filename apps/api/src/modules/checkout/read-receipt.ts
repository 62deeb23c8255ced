import { PAID_STATUSES } from '@cartwheel/shared/constants';
import type { CheckoutReceipt, ReceiptState } from '@cartwheel/shared/contracts/checkout';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type OrderRow, orderSelect, toOrderDetail } from '../orders/customer-orders.service.ts';
import { verifyReceiptToken } from '../payments/checkout-urls.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { finalizeCheckout } from './finalize-checkout.ts';

const PAID = new Set<string>(PAID_STATUSES);

const receiptNotFound = () =>
  new AppError('not_found', 'receipt_not_found', 'This order link is invalid or has expired');

interface ReceiptOrder {
  payment_status: string;
  /** Set for an order placed on payment terms: it is placed, and paid later by invoice. */
  on_terms: boolean;
  payment_session_id: string | null;
  customer_id: string | null;
  customer_email: string | null;
}

/**
 * Where an unpaid checkout stands: the provider is asked, and a payment it took is recorded now (even
 * for a checkout cancelled meanwhile: recordPayment takes its stock again or flags it for staff).
 */
async function settle(ctx: CheckoutContext, order: ReceiptOrder): Promise<ReceiptState> {
  if (PAID.has(order.payment_status) || order.on_terms) return 'paid';
  if (!order.payment_session_id) return 'failed';
  try {
    await finalizeCheckout(ctx, order.payment_session_id);
    return 'paid';
  } catch (error) {
    if (error instanceof AppError && error.code === 'payment_not_completed') return 'processing';
    if (error instanceof AppError && error.code === 'checkout_expired') return 'failed';
    throw error;
  }
}

/**
 * The success page's receipt, from the signed token of the payment's return address (whoever holds
 * it, signed in or not): records a payment the provider took that is not recorded yet, as the old
 * completion call did, then answers the paid order, or that the payment is being confirmed, or failed.
 */
export async function readReceipt(ctx: CheckoutContext, token: string): Promise<CheckoutReceipt> {
  const orderId = verifyReceiptToken(ctx.config, token);
  if (!orderId) throw receiptNotFound();
  const [order] = await queryRows<ReceiptOrder>(
    ctx.db,
    sql`SELECT payment_status, payment_session_id, customer_id, customer_email,
        (payment_due_at IS NOT NULL AND order_number IS NOT NULL) AS on_terms
      FROM orders WHERE id = ${orderId}::uuid`,
  );
  if (!order) throw receiptNotFound();
  const state = await settle(ctx, order);
  if (state !== 'paid') return { state, order: null, guest_email: null };
  const [row] = await queryRows<OrderRow>(ctx.db, orderSelect(sql`o.id = ${orderId}::uuid`, true));
  if (!row) throw receiptNotFound();
  return {
    state,
    order: await toOrderDetail(ctx.db, row),
    guest_email: order.customer_id === null ? order.customer_email : null,
  };
}
