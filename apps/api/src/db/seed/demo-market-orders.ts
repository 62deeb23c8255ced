// The demo's orders sold abroad (docs/decisions/0070-analytics-in-base-currency.md): priced in their
// market as checkout prices them, and stored with the currency, rate and base amounts checkout stores.
import { unitPrice } from '@cartwheel/shared/money';
import { orderInMarket } from '../../modules/markets/checkout-prices.ts';
import { marketAmount } from '../../modules/markets/market-prices.ts';
import type { orders, orderTaxLines } from '../../modules/orders/orders.schema.ts';
import type { PricedOrder } from '../../modules/pricing/price-order.ts';
import { taxesAt } from '../../modules/pricing/tax-table.ts';
import { DEFAULT_TAX_RATES } from '../../modules/shipping/default-tax-rates.ts';
import type { DemoMarketSale } from './demo-after-sale.ts';
import type { DemoAddress } from './demo-data.ts';
import { DEMO_MARKETS, DEMO_RATES } from './demo-markets.ts';
import { seedId } from './seed-id.ts';

/**
 * A demo market's pricing (its currency, rounding rule and the demo rate from dollars) and the default
 * taxes of the place an order ships to, in or on top of its prices as the market shows them.
 */
export function demoSale(handle: string, shipTo: DemoAddress): DemoMarketSale {
  const market = DEMO_MARKETS.find((m) => m.handle === handle);
  const rate = market && DEMO_RATES[market.currency];
  if (!market || !rate) throw new Error(`No demo market ${handle}`);
  const components = taxesAt(DEFAULT_TAX_RATES, { country: shipTo.country, state: shipTo.state_province });
  return {
    pricing: {
      market: {
        id: seedId(`market:${handle}`),
        handle,
        name: market.name,
        countries: market.countries ?? [],
        currency: market.currency,
        languages: market.languages ?? ['en'],
        isBase: false,
        pricesIncludeTax: market.pricesIncludeTax ?? false,
        weightUnit: market.weightUnit ?? 'kg',
        rounding: market.rounding ?? 'none',
        isActive: true,
        fixedPrices: 0,
      },
      base: 'USD',
      rate,
    },
    tax: components.length ? { components, pricesIncludeTax: market.pricesIncludeTax ?? false } : null,
  };
}

/**
 * The order columns of its market: its language, whether its prices held the tax, and for a sale abroad its currency,
 * rate and amounts in the base currency, as checkout records them (orderInMarket).
 */
export function marketColumns(priced: PricedOrder, sale: DemoMarketSale | undefined, locale = 'en') {
  const inclusive = priced.taxLines.some((t) => t.inclusive);
  const columns: Partial<typeof orders.$inferInsert> = { taxInclusive: inclusive, locale };
  if (!sale) return columns;
  const m = orderInMarket(sale.pricing, {
    subtotal: priced.subtotal,
    discount: priced.lines.reduce((sum, l) => sum + l.discount, 0),
    shipping: priced.shipping,
    tax: priced.tax,
    inclusive,
  });
  return {
    ...columns,
    currency: m.currency,
    exchangeRate: m.exchangeRate,
    baseSubtotalAmount: m.base.subtotal,
    baseDiscountAmount: m.base.discount,
    baseShippingAmount: m.base.shipping,
    baseTaxAmount: m.base.tax,
    baseTotalAmount: m.base.total,
  };
}

/**
 * A line's unit price: variants copy the product's sale price, so the same rule prices both; in another
 * market, the price its catalog showed (the base price converted by its rule).
 */
export function demoUnitPrice(
  product: { price: number; salePrice?: number | null },
  variant: { price: number } | undefined,
  sale: DemoMarketSale | undefined,
): number {
  const base = unitPrice({ price: variant?.price ?? product.price, sale_price: product.salePrice ?? null });
  return sale ? marketAmount(sale.pricing, base) : base;
}

/** The order's tax lines, as checkout writes them. */
export function demoTaxLines(
  number: number,
  orderId: string,
  priced: PricedOrder,
): Array<typeof orderTaxLines.$inferInsert> {
  return priced.taxLines.map((t, position) => ({
    id: seedId(`order-tax:${number}:${position}`),
    orderId,
    name: t.name,
    rateBps: t.rateBps,
    amount: t.amount,
    inclusive: t.inclusive,
    position,
  }));
}
