import type { ImportRowError } from '@cartwheel/shared/contracts/product-import';
import { toMinorUnits } from '@cartwheel/shared/money';

// Reading one cell of an imported CSV; a problem throws a CellError with the message staff see.

export class CellError extends Error {}

/** "12.50", "$1,250.00" -> minor units of the currency (the base currency: decision 0066). */
export function moneyCell(cell: string, label: string, currency: string): number {
  const text = cell
    .replace(/^\$/, '')
    .replace(/^(-?)\$/, '$1')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text)) {
    throw new CellError(`${label} must be a number`);
  }
  return toMinorUnits(text, currency);
}

export function wholeCell(cell: string, label: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(cell)) throw new CellError(`${label} must be a whole number`);
  return Number(cell);
}

export function decimalCell(cell: string, label: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(cell) && !/^-?\.\d+$/.test(cell)) {
    throw new CellError(`${label} must be a number`);
  }
  return Number(cell);
}

/** A zod failure as line errors; `fields` renames our field names to the file's column names. */
export function zodErrors(
  line: number,
  issues: Array<{ path: PropertyKey[]; message: string }>,
  fields: Record<string, string> = {},
): ImportRowError[] {
  return issues.map((issue) => ({
    line,
    field: issue.path.length ? (fields[String(issue.path[0])] ?? String(issue.path[0])) : null,
    message: issue.message,
  }));
}
