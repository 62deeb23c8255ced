import { unitPrice } from '@cartwheel/shared/money';
import type { PricingDiscount, ShippingMethodInput } from '../pricing/types.ts';
import type { MarketPricing } from './market-cache.ts';
import { baseAmount, type FixedPrices, fixedKey, marketAmount, marketAmountExact } from './market-prices.ts';

interface LineAtBasePrice {
  productId: string;
  variantId: string | null;
  unitPrice: number;
}

/**
 * The lines at the market's prices: the line's fixed price (its sale price when lower), else its base
 * unit price converted by the market's rule, which is the price the catalog showed in the market.
 */
export function linesInMarket<T extends LineAtBasePrice>(
  pricing: MarketPricing,
  fixed: FixedPrices,
  lines: T[],
): T[] {
  return lines.map((line) => {
    const own = fixed.get(fixedKey(line.productId, line.variantId));
    return { ...line, unitPrice: own ? unitPrice(own) : marketAmount(pricing, line.unitPrice) };
  });
}

/** A zone's shipping method (priced in the base currency) in the market's currency, without the price rule. */
export function methodInMarket(pricing: MarketPricing, m: ShippingMethodInput): ShippingMethodInput {
  const at = (minor: number) => marketAmountExact(pricing, minor);
  return {
    ...m,
    amountCents: at(m.amountCents),
    freeOverCents: m.freeOverCents === null ? null : at(m.freeOverCents),
    weightBands: m.weightBands.map((b) => ({ ...b, amountCents: at(b.amountCents) })),
  };
}

/** A discount's amounts (off, minimum subtotal) in the market's currency; percentages stay. */
export function discountInMarket(pricing: MarketPricing, d: PricingDiscount): PricingDiscount {
  const at = (minor: number | null) => (minor === null ? null : marketAmountExact(pricing, minor));
  return { ...d, amountCents: at(d.amountCents), minSubtotalCents: at(d.minSubtotalCents) };
}

/** Whether a market's prices include tax: its own setting; undefined in the base market (the shop's setting). */
export function marketPricesIncludeTax(pricing: MarketPricing | undefined): boolean | undefined {
  if (!pricing || pricing.market.isBase) return undefined;
  return pricing.market.pricesIncludeTax;
}

export interface OrderAmounts {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  inclusive: boolean;
}

/** What the order records of its market: currency, rate and the amounts in the base currency. */
export interface OrderInMarket {
  currency: string;
  exchangeRate: string;
  base: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
}

/**
 * The order's amounts in the base currency, each at the order's rate; the total is their sum, so the
 * base amounts add up as the order's own do.
 */
export function orderInMarket(pricing: MarketPricing, a: OrderAmounts): OrderInMarket {
  const subtotal = baseAmount(pricing, a.subtotal);
  const discount = Math.min(subtotal, baseAmount(pricing, a.discount));
  const shipping = baseAmount(pricing, a.shipping);
  const tax = baseAmount(pricing, a.tax);
  return {
    currency: pricing.market.currency,
    exchangeRate: pricing.rate,
    base: {
      subtotal,
      discount,
      shipping,
      tax,
      total: subtotal - discount + shipping + (a.inclusive ? 0 : tax),
    },
  };
}
