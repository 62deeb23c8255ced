import { describe, expect, it } from 'vitest';
import { currencyColumns } from './currency-columns.ts';

const rows = [
  { currency: 'EUR', orders: 2, gross: 5600, refunds: 2800, base_gross: 6087, base_refunds: 3043 },
  { currency: 'JPY', orders: 1, gross: 4995, refunds: 0, base_gross: 3300, base_refunds: 0 },
];

describe('the finances per currency', () => {
  it.each([
    ['USD', 0, ['EUR', 2, '€56.00', '€28.00', '$60.87', '$30.44']],
    ['USD', 1, ['JPY', 1, '¥4,995', '¥0', '$33.00', '$33.00']],
    ['EUR', 1, ['JPY', 1, '¥4,995', '¥0', '€33.00', '€33.00']],
  ] as const)(
    'in base %s, row %i shows each currency in its own money and the base in the base',
    (base, i, cells) => {
      const columns = currencyColumns(base);
      expect(columns.map((c) => c.title)).toEqual([
        'Currency',
        'Orders',
        'Gross',
        'Refunds',
        `Gross (${base})`,
        `Net (${base})`,
      ]);
      expect(columns.map((c) => c.cell(rows[i]!))).toEqual(cells);
    },
  );

  it('writes the CSV in decimals of each currency: none for yen', () => {
    expect(currencyColumns('USD').map((c) => c.csv(rows[1]!))).toEqual([
      'JPY',
      1,
      '4995',
      '0',
      '33.00',
      '33.00',
    ]);
  });
});
