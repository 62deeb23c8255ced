import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '@cartwheel/shared/money';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { signingSecret } from '../accounts/auth.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import { addEvent } from '../orders/order-steps.ts';
import { emitOrderEvent } from '../orders/order-webhooks.ts';

// The buyer pays an edit's amount due through a signed link (decision 0087): no sign-in, the token is
// the key, as with the checkout's receipt link (decision 0072). The payment itself goes through the
// payment provider interface, the same for every provider.

type UrlConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

/** How long a payment link opens its page. */
const PAYMENT_LINK_DAYS = 30;
/** A payment session of an amount due stays open this long (Stripe allows at most a day). */
const SESSION_HOURS = 23;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (config: UrlConfig, editId: string, expires: string) =>
  createHmac('sha256', signingSecret(config)).update(`order-edit:${editId}:${expires}`).digest('base64url');

/** The payment link's token: the edit id, its expiry (seconds, base 36) and their HMAC. */
function editToken(config: UrlConfig, editId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000 + PAYMENT_LINK_DAYS * 24 * 60 * 60).toString(36);
  return `${editId}.${expires}.${signature(config, editId, expires)}`;
}

/** The edit a token opens, or null when it is malformed, forged or expired. */
export function verifyEditToken(config: UrlConfig, token: string, now = Date.now()): string | null {
  const [editId = '', expires = '', given = '', ...rest] = token.split('.');
  if (rest.length || !UUID.test(editId) || !/^[0-9a-z]{1,10}$/.test(expires)) return null;
  const expected = Buffer.from(signature(config, editId, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return Number.parseInt(expires, 36) * 1000 > now ? editId : null;
}

/**
 * The page where the buyer pays an edit's amount due. `issuedAt`: when the edit was made, so that the
 * email, the back office and the provider's return all give the same address.
 */
export const editPaymentUrl = (config: UrlConfig, editId: string, issuedAt: Date | string) =>
  `${config.publicUrl}/order-payments/${editToken(config, editId, new Date(issuedAt).getTime())}`;

/** What the payment page shows of an edit. */
export interface EditPayment {
  id: string;
  order_id: string;
  order_number: number;
  status: 'committed' | 'awaiting_payment' | 'paid';
  amount_due: number;
  currency: string;
  total_after: number;
  customer_email: string | null;
  order_payment_provider: string | null;
  payment_provider: string | null;
  payment_session_id: string | null;
  payment_url: string | null;
  created_at: string;
}

export async function readEditPayment(ctx: CheckoutContext, editId: string): Promise<EditPayment | null> {
  const [row] = await queryRows<EditPayment>(
    ctx.db,
    sql`SELECT e.id, e.order_id, o.order_number, e.status, e.amount_due, e.currency, e.total_after,
        o.customer_email, o.payment_provider AS order_payment_provider, e.payment_provider,
        e.payment_session_id, e.payment_url, to_json(e.created_at) #>> '{}' AS created_at
      FROM order_edits e JOIN orders o ON o.id = e.order_id WHERE e.id = ${editId}::uuid`,
  );
  return row ?? null;
}

/**
 * Records the amount due as paid when its session's provider says it was: once, by a conditional
 * update from `awaiting_payment`, so a second return, a reload or a concurrent check cannot count it
 * twice. Answers the edit's state afterwards.
 */
export async function settleEditPayment(ctx: CheckoutContext, edit: EditPayment): Promise<EditPayment> {
  if (edit.status !== 'awaiting_payment' || !edit.payment_session_id || !edit.payment_provider) return edit;
  if (edit.payment_session_id.startsWith('opening:')) return edit;
  const provider = ctx.provider.get(edit.payment_provider);
  if (!provider) return edit;
  const state = await provider.getSession(edit.payment_session_id);
  if (state.status !== 'paid') return edit;
  await ctx.db.transaction(async (tx) => {
    const [paid] = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE order_edits SET status = 'paid', paid_at = now(), payment_reference = ${state.paymentReference ?? null}
        WHERE id = ${edit.id}::uuid AND status = 'awaiting_payment' AND payment_session_id = ${edit.payment_session_id}
        RETURNING id`,
    );
    if (!paid) return;
    await addEvent(
      tx,
      edit.order_id,
      null,
      'edit_paid',
      `The buyer paid the amount due of ${formatMoney(edit.amount_due, edit.currency)}: the order is paid in full.`,
      { edit_id: edit.id, amount: edit.amount_due, payment_reference: state.paymentReference ?? null },
    );
    await emitOrderEvent(tx, ctx.webhooks, 'order.updated', edit.order_id, {
      edit: { id: edit.id, status: 'paid', amount_due: edit.amount_due, currency: edit.currency },
    });
  });
  return (await readEditPayment(ctx, edit.id)) ?? edit;
}

/**
 * Where the buyer pays the amount due: the session already open, or a new one. One session at a time:
 * the edit's row is claimed by a conditional update before the provider is asked (never inside a
 * transaction), and a session is replaced only once its provider says it can no longer be paid.
 * Null when nothing is due any more (paid) or another request is opening the session right now.
 */
export async function openEditPayment(ctx: CheckoutContext, editId: string): Promise<string | null> {
  let edit = await readEditPayment(ctx, editId);
  if (!edit) return null;
  edit = await settleEditPayment(ctx, edit);
  if (edit.status !== 'awaiting_payment') return null;
  const previous = edit.payment_session_id;
  if (previous?.startsWith('opening:')) return null;
  if (previous && edit.payment_provider) {
    const provider = ctx.provider.get(edit.payment_provider);
    const state = provider ? await provider.getSession(previous) : { status: 'expired' as const };
    if (state.status === 'open' && edit.payment_url) return edit.payment_url;
    if (state.status === 'paid') {
      await settleEditPayment(ctx, edit);
      return null;
    }
  }
  const claim = `opening:${randomBytes(12).toString('base64url')}`;
  const [claimed] = await queryRows<{ id: string }>(
    ctx.db,
    sql`UPDATE order_edits SET payment_session_id = ${claim}, payment_url = NULL
      WHERE id = ${editId}::uuid AND status = 'awaiting_payment'
        AND payment_session_id IS NOT DISTINCT FROM ${previous}
      RETURNING id`,
  );
  if (!claimed) return null;
  // The provider the order was paid with, so a later refund finds both payments there.
  const provider =
    (edit.order_payment_provider ? ctx.provider.get(edit.order_payment_provider) : undefined) ??
    ctx.provider.choose(null);
  const pageUrl = editPaymentUrl(ctx.config, editId, edit.created_at);
  try {
    const session = await provider.createSession({
      provider: provider.name,
      orderId: edit.order_id,
      orderNumber: edit.order_number,
      amount: edit.amount_due,
      currency: edit.currency,
      lines: [{ name: `Changes to order #${edit.order_number}`, unitAmount: edit.amount_due, quantity: 1 }],
      shippingAmount: 0,
      taxAmount: 0,
      customerEmail: edit.customer_email ?? '',
      successUrl: pageUrl,
      cancelUrl: pageUrl,
      expiresAt: new Date(Date.now() + SESSION_HOURS * 60 * 60 * 1000),
    });
    await queryRows(
      ctx.db,
      sql`UPDATE order_edits SET payment_provider = ${provider.name}, payment_session_id = ${session.id},
          payment_url = ${session.url}
        WHERE id = ${editId}::uuid AND payment_session_id = ${claim}`,
    );
    return session.url;
  } catch (error) {
    ctx.log.error({ err: error, editId }, 'payment provider could not open a session for an amount due');
    await queryRows(
      ctx.db,
      sql`UPDATE order_edits SET payment_session_id = ${previous} WHERE id = ${editId}::uuid AND payment_session_id = ${claim}`,
    );
    throw error;
  }
}

/**
 * A provider's word that `sessionId` was paid (Stripe's or PayPal's webhook), for an amount due: the
 * edit is settled as on the buyer's return. False when no edit waits on that session.
 */
export async function settleEditBySession(ctx: CheckoutContext, sessionId: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM order_edits WHERE payment_session_id = ${sessionId} AND status = 'awaiting_payment'`,
  );
  const edit = row ? await readEditPayment(ctx, row.id) : null;
  if (!edit) return false;
  await settleEditPayment(ctx, edit);
  return true;
}

/**
 * Amounts due a provider that lists its paid sessions (the local one) took without the buyer coming
 * back: settled by the reconciliation job, as the checkout's payments are. Answers how many.
 */
export async function reconcileEditPayments(ctx: CheckoutContext, signal?: AbortSignal): Promise<number> {
  if (!ctx.provider.paidSessions) return 0;
  const open = await queryRows<{ payment_session_id: string }>(
    ctx.db,
    sql`SELECT payment_session_id FROM order_edits
      WHERE status = 'awaiting_payment' AND payment_session_id IS NOT NULL
        AND payment_session_id NOT LIKE 'opening:%'`,
  );
  if (!open.length) return 0;
  let settled = 0;
  for (const sessionId of await ctx.provider.paidSessions(open.map((e) => e.payment_session_id))) {
    signal?.throwIfAborted();
    if (await settleEditBySession(ctx, sessionId)) settled++;
  }
  return settled;
}
