import {
  applicationStage,
  candidateSets,
  isEligible,
  lineDiscount,
  notCombinable,
  whyNot,
} from './discounts.ts';
import { computeTax } from './tax.ts';
import type { TaxCalculation } from './tax-provider.ts';
import type {
  AppliedDiscount,
  PricedOrder,
  PriceOrderInput,
  PricingDiscount,
  PricingLine,
  RejectedDiscount,
  ShippingMethodInput,
} from './types.ts';

export { paymentLines } from './payment-lines.ts';
export type * from './types.ts';
export { isEligible };

/**
 * The price of a shipping method for a cart: flat; free at or over a threshold (on the subtotal after
 * discounts); or by the cart's weight (the first band, lightest first, whose upper bound holds it;
 * the heaviest band when none does).
 */
export function shippingRate(
  method: ShippingMethodInput,
  subtotalAfterDiscounts: number,
  weightGrams: number,
): number {
  switch (method.kind) {
    case 'flat':
      return method.amountCents;
    case 'free_over':
      return method.freeOverCents !== null && subtotalAfterDiscounts >= method.freeOverCents
        ? 0
        : method.amountCents;
    case 'weight': {
      const bands = [...method.weightBands].sort(
        (a, b) => (a.upToGrams ?? Number.POSITIVE_INFINITY) - (b.upToGrams ?? Number.POSITIVE_INFINITY),
      );
      const band = bands.find((b) => b.upToGrams === null || b.upToGrams >= weightGrams) ?? bands.at(-1);
      return band ? band.amountCents : method.amountCents;
    }
  }
}

/** One set of discounts applied to the lines and shipping. */
interface Applied {
  discounts: AppliedDiscount[];
  lineDiscounts: number[];
  shippingBeforeDiscount: number;
  shipping: number;
}

function applySet(input: PriceOrderInput, set: PricingDiscount[]): Applied {
  const { lines } = input;
  const remaining = lines.map((l) => l.unitPrice * l.quantity);
  const byDiscount = new Map<string, number[]>();
  const ordered = set
    .map((discount, i) => ({ discount, i }))
    .sort((a, b) => applicationStage(a.discount) - applicationStage(b.discount) || a.i - b.i);
  for (const { discount } of ordered) {
    const amounts = lineDiscount(discount, lines, remaining);
    amounts.forEach((amount, i) => {
      remaining[i] = (remaining[i] as number) - amount;
    });
    byDiscount.set(discount.id, amounts);
  }
  // Shipping is priced on the lines that ship; a cart of digital lines only ships nothing.
  const shipped = lines.map((l) => !l.digital);
  const afterDiscounts = remaining.reduce((s, r, i) => (shipped[i] ? s + r : s), 0);
  const weight = lines.reduce((s, l) => s + Math.max(l.weightGrams, 0) * l.quantity, 0);
  const shippingBeforeDiscount =
    input.shippingMethod && shipped.some(Boolean)
      ? Math.max(shippingRate(input.shippingMethod, afterDiscounts, weight), 0)
      : 0;
  let shipping = shippingBeforeDiscount;
  const discounts = set.map((discount): AppliedDiscount => {
    const amounts = byDiscount.get(discount.id) ?? [];
    const lineAmounts = lines
      .map((line, i) => ({ key: line.key, amount: amounts[i] ?? 0 }))
      .filter((a) => a.amount > 0);
    const shippingAmount = discount.kind === 'free_shipping' ? shipping : 0;
    shipping -= shippingAmount;
    const amount = lineAmounts.reduce((s, a) => s + a.amount, 0) + shippingAmount;
    const { id, code, title, kind } = discount;
    return { id, code, title, kind, amount, lineAmounts, shippingAmount };
  });
  return {
    discounts,
    lineDiscounts: lines.map((l, i) => l.unitPrice * l.quantity - (remaining[i] as number)),
    shippingBeforeDiscount,
    shipping,
  };
}

function assertLine(line: PricingLine): void {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(line.unitPrice) || !whole(line.quantity) || line.quantity === 0) {
    throw new Error(`pricing line ${line.key}: unit price and quantity must be whole numbers, quantity ≥ 1`);
  }
}

/**
 * Prices an order (docs/decisions/0018-order-pricing.md): which discounts apply (the best allowed
 * combination), what each takes off each line, shipping, tax, and the total. Pure: the same input
 * always gives the same result, and every amount is whole cents ≥ 0.
 */
export function priceOrder(input: PriceOrderInput): PricedOrder {
  input.lines.forEach(assertLine);
  const rejected: RejectedDiscount[] = [];
  const qualifying: PricingDiscount[] = [];
  // A discount listed twice (automatic and also typed as a code) counts once.
  const discounts = input.discounts.filter((d, i) => input.discounts.findIndex((o) => o.id === d.id) === i);
  for (const discount of discounts) {
    const problem = whyNot(discount, input.lines);
    if (problem) rejected.push(problem);
    else qualifying.push(discount);
  }

  // The candidate that leaves the least to pay before tax wins; on a tie, the earlier candidate.
  let best: { set: PricingDiscount[]; applied: Applied; pays: number } | null = null;
  for (const set of candidateSets(qualifying)) {
    const applied = applySet(input, set);
    const pays =
      input.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0) -
      applied.lineDiscounts.reduce((s, d) => s + d, 0) +
      applied.shipping;
    if (!best || pays < best.pays) best = { set, applied, pays };
  }
  const chosen = best?.set ?? [];
  const applied = best?.applied ?? applySet(input, []);
  for (const discount of qualifying) {
    if (!chosen.includes(discount)) rejected.push(notCombinable(discount, chosen));
  }

  const subtotals = input.lines.map((l) => l.unitPrice * l.quantity);
  const lineTotals = subtotals.map((s, i) => s - (applied.lineDiscounts[i] as number));
  const lines = input.lines.map((line, i) => ({
    key: line.key,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    subtotal: subtotals[i] as number,
    discount: applied.lineDiscounts[i] as number,
    total: lineTotals[i] as number,
    tax: 0,
  }));
  const untaxed: PricedOrder = {
    lines,
    discounts: applied.discounts,
    rejected,
    subtotal: sum(subtotals),
    discountTotal: sum(applied.discounts.map((d) => d.amount)),
    shipping: applied.shipping,
    shippingBeforeDiscount: applied.shippingBeforeDiscount,
    tax: 0,
    taxLines: [],
    total: sum(lineTotals) + applied.shipping,
  };
  return withTax(untaxed, computeTax(lineTotals, applied.shipping, input.tax));
}

const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/**
 * An order priced without tax (priceOrder with `tax: null`) with a tax calculation's result put in:
 * each line's tax, the tax lines, and the total grown by the tax that is not inside the prices.
 */
export function withTax(untaxed: PricedOrder, tax: TaxCalculation): PricedOrder {
  const added = sum(tax.taxLines.filter((t) => !t.inclusive).map((t) => t.amount));
  return {
    ...untaxed,
    lines: untaxed.lines.map((line, i) => ({ ...line, tax: tax.lineTaxes[i] ?? 0 })),
    tax: sum(tax.taxLines.map((t) => t.amount)),
    taxLines: tax.taxLines,
    total: untaxed.total + added,
  };
}
