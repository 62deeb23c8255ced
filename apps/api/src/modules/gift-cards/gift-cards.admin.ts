import type {
  GiftCardBalance,
  GiftCardDetail,
  GiftCardSummary,
  GiftCardTransaction,
  IssueGiftCardBody,
  StoreCredit,
} from '@cartwheel/shared/contracts/gift-cards';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { adjustBalance, creditStoreCredit, findByCode, issueGiftCard } from './gift-cards.service.ts';

const iso = (column: string) => sql.raw(`to_json(${column}) #>> '{}'`);
const SUMMARY = sql`g.id, g.last_characters, g.currency, g.initial_amount, g.balance,
  ${iso('g.expires_at')} AS expires_at, ${iso('g.disabled_at')} AS disabled_at, g.recipient_email, g.order_id,
  ${iso('g.created_at')} AS created_at`;

const numbers = <T extends { balance: number; initial_amount: number }>(row: T): T => ({
  ...row,
  balance: Number(row.balance),
  initial_amount: Number(row.initial_amount),
});

/** The back office's list: gift cards newest first, or those whose code ends with `q`. */
export async function listGiftCards(db: Db, q?: string): Promise<GiftCardSummary[]> {
  const last = q
    ?.toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-4);
  const rows = await queryRows<GiftCardSummary>(
    db,
    sql`SELECT ${SUMMARY} FROM gift_cards g WHERE g.kind = 'gift_card'
      ${last ? sql`AND g.last_characters = ${last}` : sql``}
      ORDER BY g.created_at DESC, g.id LIMIT 200`,
  );
  return rows.map(numbers);
}

const ledgerOf = (where: ReturnType<typeof sql>) => sql`SELECT t.id, t.kind, t.amount, t.balance_after,
    t.order_id, o.order_number, t.note, ${iso('t.created_at')} AS created_at, g.currency
  FROM gift_card_transactions t JOIN gift_cards g ON g.id = t.gift_card_id
  LEFT JOIN orders o ON o.id = t.order_id WHERE ${where} ORDER BY t.created_at DESC, t.id LIMIT 500`;

type LedgerRow = GiftCardTransaction & { currency: string };
const ledgerNumbers = (t: LedgerRow): LedgerRow => ({
  ...t,
  amount: Number(t.amount),
  balance_after: Number(t.balance_after),
  order_number: t.order_number === null ? null : Number(t.order_number),
});

/** A gift card with its ledger, newest first. */
export async function getGiftCard(db: Db, id: string): Promise<GiftCardDetail> {
  const [card] = await queryRows<Omit<GiftCardDetail, 'transactions'>>(
    db,
    sql`SELECT ${SUMMARY}, g.recipient_name, g.message, g.note FROM gift_cards g
      WHERE g.id = ${id}::uuid AND g.kind = 'gift_card'`,
  );
  if (!card) throw notFound('gift_card_not_found', 'Gift card not found');
  const ledger = await queryRows<LedgerRow>(db, ledgerOf(sql`t.gift_card_id = ${id}::uuid`));
  return {
    ...numbers(card),
    transactions: ledger.map(ledgerNumbers).map(({ currency: _, ...t }) => t),
  };
}

/**
 * Staff issue a card: its detail and the code, shown this once. With a recipient's email the code is
 * emailed to them in the same transaction (the email exists exactly when the card does).
 */
