// The taxes a new shop starts with: the standard rates where most shops sell (the year they are
// of is in the decision record).
// US: each state's own base rate (local rates on top are not included), shipping taxed in the states
// that tax a separately stated delivery charge. Canada: GST, or HST, or GST with the provincial tax.
// EU, UK: standard VAT, shipping taxed as part of the supply. Japan: consumption tax. What was
// assumed is in docs/decisions/0069-taxes-by-place.md.

interface DefaultPlaceTax {
  country: string;
  state: string | null;
  name: string;
  rateBps: number;
  taxesShipping: boolean;
}

/** [state, percent]; the five states without a state sales tax at 0. */
const US_STATES: [string, number][] = [
  ['AL', 4],
  ['AK', 0],
  ['AZ', 5.6],
  ['AR', 6.5],
  ['CA', 7.25],
  ['CO', 2.9],
  ['CT', 6.35],
  ['DE', 0],
  ['DC', 6],
  ['FL', 6],
  ['GA', 4],
  ['HI', 4],
  ['ID', 6],
  ['IL', 6.25],
  ['IN', 7],
  ['IA', 6],
  ['KS', 6.5],
  ['KY', 6],
  ['LA', 5],
  ['ME', 5.5],
  ['MD', 6],
  ['MA', 6.25],
  ['MI', 6],
  ['MN', 6.875],
  ['MS', 7],
  ['MO', 4.225],
  ['MT', 0],
  ['NE', 5.5],
  ['NV', 6.85],
  ['NH', 0],
  ['NJ', 6.625],
  ['NM', 4.875],
  ['NY', 4],
  ['NC', 4.75],
  ['ND', 5],
  ['OH', 5.75],
  ['OK', 4.5],
  ['OR', 0],
  ['PA', 6],
  ['RI', 7],
  ['SC', 6],
  ['SD', 4.2],
  ['TN', 7],
  ['TX', 6.25],
  ['UT', 4.85],
  ['VT', 6],
  ['VA', 5.3],
  ['WA', 6.5],
  ['WV', 6],
  ['WI', 5],
  ['WY', 4],
];

/** The states that tax a delivery charge stated apart from the goods. */
const US_SHIPPING_TAXED = new Set(
  'AR CT DC GA HI IN KS KY MI MN MS NE NJ NM NY NC ND OH PA RI SC SD TN TX VT WA WV WI'.split(' '),
);

/** Canada: [province, [name, percent, taxes shipping][]]; the others charge the country's GST. */
const CA_PROVINCES: [string, [string, number, boolean][]][] = [
  [
    'BC',
    [
      ['GST', 5, true],
      ['PST', 7, false],
    ],
  ],
  [
    'MB',
    [
      ['GST', 5, true],
      ['RST', 7, false],
    ],
  ],
  [
    'SK',
    [
      ['GST', 5, true],
      ['PST', 6, false],
    ],
  ],
  [
    'QC',
    [
      ['GST', 5, true],
      ['QST', 9.975, true],
    ],
  ],
  ['ON', [['HST', 13, true]]],
  ['NB', [['HST', 15, true]]],
  ['NL', [['HST', 15, true]]],
  ['NS', [['HST', 14, true]]],
  ['PE', [['HST', 15, true]]],
];

/** Standard VAT of each EU member state, and the UK's. */
const VAT: [string, number][] = [
  ['AT', 20],
  ['BE', 21],
  ['BG', 20],
  ['HR', 25],
  ['CY', 19],
  ['CZ', 21],
  ['DK', 25],
  ['EE', 24],
  ['FI', 25.5],
  ['FR', 20],
  ['DE', 19],
  ['GR', 24],
  ['HU', 27],
  ['IE', 23],
  ['IT', 22],
  ['LV', 21],
  ['LT', 21],
  ['LU', 17],
  ['MT', 18],
  ['NL', 21],
  ['PL', 23],
  ['PT', 23],
  ['RO', 21],
  ['SK', 23],
  ['SI', 22],
  ['ES', 21],
  ['SE', 25],
  ['GB', 20],
];

const bps = (percent: number) => Math.round(percent * 100_000) / 1000;

export const DEFAULT_TAX_RATES: readonly DefaultPlaceTax[] = [
  ...US_STATES.map(([state, percent]) => ({
    country: 'US',
    state,
    name: `${state} State Tax`,
    rateBps: bps(percent),
    taxesShipping: US_SHIPPING_TAXED.has(state),
  })),
  { country: 'CA', state: null, name: 'GST', rateBps: bps(5), taxesShipping: true },
  ...CA_PROVINCES.flatMap(([state, taxes]) =>
    taxes.map(([name, percent, taxesShipping]) => ({
      country: 'CA',
      state,
      name,
      rateBps: bps(percent),
      taxesShipping,
    })),
  ),
  ...VAT.map(([country, percent]) => ({
    country,
    state: null,
    name: 'VAT',
    rateBps: bps(percent),
    taxesShipping: true,
  })),
  { country: 'JP', state: null, name: 'Consumption tax', rateBps: bps(10), taxesShipping: true },
];
