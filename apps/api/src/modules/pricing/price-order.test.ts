import { describe, expect, it } from 'vitest';
import { allocate, includedTax, percentOf } from './allocate.ts';
import { paymentLines, priceOrder, shippingRate } from './price-order.ts';
import { amountOff, buyGet, freeShipping, line, method, percentOff, taxRate } from './test-helpers.ts';
import type { PriceOrderInput } from './types.ts';

const twoLines = () => [line('a', 1000, 2), line('b', 550, 1, { categoryIds: ['c1'] })];
const order = (extra: Partial<PriceOrderInput>): PriceOrderInput => ({
  lines: twoLines(),
  discounts: [],
  shippingMethod: null,
  tax: null,
  ...extra,
});

describe('allocate, the one rounding place', () => {
  it.each([
    { total: 100, weights: [333, 333, 334], parts: [33, 33, 34] },
    { total: 500, weights: [2000, 550], parts: [392, 108] },
    { total: 1, weights: [1, 1, 1], parts: [1, 0, 0] },
    { total: 0, weights: [5, 5], parts: [0, 0] },
    { total: 7, weights: [0, 0], parts: [0, 0] },
    { total: 10, weights: [10, 0, 0], parts: [10, 0, 0] },
  ])('splits $total over $weights as $parts', ({ total, weights, parts }) => {
    expect(allocate(total, weights)).toEqual(parts);
  });

  it.each([
    { amount: 1005, bps: 1000, tax: 101 },
    { amount: 2550, bps: 825, tax: 210 },
    { amount: 0, bps: 825, tax: 0 },
  ])('takes $bps bps of $amount as $tax (half up)', ({ amount, bps, tax }) => {
    expect(percentOf(amount, bps)).toBe(tax);
  });

  it.each([
    { amount: 1200, bps: 2000, tax: 200 },
    { amount: 1100, bps: 1000, tax: 100 },
    { amount: 1080, bps: 2000, tax: 180 },
    { amount: 999, bps: 825, tax: 76 },
  ])('finds $tax of tax inside $amount at $bps bps', ({ amount, bps, tax }) => {
    expect(includedTax(amount, bps)).toBe(tax);
  });
});

