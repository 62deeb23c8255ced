import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { allocate, percentOf } from './allocate.ts';
import type { PricingDiscount, PricingLine, RejectedDiscount } from './types.ts';

const FULL_BPS = 10_000;
const clampBps = (bps: number | null) => Math.min(Math.max(bps ?? 0, 0), FULL_BPS);

/**
 * A line's products/categories match the discount's (both lists empty: every product does). A gift
 * card never does: it is money, and a discount on it would sell money for less (decision 0094).
 */
export function isEligible(discount: PricingDiscount, line: PricingLine): boolean {
  if (line.digital) return false;
  if (discount.productIds.length === 0 && discount.categoryIds.length === 0) return true;
  return (
    discount.productIds.includes(line.productId) ||
    line.categoryIds.some((id) => discount.categoryIds.includes(id))
  );
}

/** Buy X get Y needs X + Y eligible units in the cart before it gives anything. */
function minimumUnits(discount: PricingDiscount): number {
  const own = discount.minQuantity ?? 0;
  if (discount.kind !== 'buy_x_get_y') return own;
  return Math.max(own, (discount.buyQuantity ?? 0) + Math.max(discount.getQuantity ?? 0, 1));
}

/** "This code …" for a code the shopper typed, the discount's title for an automatic one. */
const subject = (d: PricingDiscount) => (d.code === null ? d.title : 'This code');

/**
 * Why the discount cannot apply to these lines, checked on its eligible lines before any discount:
 * none eligible, under the minimum subtotal, under the minimum number of items. null: it qualifies.
 */
export function whyNot(discount: PricingDiscount, lines: PricingLine[]): RejectedDiscount | null {
  const eligible = lines.filter((line) => isEligible(discount, line));
  const reject = (
    reason: RejectedDiscount['reason'],
    message: string,
    values: Pick<RejectedDiscount, 'shortBy' | 'minItems'> = {},
  ): RejectedDiscount => ({ id: discount.id, code: discount.code, reason, message, ...values });
  if (eligible.length === 0) {
    return reject('no_eligible_items', `${subject(discount)} doesn't apply to the items in your cart`);
  }
  const subtotal = eligible.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const minSubtotal = discount.minSubtotalCents ?? 0;
  if (subtotal < minSubtotal) {
    const shortBy = { amount: minSubtotal - subtotal, currency: discount.currency };
    const more = formatMoney(shortBy.amount, shortBy.currency);
    const message =
      discount.code === null
        ? `Add ${more} more to get ${discount.title}`
        : `Add ${more} more to use this code`;
    return reject('minimum_subtotal', message, { shortBy });
  }
  const units = eligible.reduce((sum, l) => sum + l.quantity, 0);
  const minUnits = minimumUnits(discount);
  if (units < minUnits) {
    return reject('minimum_quantity', `${subject(discount)} needs at least ${plural(minUnits, 'item')}`, {
      minItems: minUnits,
    });
  }
  return null;
}

/**
 * The sets of qualifying discounts that may be applied together: every combinable one at once, or
 * one that does not combine on its own. The caller keeps the set that leaves the shopper paying least.
 */
export function candidateSets(qualifying: PricingDiscount[]): PricingDiscount[][] {
  const combinable = qualifying.filter((d) => d.combinable);
  const alone = qualifying.filter((d) => !d.combinable).map((d) => [d]);
  return combinable.length > 0 ? [combinable, ...alone] : alone;
}

/** The message for a qualifying discount left out because it does not combine with the chosen ones. */
export function notCombinable(discount: PricingDiscount, chosen: PricingDiscount[]): RejectedDiscount {
  const titles = chosen.map((d) => d.title).join(', ');
  return {
    id: discount.id,
    code: discount.code,
    reason: 'not_combinable',
    message: `${subject(discount)} can't be combined with ${titles}`,
  };
}

/**
 * The order discounts apply in: products first (buy X get Y, then percentages, then fixed amounts per
 * unit), then the order (percentage, then fixed), then shipping. Each takes off what the ones before
 * left, so none takes a line below zero. Ties keep the given order.
 */
export function applicationStage(discount: PricingDiscount): number {
  if (discount.kind === 'buy_x_get_y') return 0;
  if (discount.kind === 'free_shipping') return 5;
  const base = discount.target === 'products' ? 1 : 3;
  return base + (discount.kind === 'percentage' ? 0 : 1);
}

/**
 * What one line discount takes off each line, given what is left of each line (`remaining`, cents).
 * Never more than is left of a line; free shipping takes nothing here.
 */
export function lineDiscount(
  discount: PricingDiscount,
  lines: PricingLine[],
  remaining: readonly number[],
): number[] {
  const eligible = lines.map((line) => isEligible(discount, line));
  const onEligible = (i: number) => (eligible[i] ? (remaining[i] as number) : 0);
  // An order-wide discount takes from every line but the gift cards.
  const onGoods = remaining.map((r, i) => (lines[i]?.digital ? 0 : r));
  switch (discount.kind) {
    case 'free_shipping':
      return lines.map(() => 0);
    case 'percentage': {
      const base = discount.target === 'order' ? onGoods : lines.map((_, i) => onEligible(i));
      const total = percentOf(
        base.reduce((s, b) => s + b, 0),
        clampBps(discount.percentBps),
      );
      return allocate(total, base);
    }
    case 'fixed_amount': {
      const amount = Math.max(discount.amountCents ?? 0, 0);
      if (discount.target === 'products') {
        return lines.map((line, i) => Math.min(amount * line.quantity, onEligible(i)));
      }
      const left = onGoods.reduce((s, r) => s + r, 0);
      return allocate(Math.min(amount, left), onGoods);
    }
    case 'buy_x_get_y':
      return buyXGetY(discount, lines, remaining, eligible);
  }
}

/**
 * For every X eligible units bought, the next Y are discounted by getPercentBps; the cheapest eligible
 * units are the discounted ones (the shopper keeps paying for the dearer ones).
 */
function buyXGetY(
  discount: PricingDiscount,
  lines: PricingLine[],
  remaining: readonly number[],
  eligible: boolean[],
): number[] {
  const buy = Math.max(discount.buyQuantity ?? 0, 0);
  const get = Math.max(discount.getQuantity ?? 0, 0);
  const units = lines.reduce((s, l, i) => s + (eligible[i] ? l.quantity : 0), 0);
  if (get === 0) return lines.map(() => 0);
  let free = Math.floor(units / (buy + get)) * get;
  const cheapestFirst = lines
    .map((line, i) => ({ line, i }))
    .filter(({ i }) => eligible[i])
    .sort((a, b) => a.line.unitPrice - b.line.unitPrice || a.i - b.i);
  const weights = lines.map(() => 0);
  for (const { line, i } of cheapestFirst) {
    const take = Math.min(free, line.quantity);
    weights[i] = take * line.unitPrice;
    free -= take;
  }
  const total = percentOf(
    weights.reduce((s, w) => s + w, 0),
    clampBps(discount.getPercentBps ?? FULL_BPS),
  );
  return allocate(total, weights).map((amount, i) => Math.min(amount, remaining[i] as number));
}
