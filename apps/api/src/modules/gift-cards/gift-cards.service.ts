import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The code as stored and compared: upper case, letters and digits only ("gift-demo 2500" = "GIFTDEMO2500"). */
export const normaliseCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** What the database keeps of a code: its sha256, so a copy of the table redeems nothing. */
export const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex');

/** A new code, GIFT-XXXX-XXXX-XXXX: 12 characters of 32, 60 bits (decision 0074). */
export function generateCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return `GIFT-${groups.join('-')}`;
}

export interface CardRow {
  id: string;
  kind: 'gift_card' | 'store_credit';
  last_characters: string | null;
  currency: string;
  initial_amount: number;
  balance: number;
  expires_at: string | null;
  disabled_at: string | null;
  customer_id: string | null;
  /** Not disabled and not expired. */
  usable: boolean;
}

const CARD_COLUMNS = sql`id, kind, last_characters, currency, initial_amount, balance,
  to_json(expires_at) #>> '{}' AS expires_at, to_json(disabled_at) #>> '{}' AS disabled_at, customer_id,
  (disabled_at IS NULL AND (expires_at IS NULL OR expires_at > now())) AS usable`;

/** The gift card a code names, whatever its state, or null. */
export async function findByCode(conn: Db | Tx, code: string): Promise<CardRow | null> {
  if (normaliseCode(code).length < 8) return null;
  const [row] = await queryRows<CardRow>(
    conn,
    sql`SELECT ${CARD_COLUMNS} FROM gift_cards WHERE code_hash = ${hashCode(code)}`,
  );
  return row ? numeric(row) : null;
}

/** A signed-in customer's store credit in a currency, or null. */
export async function storeCreditOf(conn: Db | Tx, customerId: string, currency: string) {
  const [row] = await queryRows<CardRow>(
    conn,
    sql`SELECT ${CARD_COLUMNS} FROM gift_cards
      WHERE kind = 'store_credit' AND customer_id = ${customerId}::uuid AND currency = ${currency}`,
  );
  return row ? numeric(row) : null;
}

const numeric = (row: CardRow): CardRow => ({
  ...row,
  balance: Number(row.balance),
  initial_amount: Number(row.initial_amount),
});

/** Why a gift card cannot pay an order in `currency` now, as the shopper reads it; null when it can. */
export function cardRefusal(card: CardRow, currency: string): { code: string; message: string } | null {
  if (card.disabled_at) return { code: 'gift_card_disabled', message: 'This gift card has been disabled.' };
  if (!card.usable) return { code: 'gift_card_expired', message: 'This gift card has expired.' };
  if (card.currency !== currency) {
    return {
      code: 'gift_card_currency',
      message: `This gift card is in ${card.currency} and can't pay for an order in ${currency}.`,
    };
  }
  if (card.balance <= 0) return { code: 'gift_card_spent', message: 'This gift card has no balance left.' };
  return null;
}

export interface IssueInput {
  amount: number;
  currency: string;
  expiresAt?: Date | null;
  customerId?: string | null;
  recipientEmail?: string | null;
  recipientName?: string | null;
  message?: string | null;
  sendAt?: Date | null;
  orderId?: string | null;
  /** The order line that bought it: its code is kept until it is emailed (decision 0094). */
  orderItemId?: string | null;
  note?: string | null;
  actorId?: string | null;
  /** A code chosen by staff (the demo shop's); otherwise one is generated. */
  code?: string;
}

/** Issues a gift card with its opening ledger row, in one statement; answers the card's id and code. */
export async function issueGiftCard(conn: Db | Tx, input: IssueInput): Promise<{ id: string; code: string }> {
  const code = input.code ?? generateCode();
  const last = normaliseCode(code).slice(-4);
  const [row] = await queryRows<{ id: string }>(
    conn,
    sql`WITH card AS (
        INSERT INTO gift_cards (kind, code_hash, last_characters, currency, initial_amount, balance, expires_at,
          customer_id, recipient_email, recipient_name, message, send_at, order_id, note, created_by,
          order_item_id, pending_code)
        VALUES ('gift_card', ${hashCode(code)}, ${last}, ${input.currency}, ${input.amount}::int,
          ${input.amount}::int, ${input.expiresAt?.toISOString() ?? null}::timestamptz, ${input.customerId ?? null}::uuid,
          ${input.recipientEmail ?? null}, ${input.recipientName ?? null}, ${input.message ?? null},
          ${input.sendAt?.toISOString() ?? null}::timestamptz, ${input.orderId ?? null}::uuid, ${input.note ?? null},
          ${input.actorId ?? null}::uuid, ${input.orderItemId ?? null}::uuid, ${input.orderItemId ? code : null})
        RETURNING id, balance),
      ledger AS (
        INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, order_id, note, actor_id)
        SELECT id, 'issue', balance, balance, ${input.orderId ?? null}::uuid, ${input.note ?? null},
          ${input.actorId ?? null}::uuid FROM card)
      SELECT id FROM card`,
  );
  return { id: row!.id, code };
}

