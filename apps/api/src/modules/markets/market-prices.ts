import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import { convertAmount, toBaseAmount } from './convert.ts';
import type { MarketPricing } from './market-cache.ts';

/** A price fixed in the market's currency. */
export interface FixedPrice {
  price: number;
  sale_price: number | null;
}

/** Fixed prices by `${product_id}:${variant_id ?? ''}`. */
export type FixedPrices = ReadonlyMap<string, FixedPrice>;

export const fixedKey = (productId: string, variantId: string | null) => `${productId}:${variantId ?? ''}`;

const NO_FIXED: FixedPrices = new Map();

/** The market's fixed prices of these products (no statement when the market has none). */
export async function readFixedPrices(
  db: Db | Tx,
  pricing: MarketPricing,
  productIds: readonly string[],
): Promise<FixedPrices> {
  if (pricing.market.fixedPrices === 0 || productIds.length === 0) return NO_FIXED;
  const rows = await queryPrepared<{ product_id: string; variant_id: string | null } & FixedPrice>(
    db,
    sql`SELECT product_id, variant_id, price, sale_price FROM market_variant_prices
      WHERE market_id = ${pricing.market.id}::uuid AND product_id = ANY(${`{${productIds.join(',')}}`}::uuid[])`,
  );
  return new Map(
    rows.map((r) => [fixedKey(r.product_id, r.variant_id), { price: r.price, sale_price: r.sale_price }]),
  );
}

/** True when amounts need converting: the market sells in another currency or has its own prices. */
export const converts = (pricing: MarketPricing) =>
  pricing.market.currency !== pricing.base || pricing.market.fixedPrices > 0;

/** A base amount in the market's currency, rounded by its rule. */
export function marketAmount(pricing: MarketPricing, minor: number): number {
  return convertAmount(minor, pricing.base, pricing.market.currency, pricing.rate, pricing.market.rounding);
}

/** A base amount in the market's currency without the price rule (shipping rates, adjustments). */
export function marketAmountExact(pricing: MarketPricing, minor: number): number {
  return convertAmount(minor, pricing.base, pricing.market.currency, pricing.rate, 'none');
}

/** A market amount back in the base currency (the order's base amounts, a price filter). */
export function baseAmount(pricing: MarketPricing, minor: number): number {
  return toBaseAmount(minor, pricing.market.currency, pricing.base, pricing.rate);
}

/** A product's or variant's price and sale price in the market: its fixed prices, else converted. */
export function marketPrices(
  pricing: MarketPricing,
  fixed: FixedPrices,
  productId: string,
  variantId: string | null,
  source: FixedPrice,
): FixedPrice {
  const own = fixed.get(fixedKey(productId, variantId));
  if (own) return own;
  return {
    price: marketAmount(pricing, source.price),
    sale_price: source.sale_price === null ? null : marketAmount(pricing, source.sale_price),
  };
}

interface PricedCard {
  id: string;
  price: number;
  sale_price: number | null;
}

/** Cards (lists, search) in the market, in place. */
export function priceCards<T extends PricedCard>(
  pricing: MarketPricing,
  fixed: FixedPrices,
  cards: T[],
): T[] {
  for (const card of cards) Object.assign(card, marketPrices(pricing, fixed, card.id, null, card));
  return cards;
}

interface PricedProduct extends PricedCard {
  options: Array<{ values: Array<{ price_adjustment: number }> }>;
  variants: Array<{ id: string; price: number; retail_price: number | null; sale_price: number | null }>;
}

/** A product page's product in the market, in place: its prices, its variants', its options' adjustments. */
export function priceProduct<T extends PricedProduct>(
  pricing: MarketPricing,
  fixed: FixedPrices,
  product: T,
): T {
  Object.assign(product, marketPrices(pricing, fixed, product.id, null, product));
  for (const option of product.options) {
    for (const value of option.values)
      value.price_adjustment = marketAmountExact(pricing, value.price_adjustment);
  }
  for (const variant of product.variants) {
    Object.assign(variant, marketPrices(pricing, fixed, product.id, variant.id, variant));
    if (variant.retail_price !== null) variant.retail_price = marketAmount(pricing, variant.retail_price);
  }
  return product;
}