describe('discounts', () => {
  it.each([
    { name: 'none', discounts: [], lineDiscounts: [0, 0], total: 2550 },
    { name: '10% off the order', discounts: [percentOff('d', 1000)], lineDiscounts: [200, 55], total: 2295 },
    {
      name: '$5 off the order, split by line',
      discounts: [amountOff('d', 500)],
      lineDiscounts: [392, 108],
      total: 2050,
    },
    {
      name: '$30 off a $25.50 order stops at zero',
      discounts: [amountOff('d', 3000)],
      lineDiscounts: [2000, 550],
      total: 0,
    },
    {
      name: '$3 off each unit of one product',
      discounts: [amountOff('d', 300, { target: 'products', productIds: ['p-a'] })],
      lineDiscounts: [600, 0],
      total: 1950,
    },
    {
      name: '20% off a category',
      discounts: [percentOff('d', 2000, { target: 'products', categoryIds: ['c1'] })],
      lineDiscounts: [0, 110],
      total: 2440,
    },
    {
      name: 'buy 2 get 1 free: the cheapest unit',
      discounts: [buyGet('d', 2, 1)],
      lineDiscounts: [0, 550],
      total: 2000,
    },
    {
      name: 'products first, then the order on what is left',
      discounts: [amountOff('o', 500), percentOff('p', 2000, { target: 'products', productIds: ['p-a'] })],
      lineDiscounts: [772, 128],
      total: 1650,
    },
  ])('$name', ({ discounts, lineDiscounts, total }) => {
    const priced = priceOrder(order({ discounts }));
    expect(priced.lines.map((l) => l.discount)).toEqual(lineDiscounts);
    expect(priced.total).toBe(total);
    expect(priced.discountTotal).toBe(lineDiscounts[0]! + lineDiscounts[1]!);
    expect(priced.rejected).toEqual([]);
  });

  it('buy 1 get 1 half price discounts one unit in every two', () => {
    const priced = priceOrder(order({ lines: [line('a', 1000, 3)], discounts: [buyGet('d', 1, 1, 5000)] }));
    expect(priced.discountTotal).toBe(500);
    expect(priced.total).toBe(2500);
  });

  it.each([
    {
      name: 'under the minimum subtotal',
      discount: percentOff('d', 1000, { code: 'BIG', minSubtotalCents: 5000 }),
      reason: 'minimum_subtotal',
      message: 'Add $24.50 more to use this code',
      values: { shortBy: { amount: 2450, currency: 'USD' } },
    },
    {
      name: 'an automatic discount under its minimum',
      discount: freeShipping('Free shipping over $50', { minSubtotalCents: 5000 }),
      reason: 'minimum_subtotal',
      message: 'Add $24.50 more to get Free shipping over $50',
      values: { shortBy: { amount: 2450, currency: 'USD' } },
    },
    {
      name: 'too few items',
      discount: percentOff('d', 1000, { code: 'THREE', minQuantity: 4 }),
      reason: 'minimum_quantity',
      message: 'This code needs at least 4 items',
      values: { minItems: 4 },
    },
    {
      name: 'too few items for buy 3 get 1',
      discount: buyGet('d', 3, 1, 10_000, { code: 'B3G1' }),
      reason: 'minimum_quantity',
      message: 'This code needs at least 4 items',
      values: { minItems: 4 },
    },
    {
      name: 'no eligible item',
      discount: percentOff('d', 1000, { code: 'HATS', target: 'products', productIds: ['p-hat'] }),
      reason: 'no_eligible_items',
      message: "This code doesn't apply to the items in your cart",
      values: {},
    },
  ])('refuses a discount $name with a reason', ({ discount, reason, message, values }) => {
    const priced = priceOrder(order({ discounts: [discount] }));
    expect(priced.discounts).toEqual([]);
    expect(priced.total).toBe(2550);
    // The values beside the English message let the storefront word it in the shopper's language.
    expect(priced.rejected).toEqual([{ id: discount.id, code: discount.code, reason, message, ...values }]);
  });

  it('checks minimums on the eligible lines only', () => {
    const onA = percentOff('d', 1000, { target: 'products', productIds: ['p-b'], minSubtotalCents: 1000 });
    expect(priceOrder(order({ discounts: [onA] })).rejected[0]?.message).toBe('Add $4.50 more to get d');
  });

  it.each([
    {
      name: 'a better code that does not combine replaces the automatic discounts',
      discounts: [percentOff('auto', 1000), amountOff('CODE', 500, { code: 'CODE', combinable: false })],
      applied: ['CODE'],
      rejected: { id: 'auto', message: "auto can't be combined with CODE" },
      total: 2050,
    },
    {
      name: 'a worse code that does not combine is refused',
      discounts: [percentOff('auto', 1000), amountOff('CODE', 200, { code: 'CODE', combinable: false })],
      applied: ['auto'],
      rejected: { id: 'CODE', message: "This code can't be combined with auto" },
      total: 2295,
    },
    {
      name: 'combinable discounts add up',
      discounts: [percentOff('auto', 1000), amountOff('CODE', 200, { code: 'CODE' })],
      applied: ['auto', 'CODE'],
      rejected: null,
      total: 2095,
    },
    {
      name: 'the free shipping counts when comparing',
      discounts: [
        freeShipping('ship', { combinable: false }),
        amountOff('CODE', 500, { code: 'CODE', combinable: false }),
      ],
      applied: ['ship'],
      rejected: { id: 'CODE', message: "This code can't be combined with ship" },
      total: 2550,
    },
  ])('$name', ({ discounts, applied, rejected, total }) => {
    const priced = priceOrder(order({ discounts, shippingMethod: method({ amountCents: 599 }) }));
    expect(priced.discounts.map((d) => d.id)).toEqual(applied);
    expect(priced.rejected.map((r) => ({ id: r.id, message: r.message }))).toEqual(
      rejected ? [rejected] : [],
    );
    expect(priced.total).toBe(total + (applied.includes('ship') ? 0 : 599));
  });

  it('takes nothing off a gift card, whatever the discount, and refuses one that has nothing else to apply to', () => {
    const card = line('card', 5000, 1, { digital: true });
    const goods = line('goods', 2000, 1);
    for (const discount of [
      percentOff('p', 1000),
      amountOff('f', 1500),
      percentOff('o', 1000, { target: 'order' }),
    ]) {
      const mixed = priceOrder(order({ lines: [card, goods], discounts: [discount] }));
      expect(mixed.lines[0]).toMatchObject({ key: 'card', discount: 0, total: 5000 });
      expect(mixed.lines[1]!.discount).toBeGreaterThan(0);
      const cardOnly = priceOrder(order({ lines: [card], discounts: [discount] }));
      expect(cardOnly.lines[0]!.discount).toBe(0);
      expect(cardOnly.rejected.map((r) => r.reason)).toEqual(['no_eligible_items']);
    }
    const fixedOrder = priceOrder(
      order({ lines: [card, goods], discounts: [amountOff('big', 6000, { target: 'order' })] }),
    );
    expect(fixedOrder.lines.map((l) => l.discount)).toEqual([0, 2000]);
  });

  it('counts a discount given twice once', () => {
    const d = percentOff('d', 1000);
    expect(priceOrder(order({ discounts: [d, d] })).discountTotal).toBe(255);
  });
});

