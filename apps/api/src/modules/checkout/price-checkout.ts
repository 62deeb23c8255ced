import type { CheckoutLine as LineInput } from '@cartwheel/shared/contracts/checkout';
import type { QuoteShippingMethod } from '@cartwheel/shared/contracts/pricing';
import { formatMoney } from '@cartwheel/shared/money';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { discountsFrom } from '../discounts/redemptions.ts';
import {
  discountInMarket,
  linesInMarket,
  marketPricesIncludeTax,
  methodInMarket,
} from '../markets/checkout-prices.ts';
import type { MarketPricing } from '../markets/market-cache.ts';
import { converts, marketAmountExact, readFixedPrices } from '../markets/market-prices.ts';
import { linesAtGroupPrices } from '../pricing/price-lists.ts';
import {
  type PricedOrder,
  type PricingDiscount,
  priceOrder,
  type ShippingMethodInput,
  shippingRate,
  withTax,
} from '../pricing/price-order.ts';
import { type TaxProvider, tableTaxProvider } from '../pricing/tax-provider.ts';
import { stateCode } from '../pricing/tax-table.ts';
import { type Destination, destinationFor } from '../shipping/destination.ts';
import type { BuyerTerms } from '../wholesale/buyer-terms.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { type CheckoutLine, readCartLines, readGuestLines } from './checkout-lines.ts';
import { freshPricingFrom, freshPricingSql, type RulesInForce } from './pricing-rules.ts';

/**
 * The buyer's lines at today's database prices (the signed-in shopper's server cart, or a guest's
 * lines) and the pricing rules in force, read together: the lines statement also reads the rules'
 * version, the entered code's row and the live uses of limited automatic discounts, and the rules
 * come from ctx.pricingRules at that version (decision 0021). No other statement when the kept rules
 * are current. `alongside`: one more JSON subquery the caller needs, read in the same statement.
 */
export async function readLinesAndRules(
  ctx: Pick<CheckoutContext, 'db' | 'pricingRules'>,
  source: { userId: string } | { guestLines: LineInput[] },
  code: string | null,
  alongside?: SQL,
): Promise<{ lines: CheckoutLine[]; rules: RulesInForce; alongside: unknown }> {
  const extra = freshPricingSql(code, ctx.pricingRules.needsUses, alongside);
  const read =
    'userId' in source
      ? await readCartLines(ctx.db, source.userId, extra)
      : await readGuestLines(ctx.db, source.guestLines, extra);
  const fresh = freshPricingFrom(read.extra);
  return {
    lines: read.lines,
    rules: await ctx.pricingRules.inForce(ctx.db, fresh),
    alongside: fresh.alongside,
  };
}

export interface CheckoutPricingInput {
  lines: CheckoutLine[];
  /** The rules in force, as readLinesAndRules read them with the lines. */
  rules: RulesInForce;
  country: string;
  state: string | null;
  /** Where a tax service looks up the rate (US sales tax varies by postal code); the table ignores it. */
  postalCode?: string | null;
  city?: string | null;
  shippingMethodId: string | null;
  /** No method was asked for: the zone's first one (a session); a quote leaves it unchosen. */
  defaultMethod?: boolean;
  code: string | null;
  customerId: string | null;
  email: string | null;
  /** The tax service the shop uses (TAX_PROVIDER); absent: the shop's own table of rates by place. */
  taxProvider?: TaxProvider | undefined;
  /** Whether the prices include tax; absent: the market's setting, in the base market the shop's. */
  pricesIncludeTax?: boolean;
  /** ISO 4217 of the prices; absent: the market's currency. */
  currency?: string;
  /** The market the cart is priced in (its currency, rate and fixed prices); absent: the base prices. */
  market?: MarketPricing | undefined;
  /** A wholesale buyer's group terms (its prices and minimum order); absent or null: retail. */
  wholesale?: BuyerTerms | null;
  /** The buyer's tax exemption number: the tax provider charges them no tax. */
  taxExemptionNumber?: string | null;
  /** Unit prices in the market's currency that stay, by line key: an edited order's lines as sold. */
  keptPrices?: ReadonlyMap<string, number>;
}

