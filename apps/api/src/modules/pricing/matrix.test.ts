import { describe, expect, it } from 'vitest';
import { priceOrder } from './price-order.ts';
import { amountOff, freeShipping, line, method, percentOff, taxRate } from './test-helpers.ts';
import type { PricingDiscount, ShippingMethodInput, TaxInput } from './types.ts';

// One $100.00 item, every discount × shipping × tax combination, checked against the arithmetic
// written out by hand below (not against the code under test).
const DISCOUNTS: Array<{ name: string; discount: PricingDiscount | null; off: number; freeShip: boolean }> = [
  { name: 'no discount', discount: null, off: 0, freeShip: false },
  { name: '10% off', discount: percentOff('d', 1000), off: 1000, freeShip: false },
  { name: '$15 off', discount: amountOff('d', 1500), off: 1500, freeShip: false },
  { name: 'free shipping', discount: freeShipping('d'), off: 0, freeShip: true },
];
const SHIPPING: Array<{ name: string; method: ShippingMethodInput | null; rate: (after: number) => number }> =
  [
    { name: 'no method yet', method: null, rate: () => 0 },
    { name: 'flat $5.99', method: method({ amountCents: 599 }), rate: () => 599 },
    {
      name: 'free over $90',
      method: method({ kind: 'free_over', amountCents: 599, freeOverCents: 9000 }),
      rate: (after) => (after >= 9000 ? 0 : 599),
    },
  ];
const TAXES: Array<{ name: string; tax: TaxInput | null }> = [
  { name: 'no tax', tax: null },
  { name: '10% added', tax: taxRate(1000) },
  { name: '10% added, on shipping', tax: taxRate(1000, { chargeTaxOnShipping: true }) },
  { name: '10% included', tax: taxRate(1000, { pricesIncludeTax: true }) },
  {
    name: '10% included, on shipping',
    tax: taxRate(1000, { pricesIncludeTax: true, chargeTaxOnShipping: true }),
  },
];

const cases = DISCOUNTS.flatMap((d) =>
  SHIPPING.flatMap((s) => TAXES.map((t) => ({ label: `${d.name}, ${s.name}, ${t.name}`, d, s, t }))),
);

describe('a $100.00 item under every discount, shipping and tax', () => {
  it.each(cases)('$label', ({ d, s, t }) => {
    const lineTotal = 10_000 - d.off;
    const before = s.rate(lineTotal);
    const shipping = d.freeShip ? 0 : before;
    const base = lineTotal + (t.tax?.components[0]?.taxesShipping ? shipping : 0);
    const tax = !t.tax ? 0 : t.tax.pricesIncludeTax ? base - Math.round(base / 1.1) : Math.round(base / 10);
    const added = t.tax && !t.tax.pricesIncludeTax ? tax : 0;

    const priced = priceOrder({
      lines: [line('a', 10_000)],
      discounts: d.discount ? [d.discount] : [],
      shippingMethod: s.method,
      tax: t.tax,
    });
    expect(priced).toMatchObject({
      subtotal: 10_000,
      discountTotal: d.off + (d.freeShip ? before : 0),
      shippingBeforeDiscount: before,
      shipping,
      tax,
      total: lineTotal + shipping + added,
    });
    expect(priced.lines[0]).toMatchObject({ discount: d.off, total: lineTotal });
  });
});
