import type { Db } from '../../db/client.ts';
import type { MarketPricing } from './market-cache.ts';
import { converts, marketAmount, priceCards, priceProduct, readFixedPrices } from './market-prices.ts';

/** A JSON object's text with `currency` first, without parsing it (the base market's answers). */
export function withCurrency(json: string, currency: string): string {
  return `{"currency":${JSON.stringify(currency)},${json.slice(1)}`;
}

interface CardAnswer {
  items: Array<{ id: string; price: number; sale_price: number | null }>;
  facets?: { price: { min: number; max: number } | null };
}

/**
 * A list or search answer's text in the market: its cards' prices (fixed prices win) and the price
 * facet, with `currency`. In the base market the text goes out as it is, with the currency added.
 */
export async function cardsInMarket(db: Db, pricing: MarketPricing, json: string): Promise<string> {
  if (!converts(pricing)) return withCurrency(json, pricing.market.currency);
  const answer = JSON.parse(json) as CardAnswer;
  const fixed = await readFixedPrices(
    db,
    pricing,
    answer.items.map((c) => c.id),
  );
  priceCards(pricing, fixed, answer.items);
  const range = answer.facets?.price;
  if (answer.facets && range) {
    answer.facets.price = { min: marketAmount(pricing, range.min), max: marketAmount(pricing, range.max) };
  }
  return JSON.stringify({ currency: pricing.market.currency, ...answer });
}

type ProductAnswer = Parameters<typeof priceProduct>[2];

/** A product page's product in the market, with `currency`. */
export async function productInMarket<T extends ProductAnswer>(
  db: Db,
  pricing: MarketPricing,
  product: T,
): Promise<T & { currency: string }> {
  if (converts(pricing)) priceProduct(pricing, await readFixedPrices(db, pricing, [product.id]), product);
  return Object.assign(product, { currency: pricing.market.currency });
}
