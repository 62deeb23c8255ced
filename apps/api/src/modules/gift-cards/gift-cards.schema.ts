import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { refunds } from '../orders/after-sale.schema.ts';
import { orderItems, orders } from '../orders/orders.schema.ts';

/**
 * A gift card (a balance behind a code, kept only as its sha256) or a customer's store credit (the
 * same balance owned by an account, no code, one per customer and currency). The balance changes only
 * through gift-cards.service.ts, by conditional updates that never take it below zero, each with a
 * ledger row. Decision 0074.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['gift_card', 'store_credit'] })
      .notNull()
      .default('gift_card'),
    codeHash: text('code_hash'),
    lastCharacters: text('last_characters'),
    currency: text('currency').notNull(),
    initialAmount: integer('initial_amount').notNull(),
    balance: integer('balance').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    message: text('message'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order line that bought it (decision 0094). */
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** A bought card's code until it is emailed on its send date; cleared by the send. */
    pendingCode: text('pending_code'),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_cards_kind_check', sql`${t.kind} IN ('gift_card', 'store_credit')`),
    check('gift_cards_code_check', sql`(${t.kind} = 'gift_card') = (${t.codeHash} IS NOT NULL)`),
    check('gift_cards_owner_check', sql`${t.kind} = 'gift_card' OR ${t.customerId} IS NOT NULL`),
    check('gift_cards_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('gift_cards_initial_check', sql`${t.initialAmount} >= 0`),
    check('gift_cards_balance_check', sql`${t.balance} >= 0`),
    uniqueIndex('gift_cards_code_key').on(t.codeHash).where(sql`${t.codeHash} IS NOT NULL`),
    uniqueIndex('gift_cards_store_credit_key')
      .on(t.customerId, t.currency)
      .where(sql`${t.kind} = 'store_credit'`),
    index('gift_cards_list_idx').on(t.createdAt.desc(), t.id).where(sql`${t.kind} = 'gift_card'`),
    index('gift_cards_order_idx').on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    index('gift_cards_order_item_idx').on(t.orderItemId).where(sql`${t.orderItemId} IS NOT NULL`),
    index('gift_cards_due_idx').on(t.sendAt).where(sql`${t.pendingCode} IS NOT NULL`),
  ],
);

/** The append-only ledger of a balance: every change with the balance it left. */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['issue', 'redeem', 'release', 'refund', 'adjust'] }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check(
      'gift_card_transactions_kind_check',
      sql`${t.kind} IN ('issue', 'redeem', 'release', 'refund', 'adjust')`,
    ),
    check('gift_card_transactions_balance_check', sql`${t.balanceAfter} >= 0`),
    index('gift_card_transactions_card_idx').on(t.giftCardId, t.createdAt),
  ],
);

/**
 * The gift cards and store credit paying an order, beside the payment provider, which is charged the
 * rest. `held` while the checkout is unpaid, `captured` once paid, `released` when it is cancelled.
 */
export const orderTenders = pgTable(
  'order_tenders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    kind: text('kind', { enum: ['gift_card', 'store_credit'] }).notNull(),
    amount: integer('amount').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    status: text('status', { enum: ['held', 'captured', 'released'] })
      .notNull()
      .default('held'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_tenders_kind_check', sql`${t.kind} IN ('gift_card', 'store_credit')`),
    check('order_tenders_status_check', sql`${t.status} IN ('held', 'captured', 'released')`),
    check('order_tenders_amount_check', sql`${t.amount} > 0`),
    check(
      'order_tenders_refunded_check',
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`,
    ),
    index('order_tenders_order_idx').on(t.orderId, t.position),
    index('order_tenders_card_idx').on(t.giftCardId),
  ],
);
