import { allocate, includedTax, percentOf } from './allocate.ts';
import type { TaxInput, TaxLine } from './types.ts';

export interface TaxResult {
  /** The tax on each line's total after discounts, in the lines' order. */
  lineTaxes: number[];
  /** The tax on shipping (0 unless shipping is taxed). */
  shippingTax: number;
  taxLines: TaxLine[];
  /** What the tax adds to the total: all of it when prices exclude tax, nothing when they include it. */
  added: number;
}

/**
 * The tax of an order, computed once on the taxable amount (the lines after discounts, plus shipping
 * when shipping is taxed) and then split over the lines and shipping, so the parts add up to it.
 * Prices that include tax have it extracted (the total does not change); otherwise it is added.
 */
export function computeTax(lineTotals: number[], shipping: number, tax: TaxInput | null): TaxResult {
  if (!tax) return { lineTaxes: lineTotals.map(() => 0), shippingTax: 0, taxLines: [], added: 0 };
  const rate = Math.max(tax.rateBps, 0);
  const taxedShipping = tax.chargeTaxOnShipping ? shipping : 0;
  const base = lineTotals.reduce((s, t) => s + t, 0) + taxedShipping;
  const amount = tax.pricesIncludeTax ? includedTax(base, rate) : percentOf(base, rate);
  const parts = allocate(amount, [...lineTotals, taxedShipping]);
  return {
    lineTaxes: parts.slice(0, lineTotals.length),
    shippingTax: parts[lineTotals.length] ?? 0,
    taxLines: [{ name: tax.name, rateBps: rate, amount, inclusive: tax.pricesIncludeTax }],
    added: tax.pricesIncludeTax ? 0 : amount,
  };
}
