import type { CreateCheckoutSessionBodyParsed, CustomerInfo } from '@cartwheel/shared/contracts/checkout';
import { DEFAULT_HOLD_MINUTES } from '@cartwheel/shared/contracts/shipping';
import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createAddress } from '../addresses/addresses.service.ts';
import { holdRedemptions } from '../discounts/redemptions.ts';
import { sendGiftCardsNow } from '../gift-cards/gift-card-orders.ts';
import { holdTenders, type PlannedTender } from '../gift-cards/gift-cards.service.ts';
import { setAccountConsent } from '../marketing/unsubscribe.ts';
import { orderInMarket } from '../markets/checkout-prices.ts';
import { checkoutCancelUrl, checkoutSuccessUrl } from '../payments/checkout-urls.ts';
import type { PaymentProviderName, PaymentSession } from '../payments/payment-provider.ts';
import { lessTendered } from '../pricing/payment-lines.ts';
import { type PricedOrder, paymentLines } from '../pricing/price-order.ts';
import { readBuyerTerms } from '../wholesale/buyer-terms.ts';
import type { CheckoutContext } from './checkout-context.ts';
import type { CheckoutLine } from './checkout-lines.ts';
import { giftCardOfCode, heldByBuyer, planTenders } from './checkout-tenders.ts';
import {
  cancelEarlierCheckouts,
  type EarlierSession,
  earlierSessionsSql,
  expireReplacedSessions,
  lockEarlierCheckouts,
  type ReplacedCheckout,
  settleEarlierSessions,
} from './earlier-checkouts.ts';
import { cancelPendingOrder } from './expire-checkouts.ts';
import { recordPayment } from './finalize-checkout.ts';
import { emitLowStock } from './low-stock.ts';
import { type CheckoutRecord, placeCheckout } from './place-order.ts';
import { priceCheckout, readLinesAndRules, refusal } from './price-checkout.ts';
import { parsed } from './pricing-rules.ts';
import {
  insufficientMessage,
  prepareTake,
  type StockLine,
  type StockRow,
  shortage,
  stockMove,
  stockRows,
} from './stock.ts';

/** A conflict, insufficient_inventory: "Only N left of {name}" or "{name} is out of stock". */
export function insufficientInventory(short: { line: StockLine; available: number }): AppError {
  return new AppError(
    'conflict',
    'insufficient_inventory',
    insufficientMessage(short.line.label, short.available),
    {
      product_id: short.line.productId,
      variant_id: short.line.variantId,
      name: short.line.label,
      available: short.available,
    },
  );
}

export interface CreatedCheckout {
  url: string;
  orderId: string;
  sessionId: string;
}

/** What the order step wrote: the pending checkout holding the stock, and how it was priced. */
export interface PlacedOrder {
  order: { id: string; expiresAt: Date };
  lines: CheckoutLine[];
  priced: PricedOrder;
  /** The currency of every amount of `priced`: the order's. */
  currency: string;
  /** What gift cards and store credit hold of the total; the provider is charged the rest. */
  tendered?: number;
}

/**
 * Who is checking out: a signed-in shopper (their server cart) or a guest (their browser's key). A
 * guest admitted to their lines' stock rows already (Checkout.admitGuest) carries the release, called
 * once the reservation is over.
 */
export type Buyer =
  | {
      userId: string;
      guestKey?: null;
      /** Their wholesale group (decision 0093): its prices, minimum order and terms; null: retail. */
      groupId?: string | null;
      /** A tax exemption number on file: no tax is charged. */
      taxExemptionNumber?: string | null;
    }
  | { userId: null; guestKey: string; admitted?: (() => void) | undefined };

/** The body of POST /api/checkout/sessions, as parsed. */
export type CheckoutRequest = CreateCheckoutSessionBodyParsed;

/**
 * Starts paying, in steps: read the lines at today's database prices (the signed-in shopper's server
 * cart, or the guest's lines); price them once (destination, method, discounts, tax); reserve the
 * stock of every line (all or none), create the pending checkout with a snapshot of each line and
 * hold its discounts' uses, in one transaction; once it has committed, open the provider's payment
 * session and record its id on the order. When the provider's call fails, the compensation cancels the
 * checkout and returns the stock at once. No price the client sends is used. A signed-in cart is kept
 * until the checkout is paid.
 */
