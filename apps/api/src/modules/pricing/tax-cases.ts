// The tax cases every tax path is checked against (not a test file itself): the table, Stripe Tax
// through the fake, and the checkout API. Amounts in minor units; a case's shipping 0 means none.
import type { TaxLine } from './types.ts';

export interface TaxCase {
  name: string;
  country: string;
  state: string | null;
  postalCode: string;
  lines: number[];
  shipping: number;
  pricesIncludeTax: boolean;
  lineTaxes: number[];
  shippingTax: number;
  taxLines: TaxLine[];
}

const added = (name: string, rateBps: number, amount: number): TaxLine => ({
  name,
  rateBps,
  amount,
  inclusive: false,
});

export const TAX_CASES: TaxCase[] = [
  {
    name: 'Oregon: no sales tax',
    country: 'US',
    state: 'OR',
    postalCode: '97201',
    lines: [5000],
    shipping: 599,
    pricesIncludeTax: false,
    lineTaxes: [0],
    shippingTax: 0,
    taxLines: [],
  },
  {
    name: 'California: 7.25% on the goods, shipping untaxed',
    country: 'US',
    state: 'CA',
    postalCode: '94103',
    lines: [5000, 1250],
    shipping: 599,
    pricesIncludeTax: false,
    // 7.25% of 62.50 = 4.53125 → 4.53, split 5000:1250.
    lineTaxes: [362, 91],
    shippingTax: 0,
    taxLines: [added('CA State Tax', 725, 453)],
  },
  {
    name: 'British Columbia: GST on goods and shipping, PST on goods',
    country: 'CA',
    state: 'BC',
    postalCode: 'V6B 1A1',
    lines: [5000],
    shipping: 1000,
    pricesIncludeTax: false,
    // GST 5% of 60.00 = 3.00 (0.50 of it on shipping); PST 7% of 50.00 = 3.50.
    lineTaxes: [600],
    shippingTax: 50,
    taxLines: [added('GST', 500, 300), added('PST', 700, 350)],
  },
  {
    name: 'Ontario: HST 13% on goods and shipping',
    country: 'CA',
    state: 'ON',
    postalCode: 'M5V 2T6',
    lines: [5000],
    shipping: 1000,
    pricesIncludeTax: false,
    lineTaxes: [650],
    shippingTax: 130,
    taxLines: [added('HST', 1300, 780)],
  },
  {
    name: 'Germany: 28.00 includes 4.47 VAT',
    country: 'DE',
    state: null,
    postalCode: '10115',
    lines: [2800],
    shipping: 0,
    pricesIncludeTax: true,
    lineTaxes: [447],
    shippingTax: 0,
    taxLines: [{ name: 'VAT', rateBps: 1900, amount: 447, inclusive: true }],
  },
  {
    name: 'Germany: VAT inside the shipping too',
    country: 'DE',
    state: null,
    postalCode: '10115',
    lines: [2800],
    shipping: 500,
    pricesIncludeTax: true,
    // 33.00 holds 33.00 − 33.00 / 1.19 = 5.27; 0.80 of it in the shipping.
    lineTaxes: [447],
    shippingTax: 80,
    taxLines: [{ name: 'VAT', rateBps: 1900, amount: 527, inclusive: true }],
  },
];

/** Cases only the table knows (the fake Stripe charges in fewer places). */
export const TABLE_ONLY_CASES: TaxCase[] = [
  {
    name: 'Québec: QST at 9.975%, half a cent up',
    country: 'CA',
    state: 'QC',
    postalCode: 'H2X 1Y4',
    lines: [10_000],
    shipping: 0,
    pricesIncludeTax: false,
    lineTaxes: [1498],
    shippingTax: 0,
    taxLines: [added('GST', 500, 500), added('QST', 997.5, 998)],
  },
  {
    name: 'Alberta: no provincial tax, the country’s GST',
    country: 'CA',
    state: 'AB',
    postalCode: 'T5J 0N3',
    lines: [10_000],
    shipping: 1000,
    pricesIncludeTax: false,
    lineTaxes: [500],
    shippingTax: 50,
    taxLines: [added('GST', 500, 550)],
  },
  {
    name: 'New York: shipping taxed with the goods',
    country: 'US',
    state: 'NY',
    postalCode: '10001',
    lines: [5000],
    shipping: 599,
    pricesIncludeTax: false,
    // 4% of 55.99 = 2.2396 → 2.24, 0.24 of it on shipping (the larger remainder).
    lineTaxes: [200],
    shippingTax: 24,
    taxLines: [added('NY State Tax', 400, 224)],
  },
  {
    name: 'Japan: ¥1,100 includes ¥100 consumption tax',
    country: 'JP',
    state: null,
    postalCode: '100-0001',
    lines: [1100],
    shipping: 0,
    pricesIncludeTax: true,
    lineTaxes: [100],
    shippingTax: 0,
    taxLines: [{ name: 'Consumption tax', rateBps: 1000, amount: 100, inclusive: true }],
  },
];
