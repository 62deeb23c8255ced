import { describe, expect, it } from 'vitest';
import { isEligible, paymentLines, priceOrder } from './price-order.ts';
import { discount, line, method, taxRate } from './test-helpers.ts';
import type { DiscountKind, PriceOrderInput, PricingDiscount, ShippingMethodInput } from './types.ts';

/** A small seeded generator (mulberry32): the same seed gives the same carts on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const maybe = <T>(value: () => T): T | null => (next() < 0.5 ? value() : null);
  return { int, pick, maybe, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof random>;
const PRODUCTS = ['p1', 'p2', 'p3', 'p4'];
const CATEGORIES = ['c1', 'c2', 'c3'];
const KINDS: DiscountKind[] = ['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y'];

function randomDiscount(r: Random, i: number): PricingDiscount {
  const kind = r.pick(KINDS);
  return discount(`d${i}`, {
    code: r.chance(0.5) ? `CODE${i}` : null,
    kind,
    target: kind === 'buy_x_get_y' ? 'products' : r.pick(['order', 'products'] as const),
    percentBps: r.int(0, 10_000),
    amountCents: r.int(0, 5000),
    productIds: r.chance(0.4) ? [r.pick(PRODUCTS)] : [],
    categoryIds: r.chance(0.3) ? [r.pick(CATEGORIES)] : [],
    minSubtotalCents: r.maybe(() => r.int(0, 20_000)),
    minQuantity: r.maybe(() => r.int(0, 6)),
    combinable: r.chance(0.6),
    buyQuantity: r.int(0, 3),
    getQuantity: r.int(0, 2),
    getPercentBps: r.maybe(() => r.int(0, 10_000)),
  });
}

function randomMethod(r: Random): ShippingMethodInput {
  const kind = r.pick(['flat', 'free_over', 'weight'] as const);
  return method({
    kind,
    amountCents: r.int(0, 3000),
    freeOverCents: r.maybe(() => r.int(0, 20_000)),
    weightBands: Array.from({ length: r.int(0, 3) }, () => ({
      upToGrams: r.maybe(() => r.int(0, 5000)),
      amountCents: r.int(0, 4000),
    })),
  });
}

function randomOrder(seed: number): PriceOrderInput {
  const r = random(seed);
  const lines = Array.from({ length: r.int(1, 5) }, (_, i) =>
    line(`l${i}`, r.pick([0, 1, 99, 333, 999, 1000, 2599, r.int(0, 50_000)]), r.int(1, 7), {
      productId: r.pick(PRODUCTS),
      categoryIds: r.chance(0.5) ? [r.pick(CATEGORIES)] : [],
      weightGrams: r.int(0, 1500),
    }),
  );
  return {
    lines,
    discounts: Array.from({ length: r.int(0, 4) }, (_, i) => randomDiscount(r, i)),
    shippingMethod: r.chance(0.8) ? randomMethod(r) : null,
    // One tax, or a place with several (GST + PST), some with a fraction of a basis point (QST 997.5).
    tax: r.maybe(() => {
      const includes = r.chance(0.5);
      const components = Array.from({ length: r.int(1, 3) }, (_, i) => ({
        name: `Tax ${i}`,
        rateBps: r.pick([0, 500, 825, 997.5, 1000, 2000, r.int(0, 3000)]),
        taxesShipping: r.chance(0.5),
      }));
      return { ...taxRate(0, { pricesIncludeTax: includes }), components };
    }),
  };
}

const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);
const SEEDS = Array.from({ length: 3000 }, (_, i) => i + 1);

describe('every priced order, for 3000 seeded random carts', () => {
  it('adds up, takes nothing below zero, and applies only what is allowed', () => {
    for (const seed of SEEDS) {
      const input = randomOrder(seed);
      const priced = priceOrder(input);
      const context = `seed ${seed}`;
      const exclusiveTax = sum(priced.taxLines.filter((t) => !t.inclusive).map((t) => t.amount));

      // total = Σ line totals + shipping + tax that is not inside the prices
      expect(priced.total, context).toBe(
        sum(priced.lines.map((l) => l.total)) + priced.shipping + exclusiveTax,
      );
      expect(priced.subtotal, context).toBe(sum(priced.lines.map((l) => l.subtotal)));
      expect(priced.tax, context).toBe(sum(priced.taxLines.map((t) => t.amount)));
      // The line taxes hold all of the tax but shipping's share.
      const lineTax = sum(priced.lines.map((l) => l.tax));
      if (input.tax?.components.some((c) => c.taxesShipping))
        expect(lineTax, context).toBeLessThanOrEqual(priced.tax);
      else expect(lineTax, context).toBe(priced.tax);
      expect(priced.discountTotal, context).toBe(sum(priced.discounts.map((d) => d.amount)));
      expect(priced.shippingBeforeDiscount - priced.shipping, context).toBe(
        sum(priced.discounts.map((d) => d.shippingAmount)),
      );

      for (const [i, l] of priced.lines.entries()) {
        const source = input.lines[i]!;
        expect(l.subtotal, context).toBe(source.unitPrice * source.quantity);
        expect(l.total, context).toBe(l.subtotal - l.discount);
        // Σ of the discounts' amounts on a line is the line's discount, and never more than the line.
        const onLine = sum(
          priced.discounts.flatMap((d) => d.lineAmounts.filter((a) => a.key === l.key).map((a) => a.amount)),
        );
        expect(onLine, context).toBe(l.discount);
        expect(l.discount, context).toBeLessThanOrEqual(l.subtotal);
      }
      for (const d of priced.discounts) {
        expect(d.amount, context).toBe(sum(d.lineAmounts.map((a) => a.amount)) + d.shippingAmount);
        const source = input.discounts.find((x) => x.id === d.id)!;
        if (source.target === 'products' && source.kind !== 'free_shipping') {
          for (const a of d.lineAmounts) {
            expect(isEligible(source, input.lines.find((x) => x.key === a.key)!), context).toBe(true);
          }
        }
        if (source.kind === 'fixed_amount' && source.target === 'order') {
          expect(d.amount, context).toBeLessThanOrEqual(source.amountCents ?? 0);
        }
      }
      // A discount that does not combine is applied alone.
      if (priced.discounts.some((d) => !input.discounts.find((x) => x.id === d.id)!.combinable)) {
        expect(priced.discounts, context).toHaveLength(1);
      }
      // Every discount given is either applied or refused with a reason, never both.
      const ids = [...priced.discounts.map((d) => d.id), ...priced.rejected.map((r) => r.id)].sort();
      expect(ids, context).toEqual([...new Set(input.discounts.map((d) => d.id))].sort());

      const amounts = [
        priced.subtotal,
        priced.discountTotal,
        priced.shipping,
        priced.shippingBeforeDiscount,
        priced.tax,
        priced.total,
        ...priced.lines.flatMap((l) => [l.subtotal, l.discount, l.total, l.tax]),
        ...priced.discounts.flatMap((d) => [
          d.amount,
          d.shippingAmount,
          ...d.lineAmounts.map((a) => a.amount),
        ]),
        ...priced.taxLines.map((t) => t.amount),
      ];
      for (const amount of amounts) {
        expect(Number.isSafeInteger(amount) && amount >= 0, `${context}: ${amount}`).toBe(true);
      }

      // What the payment provider charges is exactly the total.
      const pay = paymentLines(priced, {}, 'USD');
      expect(
        sum(pay.lines.map((l) => l.unitAmount * l.quantity)) + pay.shippingAmount + pay.taxAmount,
        context,
      ).toBe(priced.total);
      expect(
        pay.lines.every((l) => l.quantity > 0 && l.unitAmount >= 0),
        context,
      ).toBe(true);
    }
  });

  it('tax included in the prices never changes the total; tax added adds exactly itself', () => {
    for (const seed of SEEDS) {
      const input = randomOrder(seed);
      const untaxed = priceOrder({ ...input, tax: null });
      const rate = taxRate(random(seed).int(1, 3000), { chargeTaxOnShipping: seed % 2 === 0 });
      const included = priceOrder({ ...input, tax: { ...rate, pricesIncludeTax: true } });
      const added = priceOrder({ ...input, tax: rate });
      expect(included.total, `seed ${seed}`).toBe(untaxed.total);
      expect(added.total, `seed ${seed}`).toBe(untaxed.total + added.tax);
      expect(included.tax, `seed ${seed}`).toBeLessThanOrEqual(untaxed.total);
    }
  });

  it('gives the same result for the same input', () => {
    for (const seed of SEEDS.slice(0, 200)) {
      expect(priceOrder(randomOrder(seed))).toEqual(priceOrder(randomOrder(seed)));
    }
  });
});
