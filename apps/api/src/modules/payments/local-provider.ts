import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { checkoutCancelUrl, checkoutSuccessUrl } from './checkout-urls.ts';
import {
  assertLinesAddUp,
  type PaymentLine,
  type PaymentProvider,
  type PaymentSessionState,
  type PaymentSessionStatus,
} from './payment-provider.ts';

/** The offline test cards (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const PAY_MESSAGES = {
  declined: 'Your card was declined. Please try another card.',
  invalidNumber: 'Your card number is invalid.',
  unknownCard: 'This test checkout only accepts the test cards: use 4242 4242 4242 4242 to pay.',
  invalidExpiry: "Your card's expiration date is invalid. Use the format MM / YY.",
  expiredCard: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  sessionExpired:
    'This payment session has expired and can no longer be paid. Your cart is still saved: return to the store to check out again.',
  sessionCancelled:
    'This payment was cancelled and can no longer be paid. Your cart is still saved: return to the store to check out again.',
} as const;

/** Why a payment was refused: a key of PAY_MESSAGES (the page's address carries it, never the card). */
export type PayProblem = keyof typeof PAY_MESSAGES;

/** The problem an address names, or undefined for anything else. */
export const payProblemOf = (value: unknown): PayProblem | undefined =>
  typeof value === 'string' && Object.hasOwn(PAY_MESSAGES, value) ? (value as PayProblem) : undefined;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type LocalSessionView = 'open' | 'paid' | 'expired' | 'cancelled';

/** A line of the hosted page: the order's line, its discount and what the shopper pays for it. */
export interface LocalPayLine extends PaymentLine {
  variantTitle: string | null;
  /** Taken off this line by discounts. */
  discount: number;
  /** unitAmount × quantity − discount. */
  total: number;
}

/**
 * What the hosted page shows. It adds up as the order does (subtotal − discount + shipping + added
 * tax = amount), the same amounts paymentLines() gives a provider.
 */
export interface LocalPayPage {
  sessionId: string;
  view: LocalSessionView;
  amount: number;
  currency: string;
  /** null while an unpaid order has no number yet. */
  orderNumber: number | null;
  lines: LocalPayLine[];
  /** Σ unitAmount × quantity, before discounts. */
  subtotal: number;
  /** Σ of the lines' discounts. */
  discount: number;
  shipping: number;
  tax: number;
  /** True when the tax is inside the prices (shown, not added). */
  taxIncluded: boolean;
  successUrl: string;
  cancelUrl: string;
}

export type PayResult =
  | { ok: true; successUrl: string }
  | { ok: false; problem: PayProblem; view: LocalSessionView };

export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local';
  /** The page for a session, or null when there is no such session. */
  getPage(sessionId: string): Promise<LocalPayPage | null>;
  /** Charges the test card: only 4242... succeeds, and only while the session is open and unexpired. */
  pay(sessionId: string, card: CardInput): Promise<PayResult | null>;
  /** The shopper pressed Cancel: the session closes for good (true when it was open until now). */
  cancel(sessionId: string): Promise<boolean>;
  paidSessions(sessionIds: string[]): Promise<string[]>;
}

interface SessionRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'open' | 'paid' | 'expired' | 'cancelled';
  payment_method: string | null;
  /** True while the session may still be paid. */
  live: boolean;
  /** The order's language (its return addresses are in it). */
  locale: string | null;
  /** The address the session was opened with; null on sessions kept from before it was stored. */
  success_url: string | null;
  created_at: Date | string;
}

/** An unguessable id: the link to the page is the only key to it, as with a hosted checkout. */
function newSessionId(): string {
  return `cs_local_${randomBytes(24).toString('base64url')}`;
}

/** Luhn checksum, so a typo reads "invalid" rather than "declined". */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the typed card like a card network would; null when it may be charged. */
export function cardProblem(card: CardInput, now = new Date()): PayProblem | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return 'invalidNumber';
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) return 'invalidExpiry';
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return 'invalidExpiry';
  // A card is valid through the last day of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return 'expiredCard';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'invalidCvc';
  if (number === TEST_CARDS.declined) return 'declined';
  if (number !== TEST_CARDS.success) return 'unknownCard';
  return null;
}