describe('shipping', () => {
  const weight = method({
    kind: 'weight',
    weightBands: [
      { upToGrams: null, amountCents: 1500 },
      { upToGrams: 500, amountCents: 400 },
      { upToGrams: 2000, amountCents: 800 },
    ],
  });
  it.each([
    { name: 'flat', m: method({ amountCents: 599 }), subtotal: 100, grams: 0, rate: 599 },
    {
      name: 'free over, under',
      m: method({ kind: 'free_over', freeOverCents: 5000 }),
      subtotal: 4999,
      grams: 0,
      rate: 599,
    },
    {
      name: 'free over, at',
      m: method({ kind: 'free_over', freeOverCents: 5000 }),
      subtotal: 5000,
      grams: 0,
      rate: 0,
    },
    { name: 'weight, light', m: weight, subtotal: 0, grams: 500, rate: 400 },
    { name: 'weight, middle', m: weight, subtotal: 0, grams: 600, rate: 800 },
    { name: 'weight, heavy', m: weight, subtotal: 0, grams: 3000, rate: 1500 },
    {
      name: 'weight over every band',
      m: method({ kind: 'weight', weightBands: [{ upToGrams: 500, amountCents: 400 }] }),
      subtotal: 0,
      grams: 600,
      rate: 400,
    },
  ])('$name costs $rate', ({ m, subtotal, grams, rate }) => {
    expect(shippingRate(m, subtotal, grams)).toBe(rate);
  });

  it('is free over the threshold after discounts, not before', () => {
    const m = method({ kind: 'free_over', freeOverCents: 5000 });
    const lines = [line('a', 6000)];
    expect(priceOrder(order({ lines, discounts: [percentOff('d', 1000)], shippingMethod: m })).shipping).toBe(
      0,
    );
    const more = priceOrder(order({ lines, discounts: [percentOff('d', 2000)], shippingMethod: m }));
    expect(more.shipping).toBe(599);
    expect(more.total).toBe(4800 + 599);
  });

  it('weighs every unit of the cart', () => {
    const lines = [line('a', 1000, 2, { weightGrams: 300 })];
    expect(priceOrder(order({ lines, shippingMethod: weight })).shipping).toBe(800);
  });

  it('free shipping takes the shipping off, and nothing before a method is chosen', () => {
    const priced = priceOrder(order({ discounts: [freeShipping('f')], shippingMethod: method() }));
    expect(priced).toMatchObject({
      shipping: 0,
      shippingBeforeDiscount: 599,
      discountTotal: 599,
      total: 2550,
    });
    expect(priced.discounts[0]).toMatchObject({ amount: 599, shippingAmount: 599, lineAmounts: [] });
    const unchosen = priceOrder(order({ discounts: [freeShipping('f')] }));
    expect(unchosen).toMatchObject({ shipping: 0, discountTotal: 0, total: 2550 });
  });
});