/** The cart priced for one destination, method and code, with what the shopper needs to choose. */
export interface CheckoutPricing {
  priced: PricedOrder;
  /** The lines at the prices charged: the market's. */
  lines: CheckoutLine[];
  destination: Destination | null;
  method: ShippingMethodInput | null;
  discounts: PricingDiscount[];
  /** The destination's methods priced for this cart (after its discounts). */
  methods: QuoteShippingMethod[];
  codeError: { code: string; message: string } | null;
  /** "We don't ship to Canada yet." when no zone covers the destination. */
  noShipping: string | null;
  /** A wholesale group's minimum order the lines after discounts fall short of, in the order's currency. */
  belowMinimum: { minimum: number; shortBy: number; currency: string } | null;
}

/** The "method" of a cart of gift cards only: nothing ships, nothing is charged (decision 0094). */
const NOTHING_SHIPS: ShippingMethodInput = {
  id: 'none',
  name: 'No shipping needed',
  deliveryEstimate: null,
  kind: 'flat',
  amountCents: 0,
  freeOverCents: null,
  weightBands: [],
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "We don't ship to {Country name} yet." */
export function noShippingMessage(country: string): string {
  let name = country;
  try {
    name = regionNames.of(country.toUpperCase()) ?? country;
  } catch {
    // Not a region code: the code itself.
  }
  return `We don't ship to ${name} yet.`;
}

/**
 * The one price calculation of a checkout: the destination's zone (its methods), the discounts in
 * force plus the entered code's, priceOrder() over the lines, and the tax provider's tax for the
 * address on the lines after discounts and the shipping. A method id the zone
 * does not offer counts as none chosen. Reads only (a once-per-customer rule asks the database whether
 * this customer used it already): nothing is held or written.
 */
export async function priceCheckout(conn: Db | Tx, input: CheckoutPricingInput): Promise<CheckoutPricing> {
  const destination = destinationFor(input.rules.rules.zones, { country: input.country, state: input.state });
  const loaded = await discountsFrom(conn, input.rules.discountRows, {
    code: input.code,
    now: new Date(),
    customerId: input.customerId,
    email: input.email,
  });
  // In another market the base prices, shipping rates and discount amounts are converted first.
  const market = input.market && converts(input.market) ? input.market : null;
  const fixed = market
    ? await readFixedPrices(conn, market, [...new Set(input.lines.map((l) => l.productId))])
    : null;
  const currency = input.currency ?? input.market?.market.currency ?? input.rules.rules.currency;
  const retail = market && fixed ? linesInMarket(market, fixed, input.lines) : input.lines;
  // A group member's price list and tiers apply to the prices of the market they buy in.
  const current = linesAtGroupPrices(retail, input.wholesale?.priceList ?? null, currency);
  const kept = input.keptPrices;
  const lines = kept ? current.map((l) => ({ ...l, unitPrice: kept.get(l.key) ?? l.unitPrice })) : current;
  const discounts = market ? loaded.discounts.map((d) => discountInMarket(market, d)) : loaded.discounts;
  // Gift cards only (decision 0094): nothing ships, so no method is chosen and none is charged.
  const digitalOnly = lines.every((l) => l.digital);
  const methods = digitalOnly
    ? []
    : (destination?.methods ?? []).map((m) => (market ? methodInMarket(market, m) : m));
  const method = digitalOnly
    ? NOTHING_SHIPS
    : (methods.find((m) => m.id === input.shippingMethodId) ??
      (input.defaultMethod ? (methods[0] ?? null) : null));
  const untaxed = priceOrder({ lines, discounts, shippingMethod: method, tax: null });
  const provider = input.taxProvider ?? tableTaxProvider(input.rules.rules.taxRates);
  const country = input.country.trim().toUpperCase();
  // No zone ships there: nothing can be bought, so there is nothing to tax.
  const priced = destination
    ? withTax(
        untaxed,
        await provider.calculate({
          lines: untaxed.lines.map((l, i) => ({
            key: l.key,
            productId: lines[i]?.productId ?? '',
            quantity: l.quantity,
            // A gift card is money, not goods: taxed when it is spent, not when it is bought.
            amount: lines[i]?.digital ? 0 : l.total,
          })),
          shipping: untaxed.shipping,
          address: {
            country,
            state: stateCode(country, input.state),
            postalCode: input.postalCode ?? null,
            city: input.city ?? null,
          },
          currency,
          pricesIncludeTax:
            input.pricesIncludeTax ??
            marketPricesIncludeTax(input.market) ??
            input.rules.rules.settings.pricesIncludeTax,
          taxExempt: Boolean(input.taxExemptionNumber),
        }),
      )
    : untaxed;
  const afterDiscounts = priced.lines.reduce((sum, l, i) => (lines[i]?.digital ? sum : sum + l.total), 0);
  const weight = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  return {
    priced,
    lines,
    destination,
    method,
    discounts,
    methods: methods.map((m) => ({
      id: m.id,
      name: m.name,
      delivery_estimate: m.deliveryEstimate,
      amount: shippingRate(m, afterDiscounts, weight),
    })),
    codeError: loaded.codeError,
    noShipping: destination || digitalOnly ? null : noShippingMessage(input.country),
    belowMinimum: belowMinimum(input.wholesale, market, afterDiscounts, currency),
  };
}

/** What the lines after discounts lack of the group's minimum order (converted into the market's currency). */
function belowMinimum(
  terms: BuyerTerms | null | undefined,
  market: MarketPricing | null,
  afterDiscounts: number,
  currency: string,
): CheckoutPricing['belowMinimum'] {
  if (!terms?.minOrderAmount) return null;
  const minimum = market ? marketAmountExact(market, terms.minOrderAmount) : terms.minOrderAmount;
  return afterDiscounts >= minimum ? null : { minimum, shortBy: minimum - afterDiscounts, currency };
}

/**
 * What stops a checkout from being placed at these prices: no zone for the destination (422
 * no_shipping_zone), a code that cannot be used at all or does not apply to this cart (422 on the
 * code field), no shipping method (400 on its field).
 */
export function refusal(pricing: CheckoutPricing, code: string | null): AppError | null {
  if (pricing.noShipping) {
    return new AppError('unprocessable', 'no_shipping_zone', pricing.noShipping, [
      { field: 'body.customer_info.country', message: pricing.noShipping },
    ]);
  }
  const codeProblem =
    pricing.codeError ??
    (code ? pricing.priced.rejected.find((r) => r.code?.toLowerCase() === code.toLowerCase()) : undefined);
  if (codeProblem) {
    const errorCode = 'reason' in codeProblem ? codeProblem.reason : codeProblem.code;
    return new AppError('unprocessable', `discount_${errorCode}`, codeProblem.message, [
      { field: 'body.discount_code', message: codeProblem.message },
    ]);
  }
  if (pricing.belowMinimum) {
    const { minimum, shortBy, currency } = pricing.belowMinimum;
    const message = `Your wholesale orders start at ${formatMoney(minimum, currency)}. Add ${formatMoney(shortBy, currency)} more to check out.`;
    return new AppError('unprocessable', 'minimum_order_not_met', message, {
      minimum,
      short_by: shortBy,
      currency,
    });
  }
  if (!pricing.method) {
    return new AppError('invalid', 'shipping_method_required', 'Choose a shipping method', [
      { field: 'body.shipping_method_id', message: 'Choose a shipping method' },
    ]);
  }
  return null;
}
