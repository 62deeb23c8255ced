import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Checkout } from '../checkout/checkout.ts';

/** A PayPal webhook event, as much of it as the shop reads. */
export interface PayPalEvent {
  id: string;
  event_type: string;
  resource: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: Array<{ rel?: string; href?: string }>;
  };
}

/** Whether the checkout holding this PayPal order may still be paid: it exists and was not cancelled. */
export async function mayCapturePayPalOrder(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await queryPrepared<{ ok: boolean }>(
    db,
    sql`SELECT status <> 'cancelled' AS ok FROM orders WHERE payment_session_id = ${sessionId}`,
  );
  return row?.ok === true;
}

// The outcomes of completing a checkout that leave nothing for PayPal to send again.
const SETTLED = new Set(['checkout_session_not_found', 'payment_not_completed', 'checkout_expired']);

/**
 * What a PayPal event does. Idempotent (PayPal retries and may deliver twice): an approved order and a
 * completed capture both go through the same finalizeCheckout as the buyer's return (which captures an
 * approved order once, by its PayPal-Request-Id, and records the payment once); a denied capture cancels
 * the checkout once; a refund made at PayPal is noted on the order once. Other events are ignored.
 */
export async function handlePayPalEvent(
  db: Db,
  checkout: Pick<Checkout, 'complete' | 'completeEditPayment' | 'cancelBySession'>,
  event: PayPalEvent,
  log: { debug(obj: object, msg?: string): void },
): Promise<void> {
  const { resource } = event;
  const complete = (sessionId: string | undefined) =>
    sessionId
      ? checkout.complete(sessionId).catch(async (error: unknown) => {
          // No checkout has it: an edit's amount due, settled as on the buyer's return.
          if (error instanceof AppError && error.code === 'checkout_session_not_found') {
            await checkout.completeEditPayment(sessionId);
            return;
          }
          // An order of another shop on the same account, or not payable yet: acknowledged, not retried.
          if (error instanceof AppError && SETTLED.has(error.code)) return;
          throw error;
        })
      : undefined;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      await complete(resource.id);
      break;
    case 'PAYMENT.CAPTURE.COMPLETED':
      await complete(resource.supplementary_data?.related_ids?.order_id);
      break;
    case 'PAYMENT.CAPTURE.DENIED': {
      const sessionId = resource.supplementary_data?.related_ids?.order_id;
      if (sessionId) {
        await checkout.cancelBySession(sessionId, {
          type: 'payment_failed',
          message: 'PayPal denied the payment; the order was cancelled and its stock returned.',
          paymentStatus: 'failed',
        });
      }
      break;
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      await noteRefund(db, event);
      break;
    default:
      log.debug({ type: event.event_type }, 'ignored PayPal event');
  }
}

/**
 * A refund PayPal reports. One the shop made (its id on a refund record) is already on the order;
 * one made in PayPal's dashboard is written on the order's timeline once, for staff to see.
 */
async function noteRefund(db: Db, event: PayPalEvent): Promise<void> {
  const refundId = event.resource.id;
  const captureId = event.resource.links
    ?.find((l) => l.rel === 'up')
    ?.href?.match(/\/captures\/([^/?]+)/)?.[1];
  if (!refundId) return;
  const amount = event.resource.amount;
  const text = amount?.value ? `${amount.value} ${amount.currency_code ?? ''}`.trim() : 'an amount';
  await queryRows(
    db,
    sql`INSERT INTO order_events (order_id, type, message, data)
      SELECT o.id, 'refunded_at_provider', ${`Refunded ${text} in PayPal, outside the back office.`},
        jsonb_build_object('refund_id', ${refundId}::text, 'provider', 'paypal')
      FROM orders o
      WHERE o.payment_provider = 'paypal'
        AND (o.id::text = ${event.resource.custom_id ?? ''} OR o.payment_reference = ${captureId ?? ''})
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.provider_refund_id = ${refundId})
        AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id
          AND e.type = 'refunded_at_provider' AND e.data->>'refund_id' = ${refundId})
      LIMIT 1`,
  );
}
