import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { fulfilmentLines, fulfilments } from '../orders/after-sale.schema.ts';
import { setFulfilment } from '../orders/fulfil-order.ts';
import { addEvent, lockOrder } from '../orders/order-steps.ts';
import { issueGiftCard } from './gift-cards.service.ts';

// Gift cards sold as products (decision 0094): issued when the order is paid, emailed on their send
// dates, each send marking its unit fulfilled.

export interface GiftCardSendContext {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl'>;
  mailer: Mailer;
  log: { warn(obj: object, msg?: string): void };
}

/** Cards sent per transaction: a batch's emails and fulfilments commit together. */
const BATCH = 20;

/** When a card is sent: the start of its send date (UTC); a date already begun sends at once. */
const sendAtOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * In the payment's transaction: one gift card per unit of each gift card line, worth the line's unit
 * price before discounts, in the order's currency, linked to its line, its code kept until it is sent.
 * A line that has its cards already issues none (recordPayment runs once per order; this makes sure).
 */
export async function issueOrderGiftCards(tx: Tx, orderId: string): Promise<number> {
  const lines = await queryRows<{
    id: string;
    quantity: number;
    price_per_item: number;
    currency: string;
    gift_card: GiftCardRecipient;
  }>(
    tx,
    sql`SELECT i.id, i.quantity, i.price_per_item, o.currency, i.gift_card
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.order_id = ${orderId}::uuid AND i.gift_card IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM gift_cards g WHERE g.order_item_id = i.id)
      ORDER BY i.created_at, i.id`,
  );
  let issued = 0;
  for (const line of lines) {
    const recipient = typeof line.gift_card === 'string' ? JSON.parse(line.gift_card) : line.gift_card;
    for (let unit = 0; unit < Number(line.quantity); unit++) {
      await issueGiftCard(tx, {
        amount: Number(line.price_per_item),
        currency: line.currency,
        recipientEmail: recipient.recipient_email,
        recipientName: recipient.recipient_name,
        message: recipient.message ?? null,
        sendAt: sendAtOf(recipient.send_on),
        orderId,
        orderItemId: line.id,
        note: 'Bought in the shop',
      });
      issued++;
    }
  }
  return issued;
}

interface DueCard {
  id: string;
  code: string;
  initial_amount: number;
  currency: string;
  recipient_email: string;
  recipient_name: string | null;
  message: string | null;
  order_id: string | null;
  order_item_id: string | null;
  sender_name: string | null;
  locale: string | null;
}

/**
 * Emails one batch of cards whose send date has come (a card staff disabled before it is never sent),
 * in one transaction: each card is claimed by
 * the UPDATE that clears its code (a card is claimed once, however many runs overlap), its email is
 * queued and its unit fulfilled in the same transaction, so a send happens exactly once.
 */
async function sendBatch(ctx: GiftCardSendContext, orderId: string | null): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const cards = await queryRows<DueCard>(
      tx,
      sql`WITH due AS (
          SELECT id, pending_code FROM gift_cards
          WHERE pending_code IS NOT NULL AND send_at <= now() AND disabled_at IS NULL
            ${orderId ? sql`AND order_id = ${orderId}::uuid` : sql``}
          ORDER BY send_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
        sent AS (
          UPDATE gift_cards g SET pending_code = NULL, sent_at = now(), updated_at = now()
          FROM due WHERE g.id = due.id
          RETURNING g.id, due.pending_code AS code, g.initial_amount, g.currency, g.recipient_email,
            g.recipient_name, g.message, g.order_id, g.order_item_id)
        SELECT sent.*, NULLIF(trim(concat_ws(' ', o.customer_first_name, o.customer_last_name)), '') AS sender_name,
          o.locale
        FROM sent LEFT JOIN orders o ON o.id = sent.order_id`,
    );
    for (const card of cards) {
      const email = await composeEmail(tx, ctx.config, 'gift_card_received', card.recipient_email, {
        recipient_name: card.recipient_name,
        sender_name: card.sender_name ?? ctx.config.shopName,
        code: card.code,
        amount: Number(card.initial_amount),
        currency: card.currency,
        message: card.message,
        locale: card.locale,
      });
      await ctx.mailer.queue(tx, email);
    }
    await fulfilSent(tx, cards);
    return cards.length;
  });
}

/** The sent cards' units are fulfilled: one delivery without a carrier per order, on its timeline. */
async function fulfilSent(tx: Tx, cards: DueCard[]): Promise<void> {
  const byOrder = new Map<string, DueCard[]>();
  for (const card of cards) {
    if (!card.order_id || !card.order_item_id) continue;
    byOrder.set(card.order_id, [...(byOrder.get(card.order_id) ?? []), card]);
  }
  for (const [orderId, sent] of byOrder) {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') continue;
    const units = new Map<string, number>();
    for (const card of sent) units.set(card.order_item_id!, (units.get(card.order_item_id!) ?? 0) + 1);
    for (const [itemId, n] of units) {
      await tx.execute(
        sql`UPDATE order_items SET fulfilled_quantity = LEAST(quantity, fulfilled_quantity + ${n}::int)
          WHERE id = ${itemId}::uuid`,
      );
    }
    const [shipment] = await tx.insert(fulfilments).values({ orderId }).returning({ id: fulfilments.id });
    await tx
      .insert(fulfilmentLines)
      .values(
        [...units].map(([orderItemId, quantity]) => ({ fulfilmentId: shipment!.id, orderItemId, quantity })),
      );
    const [left] = await queryRows<{ open: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM order_items WHERE order_id = ${orderId}::uuid
          AND fulfilled_quantity + refunded_quantity < quantity) AS open`,
    );
    const allDone = !left?.open;
    const to = [...new Set(sent.map((c) => c.recipient_email))].join(', ');
    await addEvent(
      tx,
      orderId,
      null,
      'fulfilled',
      `Sent ${sent.length === 1 ? 'a gift card' : `${sent.length} gift cards`} by email to ${to}. Order is ${allDone ? 'fulfilled' : 'partially fulfilled'}.`,
      {
        fulfilment_id: shipment!.id,
        items: [...units].map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
        fulfillment_status: allDone ? 'fulfilled' : 'partial',
      },
    );
    await setFulfilment(tx, order, allDone, null);
  }
}

/** Emails every card whose send date has come (the `gift-card-send` job), or only one order's. */
export async function sendDueGiftCards(
  ctx: GiftCardSendContext,
  options: { orderId?: string; signal?: AbortSignal } = {},
): Promise<number> {
  let sent = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const batch = await sendBatch(ctx, options.orderId ?? null);
    sent += batch;
    if (batch < BATCH) return sent;
  }
}

/**
 * Right after a payment is recorded: the cards due today go out now rather than at the job's next
 * run. A failure here is left to the job.
 */
export async function sendGiftCardsNow(ctx: GiftCardSendContext, orderId: string): Promise<void> {
  try {
    await sendDueGiftCards(ctx, { orderId });
  } catch (error) {
    ctx.log.warn({ err: error, orderId }, 'gift cards not sent yet: the gift-card-send job will');
  }
}