export async function createCheckoutSession(
  ctx: CheckoutContext,
  buyer: Buyer,
  request: CheckoutRequest,
): Promise<CreatedCheckout> {
  const info = request.customer_info;
  let { lines, pricing, method, earlier, market, currency, tenders, chosen, terms } = await readAndPrice(
    ctx,
    buyer,
    request,
    {
      withEarlier: true,
    },
  );
  // The provider Settings → Payments chose, before anything is written: a choice without credentials refuses.
  const provider = ctx.provider.choose(chosen);
  // Only once the checkout can go ahead: a refused one leaves the buyer's open checkout as it was.
  // An earlier checkout found paid meanwhile took its lines out of the cart: read them again.
  if (await settleEarlierSessions(ctx, earlier))
    ({ lines, pricing, method, market, currency, tenders, terms } = await readAndPrice(ctx, buyer, request));
  const record: CheckoutRecord = {
    customerId: buyer.userId,
    guestKey: buyer.guestKey ?? null,
    info,
    lines,
    priced: pricing.priced,
    method,
    providerName: provider.name,
    // How long the checkout holds its stock: the shop's setting, read with the destination's zone.
    holdMinutes: pricing.destination?.settings.holdMinutes ?? DEFAULT_HOLD_MINUTES,
    locale: request.locale,
    ...(market ? { market } : {}),
    taxExemptionNumber: pricing.priced.tax === 0 ? exemptionOf(buyer) : null,
  };
  const reserved = await reserveStockAndPlaceOrder(ctx, buyer, record, tenders);
  await expireReplacedSessions(ctx, reserved.replaced);
  if (!reserved.order) throw insufficientInventory(reserved.short);
  const placed: PlacedOrder = {
    order: reserved.order,
    lines,
    priced: pricing.priced,
    currency,
    tendered: reserved.tendered,
  };
  // No card payment: a group on payment terms places it now, paid by invoice later (decision 0093);
  // gift cards and store credit that pay it all pay it now.
  const termsDays = reserved.tendered < pricing.priced.total ? (terms?.paymentTermsDays ?? null) : null;
  if (termsDays !== null || reserved.tendered === pricing.priced.total) {
    const method = termsDays !== null ? 'invoice' : (tenders[tenders.length - 1]?.kind ?? 'gift_card');
    const onTerms = termsDays !== null ? { days: termsDays } : undefined;
    const paid = await ctx.db.transaction((tx) =>
      recordPayment(ctx, tx, placed.order.id, method, null, onTerms),
    );
    if (paid.giftCards) await sendGiftCardsNow(ctx, placed.order.id);
    await afterCheckout(ctx, buyer, info);
    return {
      url: checkoutSuccessUrl(ctx.config, placed.order.id, request.locale),
      orderId: placed.order.id,
      sessionId: '',
    };
  }

  let session: PaymentSession;
  try {
    session = await openPaymentSession(ctx, info, placed, request.locale, provider.name);
  } catch (error) {
    ctx.log.error({ err: error, orderId: placed.order.id }, 'payment provider could not open a session');
    await releaseReservation(ctx, placed.order.id);
    throw providerUnreachable();
  }
  await recordSessionOrGiveUp(ctx, placed.order.id, session);
  await afterCheckout(ctx, buyer, info);
  return { url: session.url, orderId: placed.order.id, sessionId: session.id };
}

/** Once the checkout goes ahead: the address saved, the opt-in box as the account's consent. */
async function afterCheckout(ctx: CheckoutContext, buyer: Buyer, info: CustomerInfo): Promise<void> {
  if (buyer.userId !== null && info.save_address) await saveAddress(ctx, buyer.userId, info);
  // The checkout's opt-in box is the account's consent, as on the account page.
  if (buyer.userId !== null && info.marketing_opt_in !== undefined) {
    await setAccountConsent(ctx.db, buyer.userId, info.marketing_opt_in);
  }
}