describe('tax', () => {
  it.each([
    { name: 'none', tax: null, discounts: [], shipping: null, tax_: 0, total: 2550, lineTaxes: [0, 0] },
    {
      name: 'added, 8.25%',
      tax: taxRate(825),
      discounts: [],
      shipping: null,
      tax_: 210,
      total: 2760,
      lineTaxes: [165, 45],
    },
    {
      name: 'added, on shipping too',
      tax: taxRate(1000, { chargeTaxOnShipping: true }),
      discounts: [],
      shipping: method(),
      tax_: 315,
      total: 2550 + 599 + 315,
      lineTaxes: [200, 55],
    },
    {
      name: 'added, not on shipping',
      tax: taxRate(1000),
      discounts: [],
      shipping: method(),
      tax_: 255,
      total: 2550 + 599 + 255,
      lineTaxes: [200, 55],
    },
    {
      name: 'added after discounts',
      tax: taxRate(1000),
      discounts: [percentOff('d', 1000)],
      shipping: null,
      tax_: 230,
      total: 2295 + 230,
      lineTaxes: [180, 50],
    },
    {
      name: 'included: extracted, total unchanged',
      tax: taxRate(2000, { pricesIncludeTax: true }),
      discounts: [],
      shipping: null,
      tax_: 425,
      total: 2550,
      lineTaxes: [333, 92],
    },
    {
      name: 'included, after a discount',
      tax: taxRate(2000, { pricesIncludeTax: true }),
      discounts: [percentOff('d', 1000)],
      shipping: null,
      tax_: 382,
      total: 2295,
      lineTaxes: [300, 82],
    },
  ])('$name', ({ tax, discounts, shipping, tax_, total, lineTaxes }) => {
    const priced = priceOrder(order({ tax, discounts, shippingMethod: shipping }));
    expect(priced.tax).toBe(tax_);
    expect(priced.total).toBe(total);
    expect(priced.lines.map((l) => l.tax)).toEqual(lineTaxes);
    expect(priced.taxLines).toEqual(
      tax
        ? [
            {
              name: 'Sales tax',
              rateBps: tax.components[0]?.rateBps,
              amount: tax_,
              inclusive: tax.pricesIncludeTax,
            },
          ]
        : [],
    );
  });
});

describe('payment lines', () => {
  const labels = { a: 'Mug', b: 'Poster' };

  it('charge each line at its total after discounts and add up to the total', () => {
    const priced = priceOrder(
      order({
        lines: [line('a', 1000, 3), line('b', 500)],
        discounts: [amountOff('d', 100, { target: 'products', productIds: ['p-a'] })],
        shippingMethod: method(),
        tax: taxRate(1000),
      }),
    );
    const pay = paymentLines(priced, labels, 'USD');
    expect(pay.lines).toEqual([
      { name: 'Mug', unitAmount: 900, quantity: 3, description: 'Discounted from $10.00 each' },
      { name: 'Poster', unitAmount: 500, quantity: 1, description: null },
    ]);
    expect(pay).toMatchObject({ shippingAmount: 599, taxAmount: 320, amount: priced.total });
  });

  it('split a line in two when its discount does not divide by its quantity', () => {
    const priced = priceOrder(order({ lines: [line('a', 1000, 3)], discounts: [amountOff('d', 100)] }));
    const pay = paymentLines(priced, labels, 'USD');
    expect(pay.lines.map((l) => [l.unitAmount, l.quantity])).toEqual([
      [967, 2],
      [966, 1],
    ]);
    expect(pay.lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0)).toBe(2900);
  });

  it('leave included tax inside the lines', () => {
    const priced = priceOrder(order({ tax: taxRate(2000, { pricesIncludeTax: true }) }));
    expect(paymentLines(priced, labels, 'USD')).toMatchObject({ taxAmount: 0, amount: 2550 });
  });
});