export async function issueByStaff(
  ctx: { db: Db; config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl'>; mailer: Mailer },
  body: IssueGiftCardBody,
  actorId: string,
): Promise<{ gift_card: GiftCardDetail; code: string }> {
  const { db } = ctx;
  const currency = body.currency ?? (await loadBaseCurrency(db));
  const recipient = body.recipient_email || null;
  const issued = await db.transaction(async (tx) => {
    const card = await issueGiftCard(tx, {
      amount: body.amount,
      currency,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      recipientEmail: recipient,
      recipientName: body.recipient_name ?? null,
      message: body.message ?? null,
      note: body.note ?? null,
      actorId,
    });
    if (recipient) {
      const email = await composeEmail(tx, ctx.config, 'gift_card', recipient, {
        recipient_name: body.recipient_name ?? null,
        code: card.code,
        amount: body.amount,
        currency,
        message: body.message ?? null,
        expires_at: body.expires_at ?? null,
      });
      await ctx.mailer.queue(tx, email);
      await tx.execute(sql`UPDATE gift_cards SET sent_at = now() WHERE id = ${card.id}::uuid`);
    }
    return card;
  });
  return { gift_card: await getGiftCard(db, issued.id), code: issued.code };
}

/** Disables a card (it can no longer pay or be looked up) or enables it again. */
export async function setDisabled(db: Db, id: string, disabled: boolean): Promise<GiftCardDetail> {
  const rows = await queryRows(
    db,
    sql`UPDATE gift_cards SET disabled_at = ${disabled ? sql`COALESCE(disabled_at, now())` : sql`NULL`},
        updated_at = now()
      WHERE id = ${id}::uuid AND kind = 'gift_card' RETURNING id`,
  );
  if (!rows.length) throw notFound('gift_card_not_found', 'Gift card not found');
  return getGiftCard(db, id);
}

/** A shopper's look-up: the balance and expiry of an active card; anything else reads as unknown. */
export async function checkBalance(db: Db, code: string): Promise<GiftCardBalance> {
  const card = await findByCode(db, code);
  if (card?.kind !== 'gift_card' || card.disabled_at) {
    throw notFound('gift_card_not_found', 'No gift card has this code. Check it and try again.');
  }
  return { balance: card.balance, currency: card.currency, expires_at: card.expires_at };
}

/** A customer's store credit: balances by currency and the ledger. */
/** An unknown customer is a 404, not an empty balance. */
async function requireCustomer(db: Db, customerId: string): Promise<void> {
  const [customer] = await queryRows(db, sql`SELECT 1 FROM users WHERE id = ${customerId}::uuid`);
  if (!customer) throw notFound('customer_not_found', 'Customer not found');
}

export async function getStoreCredit(db: Db, customerId: string): Promise<StoreCredit> {
  await requireCustomer(db, customerId);
  const balances = await queryRows<{ currency: string; balance: number }>(
    db,
    sql`SELECT currency, balance FROM gift_cards
      WHERE kind = 'store_credit' AND customer_id = ${customerId}::uuid ORDER BY currency`,
  );
  const ledger = await queryRows<LedgerRow>(
    db,
    ledgerOf(sql`g.kind = 'store_credit' AND g.customer_id = ${customerId}::uuid`),
  );
  return {
    balances: balances.map((b) => ({ currency: b.currency, balance: Number(b.balance) })),
    transactions: ledger.map(ledgerNumbers),
  };
}

/** Staff give store credit (a positive amount) or take some back (negative, never below zero). */
export async function changeStoreCredit(
  db: Db,
  customerId: string,
  body: { amount: number; currency?: string | undefined; note?: string | null | undefined },
  actorId: string,
): Promise<StoreCredit> {
  await requireCustomer(db, customerId);
  const currency = body.currency ?? (await loadBaseCurrency(db));
  const note = body.note ?? null;
  if (body.amount > 0) {
    await creditStoreCredit(db, { customerId, currency, amount: body.amount, kind: 'issue', note, actorId });
  } else {
    const [card] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM gift_cards WHERE kind = 'store_credit' AND customer_id = ${customerId}::uuid
        AND currency = ${currency}`,
    );
    const changed = card
      ? await adjustBalance(db, { cardId: card.id, amount: body.amount, note, actorId })
      : null;
    if (!changed) {
      throw new AppError('unprocessable', 'store_credit_short', 'The store credit is less than that amount', [
        { field: 'body.amount', message: 'The store credit is less than that amount' },
      ]);
    }
  }
  return getStoreCredit(db, customerId);
}

/** Whether a product is sold as a gift card; with `value`, sets it first (decision 0094). */
export async function setGiftCardProduct(db: Db, productId: string, value?: boolean): Promise<boolean> {
  const rows = await queryRows<{ is_gift_card: boolean }>(
    db,
    value === undefined
      ? sql`SELECT is_gift_card FROM products WHERE id = ${productId}::uuid AND deleted_at IS NULL`
      : sql`UPDATE products SET is_gift_card = ${value}, updated_at = now()
          WHERE id = ${productId}::uuid AND deleted_at IS NULL RETURNING is_gift_card`,
  );
  if (!rows[0]) throw notFound('product_not_found', 'Product not found');
  return rows[0].is_gift_card;
}
