import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import type { CustomerInfo } from '@cartwheel/shared/contracts/checkout';
import { DEFAULT_HOLD_MINUTES } from '@cartwheel/shared/contracts/shipping';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_BASE_CURRENCY } from '../accounts/base-currency.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import {
  insufficientInventory,
  openPaymentSession,
  recordPaymentSession,
  releaseReservation,
} from '../checkout/create-checkout-session.ts';
import { recordPayment } from '../checkout/finalize-checkout.ts';
import { emitLowStock } from '../checkout/low-stock.ts';
import { type CheckoutRecord, placeCheckout } from '../checkout/place-order.ts';
import { prepareTake, type StockRow, shortage, stockMove, stockRows } from '../checkout/stock.ts';
import { customerForStaffOrder } from '../customers/order-customer.ts';
import { holdRedemptions } from '../discounts/redemptions.ts';
import { composeEmail } from '../email/email-templates.ts';
import { locationShort, moveAtLocation } from '../locations/location-stock.ts';
import { getLocation } from '../locations/locations.service.ts';
import { orderEvents } from '../orders/orders.schema.ts';
import {
  actorName,
  assertEditable,
  contentOf,
  type PricedDraft,
  priceDraft,
  readDraft,
} from './draft-orders.service.ts';

/** What placing a draft made: the order (paid) or the checkout waiting for payment, and its link. */
export interface PlacedDraft {
  order_id: string;
  order_number: number | null;
  url: string | null;
}

/** The draft priced from its stored content at `version`; the first problem refuses it (4xx). */
async function pricedAt(ctx: CheckoutContext, draftId: string, version: number): Promise<PricedDraft> {
  const row = await readDraft(ctx.db, draftId);
  assertEditable(row, version);
  const { priced, problem } = await priceDraft(ctx, contentOf(row));
  if (problem || !priced)
    throw problem ?? new AppError('invalid', 'draft_invalid', 'The draft is incomplete');
  return priced;
}

function recordOf(
  ctx: CheckoutContext,
  customerId: string | null,
  priced: PricedDraft,
  source: 'draft' | 'pos',
): CheckoutRecord {
  const a = priced.address;
  const info: CustomerInfo = {
    email: priced.email,
    firstName: priced.firstName,
    lastName: priced.lastName,
    address: a?.address_line_1 ?? '',
    addressLine2: a?.address_line_2 ?? null,
    city: a?.city ?? '',
    postalCode: a?.postal_code ?? '',
    country: a?.country ?? DEFAULT_COUNTRY,
    state: a?.state_province ?? undefined,
    phone: a?.phone ?? null,
    marketing_opt_in: false,
    save_address: false,
  };
  return {
    customerId,
    guestKey: null,
    info,
    lines: priced.lines,
    priced: priced.pricing.priced,
    method: priced.method,
    shipsTo: a !== null,
    // A payment link is paid through the provider Settings → Payments chose, as a checkout is.
    providerName:
      source === 'pos'
        ? 'manual'
        : ctx.provider.choose(priced.pricing.destination?.settings.paymentProvider).name,
    holdMinutes: priced.pricing.destination?.settings.holdMinutes ?? DEFAULT_HOLD_MINUTES,
    source,
    taxExemptionNumber: priced.taxExemptionNumber,
  };
}

/**
 * A draft typed with an email rather than a picked customer: its order goes to that email's account,
 * made now when there is none (customers/order-customer.ts), and the draft remembers it.
 */
async function linkCustomer(tx: Tx, draftId: string, priced: PricedDraft): Promise<string | null> {
  const customer = await customerForStaffOrder(tx, priced);
  if (!customer) return null;
  await tx.execute(
    sql`UPDATE draft_orders SET customer_id = ${customer.id}::uuid WHERE id = ${draftId}::uuid`,
  );
  return customer.id;
}

/**
 * In the caller's transaction, with the draft's row locked and still at `version` (so it is the
 * content that was priced): takes the stock of every line and writes the order, all or nothing, as
 * the storefront's checkout does (a short line is a 409 that writes nothing), holds its discounts'
 * uses, and says on the order's timeline who created it.
 */
async function placeLocked(
  ctx: CheckoutContext,
  tx: Tx,
  draftId: string,
  version: number,
  actorId: string,
  priced: PricedDraft,
  source: 'draft' | 'pos',
  location?: { id: string; name: string } | null,
) {
  const draft = await readDraft(tx, draftId, true);
  assertEditable(draft, version);
  const customerId = draft.customer_id ?? (await linkCustomer(tx, draftId, priced));
  const record = { ...recordOf(ctx, customerId, priced, source), staffId: actorId };
  const stock = stockRows(record.lines);
  const order = location
    ? await placeAtLocation(tx, record, location, actorId)
    : await placeAllocated(tx, record, stock);
  if (order.crossedWarning > 0) await emitLowStock(tx, ctx.webhooks, stock);
  const discountIds = record.priced.discounts.map((d) => d.id);
  if (discountIds.length) {
    const held = await holdRedemptions(tx, {
      orderId: order.id,
      customerId,
      email: record.info.email,
      discountIds,
    });
    if (!held.ok) throw new AppError('unprocessable', held.code, held.message);
  }
  const name = await actorName(tx, actorId);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    type: 'created_from_draft',
    message: `${name} created this order from draft order #D${draft.draft_number}`,
    data: { draft_order_id: draftId, source },
    actorId,
  });
  if (draft.note) {
    await tx.insert(orderEvents).values({ orderId: order.id, type: 'note', message: draft.note, actorId });
  }
  return { order, draft };
}