const providerUnreachable = () =>
  new AppError(
    'upstream_failed',
    'payment_provider_error',
    'The payment service could not be reached. Please try again in a moment.',
  );

/**
 * The stock rows of a guest's lines as stockRows keys them (a variant's, else the product's), each
 * once, in the global lock order (products first, then variants, by id).
 */
export function guestStockRows(
  lines: ReadonlyArray<{ product_id: string; variant_id?: string | null | undefined }>,
) {
  const rows = new Map<string, { table: 'products' | 'product_variants'; id: string }>();
  for (const l of lines) {
    if (l.variant_id) rows.set(`1:${l.variant_id}`, { table: 'product_variants', id: l.variant_id });
    else rows.set(`0:${l.product_id}`, { table: 'products', id: l.product_id });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** "Save this address": into the shopper's address book; a refusal (book full) never stops paying. */
async function saveAddress(ctx: CheckoutContext, userId: string, info: CustomerInfo): Promise<void> {
  try {
    await createAddress(ctx.db, userId, {
      first_name: info.firstName,
      last_name: info.lastName,
      address_line_1: info.address,
      address_line_2: info.addressLine2 || null,
      city: info.city,
      state_province: info.state || null,
      postal_code: info.postalCode,
      country: info.country,
      phone: info.phone || null,
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'could not save the checkout address');
  }
}

/**
 * The buyer's lines priced for the request; throws what refuses the checkout before anything is written.
 * `withEarlier`: the same statement also reads the buyer's earlier checkouts with a payment session.
 */
async function readAndPrice(
  ctx: CheckoutContext,
  buyer: Buyer,
  request: CheckoutRequest,
  { withEarlier = false } = {},
) {
  const info = request.customer_info;
  // The code field takes a gift card's code too: then it is a tender, not a discount code.
  const found = await giftCardOfCode(ctx.db, request.discount_code);
  // A card this buyer's open checkout holds is given back when this one starts: it counts as available.
  const giftCard =
    found && found.balance === 0 ? { ...found, balance: await heldByBuyer(ctx.db, found.id, buyer) } : found;
  const code = giftCard ? null : (request.discount_code ?? null);
  const source =
    buyer.userId !== null ? { userId: buyer.userId } : { guestLines: request.guest?.lines ?? [] };
  const read = await readLinesAndRules(
    ctx,
    source,
    code,
    withEarlier ? earlierSessionsSql(buyer) : undefined,
  );
  const { rules } = read;
  const inMarket = await ctx.markets?.resolve(ctx.db, request.market, request.locale);
  // Only a group member's checkout reads their group's terms: a retail one costs no query for it.
  const groupId = buyer.userId !== null ? (buyer.groupId ?? null) : null;
  const terms = groupId
    ? await readBuyerTerms(
        ctx.db,
        groupId,
        read.lines.map((l) => l.productId),
      )
    : null;
  const pricing = await priceCheckout(ctx.db, {
    wholesale: terms,
    taxExemptionNumber: exemptionOf(buyer),
    market: inMarket,
    lines: read.lines,
    rules,
    country: info.country,
    state: info.state || null,
    postalCode: info.postalCode || null,
    city: info.city || null,
    shippingMethodId: request.shipping_method_id ?? null,
    defaultMethod: request.shipping_method_id === undefined,
    code,
    customerId: buyer.userId,
    email: info.email,
    taxProvider: ctx.taxProvider,
  });
  const refused = refusal(pricing, code);
  if (refused || !pricing.method) throw refused;
  const earlier = parsed(read.alongside as EarlierSession[] | string | null) ?? [];
  const { priced } = pricing;
  const market = inMarket
    ? orderInMarket(inMarket, {
        subtotal: priced.subtotal,
        discount: priced.lines.reduce((sum, l) => sum + l.discount, 0),
        shipping: priced.shipping,
        tax: priced.tax,
        inclusive: priced.taxLines.some((t) => t.inclusive),
      })
    : null;
  // Without markets (an app built without them) the checkout is in the base currency.
  const currency = market?.currency ?? rules.rules.currency;
  const { planned: tenders } = await planTenders(ctx.db, {
    giftCard,
    storeCredit: request.apply_store_credit === true,
    customerId: request.apply_store_credit ? buyer.userId : null,
    currency,
    total: priced.total,
    buysGiftCards: pricing.lines.some((l) => l.digital),
  });
  const chosen = rules.rules.settings.paymentProvider;
  return {
    lines: pricing.lines,
    pricing,
    method: pricing.method,
    earlier,
    market,
    currency,
    tenders,
    chosen,
    terms,
  };
}

const exemptionOf = (buyer: Buyer) => (buyer.userId !== null ? (buyer.taxExemptionNumber ?? null) : null);

/** What the reservation transaction did: the new order, or the short line, and the checkouts it replaced. */
type Reservation = {
  replaced: ReplacedCheckout[];
} & (
  | { order: PlacedOrder['order']; short?: undefined; tendered: number }
  | { order: null; short: { line: StockLine; available: number } }
);

/**
 * In one transaction, under the buyer's checkout lock: cancels the buyer's earlier pending checkouts
 * (their stock and discount uses returned), then takes the stock of every line and creates the
 * pending checkout with a snapshot of each line, all or nothing, and holds a use of each discount
 * (a code used up meanwhile refuses the checkout and rolls everything back). A short line leaves no
 * checkout (the earlier ones stay released) and is reported for the caller to answer with a conflict.
 */
async function reserveStockAndPlaceOrder(
  ctx: CheckoutContext,
  buyer: Buyer,
  record: CheckoutRecord,
  tenders: PlannedTender[],
): Promise<Reservation> {
  const stock = stockRows(record.lines);
  const take = stockMove(stock, -1);
  if (!take) throw new Error('a cart line without a stock row');
  // A row known sold out is refused without the transaction (the buyer's earlier checkout stays, as
  // for any refusal); a hot row runs a few reservations at a time, the others wait without a connection.
  const marks = ctx.soldOut;
  const marked = marks?.check(stock);
  if (marked) return { replaced: [], order: null, short: marked };
  const release = (buyer.userId === null && buyer.admitted) || (await marks?.admit(stock));
  try {
    const soldOut = marks?.check(stock);
    if (soldOut) return { replaced: [], order: null, short: soldOut };
    const since = marks?.now() ?? 0;
    const reservation = await reserveInTransaction(ctx, buyer, record, stock, take, tenders);
    if (reservation.short) marks?.note(since, reservation.short);
    return reservation;
  } finally {
    release?.();
  }
}

/** The reservation's transaction (reserveStockAndPlaceOrder). */
function reserveInTransaction(
  ctx: CheckoutContext,
  buyer: Buyer,
  record: CheckoutRecord,
  stock: StockRow[],
  take: NonNullable<ReturnType<typeof stockMove>>,
  tenders: PlannedTender[],
): Promise<Reservation> {
  const lockKey = buyer.userId !== null ? `checkout:${buyer.userId}` : `checkout-guest:${buyer.guestKey}`;
  return ctx.db.transaction(async (tx): Promise<Reservation> => {
    // First in the transaction: concurrent checkouts of one buyer run this one at a time, so each
    // sees (and cancels) the checkout the previous one placed. Other buyers are not held up. The read
    // of the earlier checkouts is sent with the lock, without waiting for its answer: it is a statement
    // of its own, so its snapshot is taken once the lock is held.
    const [, earlier] = await Promise.all([
      queryPrepared(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}::text, 0))`),
      lockEarlierCheckouts(tx, buyer),
    ]);
    const replaced = await cancelEarlierCheckouts(tx, earlier, stock);
    // Several rows: lock them in the global order first (no deadlock with another checkout).
    const short = await prepareTake(tx, stock);
    if (short && !short.ok) return { replaced, order: null, short };
    const order = await placeCheckout(tx, take, stock.length, record);
    // Nothing was written: say which line is short, as the stock is now.
    if (!order) return { replaced, order: null, short: await shortage(tx, stock) };
    // Only when the take brought a row down to its warning level: most checkouts need no statement.
    if (order.crossedWarning > 0) await emitLowStock(tx, ctx.webhooks, stock);
    const discountIds = record.priced.discounts.map((d) => d.id);
    if (discountIds.length) {
      const held = await holdRedemptions(tx, {
        orderId: order.id,
        customerId: buyer.userId,
        email: record.info.email,
        discountIds,
      });
      if (!held.ok) {
        throw new AppError('unprocessable', held.code, held.message, [
          { field: 'body.discount_code', message: held.message },
        ]);
      }
    }
    // Gift cards and store credit are held now, under their row locks, and given back if it ends unpaid.
    const tendered = tenders.length ? await holdTenders(tx, order.id, tenders) : 0;
    return { replaced, order, tendered };
  });
}

/**
 * Opens the provider's payment session for the placed checkout, with lines that add up to its total.
 * Called outside any transaction: no row stays locked while a network call runs.
 */
export async function openPaymentSession(
  ctx: CheckoutContext,
  info: Pick<CustomerInfo, 'email'>,
  { order, lines, priced, currency, tendered = 0 }: PlacedOrder,
  locale?: string | null,
  provider?: PaymentProviderName,
): Promise<PaymentSession> {
  return ctx.provider.createSession({
    ...(provider ? { provider } : {}),
    orderId: order.id,
    ...sessionInput(info, lines, priced, currency, tendered),
    successUrl: checkoutSuccessUrl(ctx.config, order.id, locale),
    cancelUrl: checkoutCancelUrl(ctx.config, locale),
    expiresAt: order.expiresAt,
  });
}

/** What a payment session shows and charges, from the priced lines (they add up to the total). */
function sessionInput(
  info: Pick<CustomerInfo, 'email'>,
  lines: CheckoutLine[],
  priced: PricedOrder,
  currency: string,
  tendered: number,
) {
  const labels = Object.fromEntries(lines.map((l) => [l.key, l.label]));
  const pay = lessTendered(paymentLines(priced, labels, currency), tendered);
  return { ...pay, currency, customerEmail: info.email };
}

/**
 * The compensation of reserveStockAndPlaceOrder when no payment session could be opened: the pending
 * order is cancelled and its stock given back now, rather than when the reservation would expire.
 */
export async function releaseReservation(ctx: CheckoutContext, orderId: string): Promise<void> {
  await ctx.db.transaction((tx) =>
    cancelPendingOrder(tx, orderId, {
      type: 'checkout_failed',
      message: 'The payment provider could not open a payment session; the reserved stock was returned.',
    }),
  );
}

/**
 * Writes the session's id on the order and answers whether the order is still a pending, unpaid
 * checkout. An UPDATE waits for a concurrent change of the row (a newer checkout cancelling it) and
 * answers from its outcome, so the check and the write are one statement.
 */
export async function recordPaymentSession(
  conn: Db | Tx,
  orderId: string,
  sessionId: string,
): Promise<boolean> {
  const [row] = await queryPrepared<{ open: boolean }>(
    conn,
    sql`UPDATE orders SET payment_session_id = ${sessionId}, updated_at = now() WHERE id = ${orderId}::uuid
      RETURNING status = 'pending' AND payment_status = 'unpaid' AS open`,
  );
  return row?.open === true;
}

/**
 * Records the session on the order. If a newer checkout of the shopper cancelled the order in the
 * meantime, it may not have seen the id: the session is expired here and the request answers 409.
 * (Either the newer checkout locked the order after the id was written and expires it itself, or the
 * write waited for its commit and saw the order cancelled.)
 */
async function recordSessionOrGiveUp(
  ctx: CheckoutContext,
  orderId: string,
  session: PaymentSession,
): Promise<void> {
  if (await recordPaymentSession(ctx.db, orderId, session.id)) return;
  // Its URL was never handed out, so nobody can have paid it.
  await ctx.provider.expireSession(session.id).catch((error: unknown) => {
    ctx.log.warn({ err: error, orderId }, 'could not expire the session of a replaced checkout');
  });
  throw new AppError(
    'conflict',
    'checkout_replaced',
    'A newer checkout was started for this cart. Please continue with that one.',
  );
}
