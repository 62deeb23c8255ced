import type { Finances } from '@cartwheel/shared/contracts/finances';
import { formatMoney, toMajorString } from '@cartwheel/shared/money';

type CurrencyRow = Finances['by_currency'][number];

/** A column as the analytics feature's FigureTable takes it (the route hands one to the other). */
interface CurrencyColumn {
  title: string;
  cell: (row: CurrencyRow) => string | number;
  csv: (row: CurrencyRow) => string | number;
  numeric?: boolean;
}

const money = (
  title: string,
  value: (r: CurrencyRow) => number,
  currency: (r: CurrencyRow) => string,
): CurrencyColumn => ({
  title,
  cell: (r) => formatMoney(value(r), currency(r)),
  csv: (r) => toMajorString(value(r), currency(r)),
  numeric: true,
});

/**
 * The per-currency table: each currency's orders, gross and refunds in that currency, then gross and
 * net in the base currency, whose code the titles name (the other tables are all in it).
 */
export function currencyColumns(base: string): CurrencyColumn[] {
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
