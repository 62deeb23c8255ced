// A price typed in a currency's major units and its minor units, by the currency's exponent.
/** Minor-unit digits of a currency (EUR 2, JPY 0), as the browser's currency data says. */
const exponentOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** "12.99" in EUR → 1299; blank → null; not a number → NaN (the server refuses it). */
export function toMinor(text: string, currency: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const [whole = '', decimals = ''] = trimmed.split('.');
  const exponent = exponentOf(currency);
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(decimals) || decimals.length > exponent) return Number.NaN;
  return Number(`${whole}${decimals.padEnd(exponent, '0')}`);
}

export function toMajor(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const exponent = exponentOf(currency);
  const digits = String(minor).padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
