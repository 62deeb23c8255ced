import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type CardRow,
  cardRefusal,
  findByCode,
  type PlannedTender,
  storeCreditOf,
} from '../gift-cards/gift-cards.service.ts';

/**
 * The checkout's one code field takes a discount code or a gift card code: the gift card a code
 * names (then it is no discount code), or null.
 */
export async function giftCardOfCode(
  conn: Db | Tx,
  code: string | null | undefined,
): Promise<CardRow | null> {
  return code ? findByCode(conn, code) : null;
}

/**
 * What the buyer's own open checkouts hold of a card: a new checkout cancels them first (their tenders
 * go back), so that much counts as available to it.
 */
export async function heldByBuyer(
  conn: Db | Tx,
  cardId: string,
  buyer: { userId: string | null; guestKey?: string | null | undefined },
): Promise<number> {
  const [row] = await queryRows<{ held: number }>(
    conn,
    sql`SELECT COALESCE(sum(t.amount), 0)::int AS held FROM order_tenders t JOIN orders o ON o.id = t.order_id
      WHERE t.gift_card_id = ${cardId}::uuid AND t.status = 'held' AND o.status = 'pending'
        AND ${buyer.userId !== null ? sql`o.customer_id = ${buyer.userId}::uuid` : sql`o.guest_checkout_key = ${buyer.guestKey ?? ''}`}`,
  );
  return Number(row?.held ?? 0);
}

/** A tender as the quote shows it: what it would pay of this total now. */
export interface QuotedTender {
  kind: 'gift_card' | 'store_credit';
  last_characters: string | null;
  amount: number;
}

/**
 * The gift card and store credit that pay the checkout before the payment provider, gift card first,
 * each up to what is left of `total` (tax is in the total: tenders are payment, not discounts). A gift
 * card that cannot pay (disabled, expired, spent, another currency) refuses with a 422 on the code field.
 */
export async function planTenders(
  conn: Db | Tx,
  input: {
    giftCard: CardRow | null;
    storeCredit: boolean;
    customerId: string | null;
    currency: string;
    total: number;
    /** The cart holds a gift card: no gift card may pay for it (decision 0094). */
    buysGiftCards?: boolean;
  },
): Promise<{ planned: PlannedTender[]; quoted: QuotedTender[]; storeCreditBalance: number | null }> {
  const planned: PlannedTender[] = [];
  const quoted: QuotedTender[] = [];
  let left = input.total;
  if (input.giftCard && input.buysGiftCards) {
    const message = "A gift card can't be used to buy a gift card. Pay for this order by card.";
    throw new AppError('unprocessable', 'gift_card_for_gift_card', message, [
      { field: 'body.discount_code', message },
    ]);
  }
  if (input.giftCard) {
    const refused = cardRefusal(input.giftCard, input.currency);
    if (refused) {
      throw new AppError('unprocessable', refused.code, refused.message, [
        { field: 'body.discount_code', message: refused.message },
      ]);
    }
    const amount = Math.min(input.giftCard.balance, left);
    planned.push({ cardId: input.giftCard.id, kind: 'gift_card', upTo: input.total });
    quoted.push({ kind: 'gift_card', last_characters: input.giftCard.last_characters, amount });
    left -= amount;
  }
  const credit = input.customerId ? await storeCreditOf(conn, input.customerId, input.currency) : null;
  const balance = credit?.usable ? credit.balance : null;
  if (input.storeCredit && credit && balance && left > 0) {
    const amount = Math.min(balance, left);
    planned.push({ cardId: credit.id, kind: 'store_credit', upTo: input.total });
    quoted.push({ kind: 'store_credit', last_characters: null, amount });
  }
  return { planned, quoted, storeCreditBalance: balance };
}
