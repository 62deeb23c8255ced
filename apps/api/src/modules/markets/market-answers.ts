import { unitPrice } from '@cartwheel/shared/money';
import type { Db } from '../../db/client.ts';
import type { MarketPricing } from './market-cache.ts';
import {
  converts,
  fixedKey,
  marketAmount,
  priceCards,
  priceProduct,
  readFixedPrices,
} from './market-prices.ts';

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

interface CartAnswer {
  items: Array<{
    product_id: string;
    variant_id: string | null;
    unit_price: number;
    regular_price: number;
    quantity: number;
    line_total: number;
  }>;
  subtotal: number;
}

/** A cart's lines and subtotal in the market (fixed prices win), with `currency`. */
export async function cartInMarket<T extends CartAnswer>(
  db: Db,
  pricing: MarketPricing,
  cart: T,
): Promise<T & { currency: string }> {
  if (converts(pricing)) {
    const fixed = await readFixedPrices(db, pricing, [...new Set(cart.items.map((l) => l.product_id))]);
    for (const line of cart.items) {
      const own = fixed.get(fixedKey(line.product_id, line.variant_id));
      line.regular_price = own ? own.price : marketAmount(pricing, line.regular_price);
      line.unit_price = own ? unitPrice(own) : marketAmount(pricing, line.unit_price);
      line.line_total = line.unit_price * line.quantity;
    }
    cart.subtotal = cart.items.reduce((sum, l) => sum + l.line_total, 0);
  }
  return Object.assign(cart, { currency: pricing.market.currency });
}