/**
 * Adds `amount` to a customer's store credit in `currency` (the account's balance is made on its first
 * credit), with its ledger row: staff's credit (`issue`), or a refund's (`refund`).
 */
export async function creditStoreCredit(
  conn: Db | Tx,
  input: {
    customerId: string;
    currency: string;
    amount: number;
    kind: 'issue' | 'refund';
    note?: string | null;
    orderId?: string | null;
    refundId?: string | null;
    actorId?: string | null;
  },
): Promise<{ id: string; balance: number }> {
  const [row] = await queryRows<{ id: string; balance: number }>(
    conn,
    sql`WITH card AS (
        INSERT INTO gift_cards (kind, customer_id, currency, initial_amount, balance, created_by)
        VALUES ('store_credit', ${input.customerId}::uuid, ${input.currency}, ${input.amount}::int,
          ${input.amount}::int, ${input.actorId ?? null}::uuid)
        ON CONFLICT (customer_id, currency) WHERE kind = 'store_credit'
        DO UPDATE SET balance = gift_cards.balance + EXCLUDED.balance, updated_at = now()
        RETURNING id, balance),
      ledger AS (
        INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, order_id, refund_id, note, actor_id)
        SELECT id, ${input.kind}, ${input.amount}::int, balance, ${input.orderId ?? null}::uuid,
          ${input.refundId ?? null}::uuid, ${input.note ?? null}, ${input.actorId ?? null}::uuid FROM card)
      SELECT id, balance FROM card`,
  );
  return { id: row!.id, balance: Number(row!.balance) };
}

/**
 * Changes a balance by `amount` (negative takes), with its ledger row. A take is one conditional
 * UPDATE: it changes nothing when the balance is short, so no balance ever goes below zero. Null when
 * the balance was short (or the card unknown).
 */
export async function adjustBalance(
  conn: Db | Tx,
  input: { cardId: string; amount: number; note: string | null; actorId: string | null },
): Promise<{ balance: number } | null> {
  const [row] = await queryRows<{ balance: number }>(
    conn,
    sql`WITH card AS (
        UPDATE gift_cards SET balance = balance + ${input.amount}::int, updated_at = now()
        WHERE id = ${input.cardId}::uuid AND balance + ${input.amount}::int >= 0
        RETURNING id, balance),
      ledger AS (
        INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, note, actor_id)
        SELECT id, 'adjust', ${input.amount}::int, balance, ${input.note}, ${input.actorId}::uuid FROM card)
      SELECT balance FROM card`,
  );
  return row ? { balance: Number(row.balance) } : null;
}

/** A tender a checkout means to use: the card and at most how much of it. */
export interface PlannedTender {
  cardId: string;
  kind: 'gift_card' | 'store_credit';
  /** At most this much: what is left to pay after the tenders before it. */
  upTo: number;
}

/**
 * Holds the tenders of a pending checkout, in its transaction: each takes what its balance still has,
 * up to its share, under the card's row lock (so concurrent checkouts queue on the card and none takes
 * more than is there), with a `redeem` ledger row and a `held` order_tenders row. A card found empty
 * now refuses the checkout (the caller's transaction rolls back). Answers the amount held in all.
 */
export async function holdTenders(tx: Tx, orderId: string, planned: PlannedTender[]): Promise<number> {
  let held = 0;
  for (const [position, tender] of planned.entries()) {
    const upTo = tender.upTo - held;
    if (upTo <= 0) break;
    const [row] = await queryRows<{ taken: number }>(
      tx,
      sql`WITH locked AS (
          SELECT id, balance FROM gift_cards
          WHERE id = ${tender.cardId}::uuid AND disabled_at IS NULL AND (expires_at IS NULL OR expires_at > now())
          FOR UPDATE),
        card AS (
          UPDATE gift_cards g SET balance = g.balance - LEAST(l.balance, ${upTo}::int), updated_at = now()
          FROM locked l WHERE g.id = l.id AND l.balance > 0
          RETURNING g.id, LEAST(l.balance, ${upTo}::int) AS taken, g.balance),
        ledger AS (
          INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, order_id)
          SELECT id, 'redeem', -taken, balance, ${orderId}::uuid FROM card),
        tender AS (
          INSERT INTO order_tenders (order_id, gift_card_id, kind, amount, position)
          SELECT ${orderId}::uuid, id, ${tender.kind}, taken, ${position}::int FROM card)
        SELECT taken FROM card`,
    );
    const taken = Number(row?.taken ?? 0);
    if (taken === 0) {
      const message =
        tender.kind === 'gift_card'
          ? 'This gift card has no balance left.'
          : 'Your store credit has no balance left.';
      throw new AppError('unprocessable', `${tender.kind}_spent`, message, [
        { field: 'body.discount_code', message },
      ]);
    }
    held += taken;
  }
  return held;
}

