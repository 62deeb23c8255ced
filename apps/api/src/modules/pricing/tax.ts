import { allocate, includedTax, percentOf } from './allocate.ts';
import type { TaxComponent, TaxInput, TaxLine } from './types.ts';

export interface TaxResult {
  /** The tax on each line's total after discounts, in the lines' order. */
  lineTaxes: number[];
  /** The tax on shipping (0 unless shipping is taxed). */
  shippingTax: number;
  taxLines: TaxLine[];
  /** What the tax adds to the total: all of it when prices exclude tax, nothing when they include it. */
  added: number;
}

const sum = (ns: readonly number[]) => ns.reduce((s, n) => s + n, 0);
function add(into: number[], parts: readonly number[]): void {
  parts.forEach((p, i) => {
    into[i] = (into[i] ?? 0) + p;
  });
}

/** A share of the weights: lines and shipping (0 when this amount does not cover shipping). */
type Weights = number[];

/**
 * Tax that prices already hold, per component: found once per amount at the place's combined rate
 * (what the shelf price was computed with), then shared among the components by their rates. The
 * lines and shipping are one amount when every component taxes shipping, else two.
 */
function includedParts(components: TaxComponent[], lineTotals: number[], shipping: number): number[][] {
  const parts = components.map(() => lineTotals.map(() => 0).concat(0));
  const lines: Weights = [...lineTotals, 0];
  const shipOnly: Weights = [...lineTotals.map(() => 0), shipping];
  const onShipping = components.map((c) => c.taxesShipping);
  const buckets: { weights: Weights; of: boolean[] }[] = onShipping.every(Boolean)
    ? [{ weights: [...lineTotals, shipping], of: onShipping }]
    : [
        { weights: lines, of: components.map(() => true) },
        { weights: shipOnly, of: onShipping },
      ];
  for (const { weights, of } of buckets) {
    const rates = components.map((c, i) => (of[i] ? Math.round(c.rateBps * 1000) : 0));
    const amount = includedTax(sum(weights), sum(rates) / 1000);
    allocate(amount, rates).forEach((share, i) => {
      add(parts[i] as number[], allocate(share, weights));
    });
  }
  return parts;
}

/** Tax added to the prices, per component: its rate of the lines (and of shipping when it taxes it). */
function addedParts(components: TaxComponent[], lineTotals: number[], shipping: number): number[][] {
  return components.map((c) => {
    const weights = [...lineTotals, c.taxesShipping ? shipping : 0];
    return allocate(percentOf(sum(weights), c.rateBps), weights);
  });
}

/**
 * The tax of an order: each of the place's taxes computed once on its taxable amount (the lines after
 * discounts, plus shipping where it is taxed) and then split over the lines and shipping, so the parts
 * add up to it. Prices that include tax have it extracted (the total does not change); otherwise it
 * is added. A component at 0% (a state without sales tax) makes no tax line.
 */
export function computeTax(lineTotals: number[], shipping: number, tax: TaxInput | null): TaxResult {
  const components = (tax?.components ?? []).filter((c) => c.rateBps > 0);
  if (!tax || components.length === 0) {
    return { lineTaxes: lineTotals.map(() => 0), shippingTax: 0, taxLines: [], added: 0 };
  }
  const parts = tax.pricesIncludeTax
    ? includedParts(components, lineTotals, shipping)
    : addedParts(components, lineTotals, shipping);
  const totals = lineTotals.map(() => 0).concat(0);
  for (const p of parts) add(totals, p);
  const taxLines = components.map((c, i) => ({
    name: c.name,
    rateBps: c.rateBps,
    amount: sum(parts[i] as number[]),
    inclusive: tax.pricesIncludeTax,
  }));
  const all = sum(taxLines.map((t) => t.amount));
  return {
    lineTaxes: totals.slice(0, lineTotals.length),
    shippingTax: totals[lineTotals.length] ?? 0,
    taxLines,
    added: tax.pricesIncludeTax ? 0 : all,
  };
}
