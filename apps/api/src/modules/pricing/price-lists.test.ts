import { describe, expect, it } from 'vitest';
import {
  type GroupPriceList,
  groupUnitPrice,
  linesAtGroupPrices,
  type PriceListEntry,
  priceTiers,
} from './price-lists.ts';

const entry = (e: Partial<PriceListEntry>): PriceListEntry => ({
  productId: null,
  variantId: null,
  categoryId: null,
  minQuantity: 1,
  price: null,
  currency: null,
  percentOffBps: null,
  ...e,
});

// A tote ($10.00 retail) in the bags category with two variants, and a mug ($20.00) in no category.
const LIST: GroupPriceList = {
  groupId: 'g',
  entries: [
    entry({ productId: 'tote', price: 800, currency: 'USD' }),
    entry({ productId: 'tote', variantId: 'tote-blue', minQuantity: 10, price: 700, currency: 'USD' }),
    entry({ productId: 'tote', price: 750, currency: 'EUR' }),
    entry({ categoryId: 'bags', percentOffBps: 1500 }),
    entry({ percentOffBps: 1000 }),
    entry({ productId: 'mug', minQuantity: 5, percentOffBps: 2500 }),
  ],
};

const FIXED_ONLY: GroupPriceList = {
  groupId: 'g',
  entries: [entry({ productId: 'tote', price: 800, currency: 'USD' })],
};

const tote = (variantId: string, unitPrice: number, quantity: number) => ({
  productId: 'tote',
  variantId,
  categoryIds: ['bags'],
  unitPrice,
  quantity,
});
const mug = (unitPrice: number, quantity: number) => ({
  productId: 'mug',
  variantId: null,
  categoryIds: [],
  unitPrice,
  quantity,
});

// Each expected price worked out by hand from the entries above: the lowest that applies wins.
const CASES = [
  { name: 'no list: retail', list: null, line: tote('tote-red', 1000, 1), currency: 'USD', price: 1000 },
  {
    name: 'fixed product price under the percentages',
    list: LIST,
    line: tote('tote-red', 1000, 1),
    currency: 'USD',
    price: 800,
  },
  {
    name: 'a tier on another variant does not apply',
    list: LIST,
    line: tote('tote-red', 1000, 10),
    currency: 'USD',
    price: 800,
  },
  {
    name: 'the variant tier from 10 units',
    list: LIST,
    line: tote('tote-blue', 1000, 10),
    currency: 'USD',
    price: 700,
  },
  { name: 'below the tier', list: LIST, line: tote('tote-blue', 1000, 9), currency: 'USD', price: 800 },
  // In euros the dollar prices do not apply: 750 EUR beats 15% off 999 (849).
  {
    name: 'the fixed price in the market currency',
    list: LIST,
    line: tote('tote-blue', 999, 10),
    currency: 'EUR',
    price: 750,
  },
  // In yen there is no fixed price: 15% off the category wins (1580 − 237).
  {
    name: 'a currency without fixed prices: the category percentage',
    list: LIST,
    line: tote('tote-red', 1580, 1),
    currency: 'JPY',
    price: 1343,
  },
  { name: 'whole catalog 10% off', list: LIST, line: mug(2000, 4), currency: 'USD', price: 1800 },
  { name: 'a product percentage tier from 5', list: LIST, line: mug(2000, 5), currency: 'USD', price: 1500 },
  // Never above retail: a fixed price higher than a sale price leaves the sale price.
  {
    name: 'never above retail',
    list: FIXED_ONLY,
    line: tote('tote-red', 600, 1),
    currency: 'USD',
    price: 600,
  },
  {
    name: '10% of an odd amount rounds half up',
    list: LIST,
    line: mug(1005, 1),
    currency: 'USD',
    price: 904,
  },
];

describe('a group member’s unit price', () => {
  it.each(CASES)('$name', ({ list, line, currency, price }) => {
    expect(groupUnitPrice(line, list, currency)).toBe(price);
  });

  it('prices lines without touching anything else, and leaves them as they are without a list', () => {
    const lines = [{ ...tote('tote-blue', 1000, 12), key: 'a', weightGrams: 10 }];
    expect(linesAtGroupPrices(lines, null, 'USD')).toBe(lines);
    expect(linesAtGroupPrices(lines, LIST, 'USD')).toEqual([{ ...lines[0], unitPrice: 700 }]);
  });
});

describe('the tiers a member sees', () => {
  it('lists the price from one unit and each quantity from which it drops', () => {
    expect(priceTiers(tote('tote-blue', 1000, 1), LIST, 'USD')).toEqual([
      { minQuantity: 1, unitPrice: 800 },
      { minQuantity: 10, unitPrice: 700 },
    ]);
    expect(priceTiers(mug(2000, 1), LIST, 'USD')).toEqual([
      { minQuantity: 1, unitPrice: 1800 },
      { minQuantity: 5, unitPrice: 1500 },
    ]);
  });

  it('has no tier in a currency the tier is not priced in, and only retail without a list', () => {
    expect(priceTiers(tote('tote-blue', 999, 1), LIST, 'EUR')).toEqual([{ minQuantity: 1, unitPrice: 750 }]);
    expect(priceTiers(tote('tote-blue', 1000, 1), null, 'USD')).toEqual([
      { minQuantity: 1, unitPrice: 1000 },
    ]);
  });
});