/** The order's held tenders become captured: the checkout was paid. */
export async function captureTenders(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE order_tenders SET status = 'captured' WHERE order_id = ${orderId}::uuid AND status = 'held'`,
  );
}

/** The order's held tenders go back to their balances, each with a `release` ledger row: the checkout ended unpaid. */
export async function releaseTenders(conn: Db | Tx, orderId: string): Promise<void> {
  await queryRows(
    conn,
    sql`WITH t AS (
        UPDATE order_tenders SET status = 'released'
        WHERE order_id = ${orderId}::uuid AND status = 'held' RETURNING gift_card_id, amount),
      card AS (
        UPDATE gift_cards g SET balance = g.balance + t.amount, updated_at = now()
        FROM t WHERE g.id = t.gift_card_id RETURNING g.id, g.balance, t.amount)
      INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, order_id, note)
      SELECT id, 'release', amount, balance, ${orderId}::uuid, 'The checkout ended unpaid' FROM card`,
  );
}

/**
 * A cancelled checkout paid after all: takes its released tenders again (each all or nothing). False
 * when a balance no longer covers its tender (staff are told to refund or collect the difference).
 */
export async function retakeTenders(tx: Tx, orderId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string; gift_card_id: string; amount: number }>(
    tx,
    sql`SELECT id, gift_card_id, amount FROM order_tenders
      WHERE order_id = ${orderId}::uuid AND status = 'released' ORDER BY position`,
  );
  let all = true;
  for (const t of rows) {
    const taken = await queryRows(
      tx,
      sql`WITH card AS (
          UPDATE gift_cards SET balance = balance - ${t.amount}::int, updated_at = now()
          WHERE id = ${t.gift_card_id}::uuid AND balance >= ${t.amount}::int RETURNING id, balance),
        ledger AS (
          INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, order_id)
          SELECT id, 'redeem', ${-t.amount}::int, balance, ${orderId}::uuid FROM card)
        UPDATE order_tenders SET status = 'held' WHERE id = ${t.id}::uuid AND EXISTS (SELECT 1 FROM card)
        RETURNING id`,
    );
    if (taken.length === 0) all = false;
  }
  return all;
}

/** What the order's tenders paid, and what of it is not refunded yet. */
export async function tendersOf(conn: Db | Tx, orderId: string) {
  const rows = await queryRows<{
    id: string;
    gift_card_id: string;
    kind: 'gift_card' | 'store_credit';
    amount: number;
    refunded_amount: number;
    status: string;
    last_characters: string | null;
  }>(
    conn,
    sql`SELECT t.id, t.gift_card_id, t.kind, t.amount, t.refunded_amount, t.status, g.last_characters
      FROM order_tenders t JOIN gift_cards g ON g.id = t.gift_card_id
      WHERE t.order_id = ${orderId}::uuid AND t.status <> 'released' ORDER BY t.position`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount), refunded_amount: Number(r.refunded_amount) }));
}

/**
 * Gives `amount` of a refund back to the order's tenders, the last applied first, each up to what it
 * paid and was not refunded yet, with `refund` ledger rows. Answers what it could not place (0 when
 * the tenders took it all).
 */
export async function refundToTenders(
  tx: Tx,
  input: { orderId: string; refundId: string; amount: number; actorId: string | null },
): Promise<number> {
  let left = input.amount;
  const tenders = (await tendersOf(tx, input.orderId)).reverse();
  for (const t of tenders) {
    const back = Math.min(left, t.amount - t.refunded_amount);
    if (back <= 0) continue;
    await queryRows(
      tx,
      sql`WITH t AS (
          UPDATE order_tenders SET refunded_amount = refunded_amount + ${back}::int
          WHERE id = ${t.id}::uuid AND refunded_amount + ${back}::int <= amount RETURNING gift_card_id),
        card AS (
          UPDATE gift_cards g SET balance = g.balance + ${back}::int, updated_at = now()
          FROM t WHERE g.id = t.gift_card_id RETURNING g.id, g.balance)
        INSERT INTO gift_card_transactions (gift_card_id, kind, amount, balance_after, order_id, refund_id, actor_id)
        SELECT id, 'refund', ${back}::int, balance, ${input.orderId}::uuid, ${input.refundId}::uuid,
          ${input.actorId}::uuid FROM card`,
    );
    left -= back;
  }
  return left;
}

/** The order's tenders as its pages show them (orderTender): what each paid and got back. */
export async function orderTenders(conn: Db | Tx, orderId: string) {
  return (await tendersOf(conn, orderId)).map((t) => ({
    kind: t.kind,
    last_characters: t.last_characters,
    amount: t.amount,
    refunded_amount: t.refunded_amount,
  }));
}