/** Takes the stock as a storefront checkout does (allocated to the locations selling online). */
async function placeAllocated(tx: Tx, record: CheckoutRecord, stock: StockRow[]) {
  const take = stockMove(stock, -1);
  if (!take) throw new Error('a draft line without a stock row');
  const short = await prepareTake(tx, stock);
  if (short && !short.ok) throw insufficientInventory(short);
  const order = await placeCheckout(tx, take, stock.length, record);
  if (!order) throw insufficientInventory(await shortage(tx, stock));
  return order;
}

/**
 * A Point of Sale sale from one location (docs/decisions/0095-stock-locations.md): the order is written
 * without a take, then its units leave that location only (a 409 rolls the whole sale back).
 */
async function placeAtLocation(
  tx: Tx,
  record: CheckoutRecord,
  location: { id: string; name: string },
  staffId: string,
) {
  const none = { ctes: sql`no_take AS (SELECT 1)`, moved: sql`0`, crossedWarning: sql`0` };
  const order = await placeCheckout(tx, none, 0, record);
  if (!order) throw new Error('a draft order was not written');
  const short = await moveAtLocation(tx, location.id, record.lines, -1, {
    reason: 'sale',
    ref: order.id,
    staffId,
  });
  if (short) throw locationShort(short, location.name);
  return order;
}

/**
 * "Mark as paid" (cash or other): prices the draft on the server, then in one transaction takes the
 * stock, creates the order, records its payment (order number, confirmation email) and completes the
 * draft. Concurrent calls wait on the draft's row lock; all but the first find it completed (409), so
 * the stock moves once.
 */
export async function markDraftPaid(
  ctx: CheckoutContext,
  draftId: string,
  actorId: string,
  input: { payment_method: 'cash' | 'other'; version: number; location_id?: string | null | undefined },
): Promise<PlacedDraft> {
  const priced = await pricedAt(ctx, draftId, input.version);
  return ctx.db.transaction(async (tx) => {
    const location = input.location_id ? await getLocation(tx, input.location_id) : null;
    const { order, draft } = await placeLocked(
      ctx,
      tx,
      draftId,
      input.version,
      actorId,
      priced,
      'pos',
      location,
    );
    // Cash or other has no provider: the reference staff can look up is the draft's number.
    const reference = `#D${draft.draft_number}`;
    const paid = await recordPayment(ctx, tx, order.id, input.payment_method, reference);
    await tx.execute(
      sql`UPDATE draft_orders SET status = 'completed', order_id = ${order.id}::uuid, completed_at = now(),
          location_id = ${location?.id ?? null}::uuid,
          version = version + 1, updated_at = now() WHERE id = ${draftId}::uuid`,
    );
    return { order_id: order.id, order_number: paid.orderNumber, url: null };
  });
}

/**
 * "Send payment link": the draft becomes a checkout, as the storefront's: its stock is reserved until
 * the hold runs out (then the sweeper cancels it and returns the stock, and the draft is open again),
 * the provider's hosted payment page is opened, and the link is emailed to the customer through the
 * email queue. Paying it records the order like any checkout (source 'draft').
 */
export async function sendDraftPaymentLink(
  ctx: CheckoutContext,
  draftId: string,
  actorId: string,
  input: { version: number },
): Promise<PlacedDraft> {
  const priced = await pricedAt(ctx, draftId, input.version);
  const placed = await ctx.db.transaction(async (tx) => {
    const result = await placeLocked(ctx, tx, draftId, input.version, actorId, priced, 'draft');
    await tx.execute(
      sql`UPDATE draft_orders SET order_id = ${result.order.id}::uuid, version = version + 1, updated_at = now()
        WHERE id = ${draftId}::uuid`,
    );
    return result.order;
  });
  // A draft is priced in the base prices: the order was written in the base currency.
  const [order] = await queryRows<{ currency: string }>(
    ctx.db,
    sql`SELECT currency FROM orders WHERE id = ${placed.id}::uuid`,
  );
  const currency = order?.currency ?? DEFAULT_BASE_CURRENCY;
  let session: Awaited<ReturnType<typeof openPaymentSession>>;
  try {
    session = await openPaymentSession(
      ctx,
      { email: priced.email },
      { order: placed, lines: priced.lines, priced: priced.pricing.priced, currency },
      null,
      ctx.provider.choose(priced.pricing.destination?.settings.paymentProvider).name,
    );
  } catch (error) {
    ctx.log.error({ err: error, orderId: placed.id }, 'payment provider could not open a session');
    await releaseReservation(ctx, placed.id);
    throw new AppError(
      'upstream_failed',
      'payment_provider_error',
      'The payment service could not be reached. Please try again in a moment.',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await recordPaymentSession(tx, placed.id, session.id);
    const email = await composeEmail(tx, ctx.config, 'draft_order_invoice', priced.email, {
      first_name: priced.firstName,
      total: priced.pricing.priced.total,
      currency,
      url: session.url,
    });
    await ctx.mailer.queue(tx, email);
    await tx.insert(orderEvents).values({
      orderId: placed.id,
      type: 'payment_link_sent',
      message: `Payment link sent to ${priced.email}`,
      actorId,
    });
  });
  const [row] = await queryRows<{ order_number: number | null }>(
    ctx.db,
    sql`SELECT order_number FROM orders WHERE id = ${placed.id}::uuid`,
  );
  return { order_id: placed.id, order_number: row?.order_number ?? null, url: session.url };
}
