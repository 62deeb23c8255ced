import type { Finances } from '@cartwheel/shared/contracts/finances';
import { formatMoney, toMajorString } from '@cartwheel/shared/money';
import type { FigureColumn } from '../analytics/components/figure-table.tsx';

type CurrencyRow = Finances['by_currency'][number];

const money = (
  title: string,
  value: (r: CurrencyRow) => number,
  currency: (r: CurrencyRow) => string,
): FigureColumn<CurrencyRow> => ({
  title,
  cell: (r) => formatMoney(value(r), currency(r)),
  csv: (r) => toMajorString(value(r), currency(r)),
  numeric: true,
});

/**
 * The per-currency table: each currency's orders, gross and refunds in that currency, then gross and
 * net in the base currency, whose code the titles name (the other tables are all in it).
 */
export function currencyColumns(base: string): FigureColumn<CurrencyRow>[] {
  const own = (r: CurrencyRow) => r.currency;
  return [
    { title: 'Currency', cell: own, csv: own },
    { title: 'Orders', cell: (r) => r.orders, csv: (r) => r.orders, numeric: true },
    money('Gross', (r) => r.gross, own),
    money('Refunds', (r) => r.refunds, own),
    money(
      `Gross (${base})`,
      (r) => r.base_gross,
      () => base,
    ),
    money(
      `Net (${base})`,
      (r) => r.base_gross - r.base_refunds,
      () => base,
    ),
  ];
}