const viewOf = (row: SessionRow): LocalSessionView =>
  row.status === 'open' && !row.live ? 'expired' : row.status;

/**
 * The local provider's id for a session's payment (as Stripe's payment intent is apart from its
 * session): derived from the session id, never the session id itself, which is the pay page's key.
 */
export const localPaymentId = (sessionId: string) =>
  `pay_local_${createHash('sha256').update(sessionId).digest('hex').slice(0, 24)}`;

function stateOf(row: SessionRow | undefined): PaymentSessionState {
  if (!row) return { status: 'expired', paymentMethod: null };
  const view = viewOf(row);
  const status: PaymentSessionStatus = view === 'paid' ? 'paid' : view === 'open' ? 'open' : 'expired';
  if (status !== 'paid') return { status, paymentMethod: null };
  return { status, paymentMethod: row.payment_method ?? 'card', paymentReference: localPaymentId(row.id) };
}

/**
 * The built-in offline provider (PAYMENT_PROVIDER=local, the default): sessions live in the
 * payment_sessions table and are paid on the shop's own page at /pay/:sessionId. Every state change
 * is a conditional update from `open`, so a payment and an expiry can never both succeed.
 */
export function createLocalPaymentProvider(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'authSecret'>,
): LocalPaymentProvider {
  const { publicUrl } = config;
  async function loadSession(sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await queryRows<SessionRow>(
      db,
      sql`SELECT s.id, s.order_id, s.amount, s.currency, s.status, s.payment_method,
          s.expires_at > now() AS live, o.locale, s.success_url, s.created_at
        FROM payment_sessions s LEFT JOIN orders o ON o.id = s.order_id WHERE s.id = ${sessionId}`,
    );
    return row;
  }
  const successUrlOf = (session: SessionRow) =>
    session.success_url ??
    checkoutSuccessUrl(config, session.order_id, session.locale, new Date(session.created_at));

  return {
    name: 'local',

    async createSession(input) {
      assertLinesAddUp(input);
      const id = newSessionId();
      await queryPrepared(
        db,
        sql`INSERT INTO payment_sessions (id, order_id, amount, currency, expires_at, success_url)
          VALUES (${id}, ${input.orderId}::uuid, ${input.amount}::int, ${input.currency},
            ${input.expiresAt.toISOString()}::timestamptz, ${input.successUrl})`,
      );
      return { id, url: `${publicUrl}/pay/${id}` };
    },

    async getSession(sessionId) {
      return stateOf(await loadSession(sessionId));
    },

    async expireSession(sessionId) {
      const expired = await queryPrepared<{ id: string }>(
        db,
        sql`UPDATE payment_sessions SET status = 'expired' WHERE id = ${sessionId} AND status = 'open' RETURNING id`,
      );
      // Expired just now; otherwise it was already closed (or paid): read what it is.
      if (expired.length > 0) return { status: 'expired', paymentMethod: null };
      return stateOf(await loadSession(sessionId));
    },

    async getPage(sessionId) {
      const session = await loadSession(sessionId);
      if (!session) return null;
      const [order] = await queryRows<{
        order_number: number | null;
        shipping_amount: number;
        tax_amount: number;
        tax_included: boolean;
        payment_session_id: string | null;
      }>(
        db,
        sql`SELECT order_number, shipping_amount, tax_amount, tax_inclusive AS tax_included, payment_session_id
          FROM orders WHERE id = ${session.order_id}`,
      );
      const common = {
        sessionId: session.id,
        view: viewOf(session),
        amount: session.amount,
        currency: session.currency,
        orderNumber: order?.order_number ?? null,
        successUrl: successUrlOf(session),
        cancelUrl: checkoutCancelUrl(config, session.locale),
      };
      // A session of a paid order that is not its checkout's (an edit's amount due) charges only that amount.
      if (order?.payment_session_id && order.payment_session_id !== session.id) {
        const name = `Amount due on order #${order.order_number ?? ''}`;
        const line = { name, variantTitle: null, unitAmount: session.amount, quantity: 1, discount: 0 };
        return {
          ...common,
          lines: [{ ...line, total: session.amount }],
          subtotal: session.amount,
          discount: 0,
          shipping: 0,
          tax: 0,
          taxIncluded: false,
        };
      }
      const rows = await queryRows<{
        product_name: string;
        variant_title: string | null;
        quantity: number;
        price_per_item: number;
        discount: number;
      }>(
        db,
        sql`SELECT product_name, variant_title, quantity, price_per_item, discount_amount AS discount
          FROM order_items WHERE order_id = ${session.order_id} ORDER BY created_at, product_name, id`,
      );
      const lines = rows.map((l) => ({
        name: l.product_name,
        variantTitle: l.variant_title,
        unitAmount: l.price_per_item,
        quantity: l.quantity,
        discount: l.discount,
        total: l.price_per_item * l.quantity - l.discount,
      }));
      return {
        ...common,
        lines,
        subtotal: lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0),
        discount: lines.reduce((s, l) => s + l.discount, 0),
        shipping: order?.shipping_amount ?? 0,
        tax: order?.tax_amount ?? 0,
        taxIncluded: order?.tax_included ?? false,
      };
    },

    async pay(sessionId, card) {
      const session = await loadSession(sessionId);
      if (!session) return null;
      const successUrl = successUrlOf(session);
      // Paying twice (a double click, the back button) is not an error: it is paid.
      if (session.status === 'paid') return { ok: true, successUrl };
      if (viewOf(session) !== 'open') {
        const view = viewOf(session);
        return { ok: false, view, problem: view === 'cancelled' ? 'sessionCancelled' : 'sessionExpired' };
      }
      const problem = cardProblem(card);
      if (problem) return { ok: false, view: 'open', problem };
      // Wins only while the session is open and unexpired: an expiry sweep running now cannot also win.
      const paid = await queryRows<{ id: string }>(
        db,
        sql`UPDATE payment_sessions SET status = 'paid', payment_method = 'card', paid_at = now()
          WHERE id = ${sessionId} AND status = 'open' AND expires_at > now() RETURNING id`,
      );
      if (paid.length) return { ok: true, successUrl };
      const after = await loadSession(sessionId);
      if (after?.status === 'paid') return { ok: true, successUrl };
      const view = after ? viewOf(after) : 'expired';
      return { ok: false, view, problem: view === 'cancelled' ? 'sessionCancelled' : 'sessionExpired' };
    },

    async paidSessions(sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM payment_sessions
          WHERE id IN (${sql.join(
            sessionIds.map((id) => sql`${id}`),
            sql`, `,
          )}) AND status = 'paid'`,
      );
      return rows.map((row) => row.id);
    },

    async cancel(sessionId) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`UPDATE payment_sessions SET status = 'cancelled' WHERE id = ${sessionId} AND status = 'open' RETURNING id`,
      );
      return rows.length > 0;
    },

    async refund(input) {
      // The key is the refund's own id: a retry answers the refund made the first time, never pays twice.
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`WITH made AS (
            INSERT INTO local_payment_refunds (idempotency_key, id, order_id, session_id, amount, currency)
            VALUES (${input.idempotencyKey}, ${`re_local_${randomBytes(12).toString('base64url')}`},
              ${input.orderId}::uuid, ${input.sessionId}, ${input.amount}::int, ${input.currency})
            ON CONFLICT (idempotency_key) DO NOTHING RETURNING id)
          SELECT id FROM made
          UNION ALL SELECT id FROM local_payment_refunds WHERE idempotency_key = ${input.idempotencyKey}`,
      );
      if (!row) throw new Error(`the local provider recorded no refund for ${input.idempotencyKey}`);
      return { id: row.id };
    },
  };
}
