import { dinero, toDecimal } from 'dinero.js';
import * as isoCurrencies from 'dinero.js/currencies';
import { groupThousands } from './en-us.ts';

// Amounts are integers in the currency's minor unit with an ISO 4217 code beside them
// (docs/decisions/0066-money-carries-its-currency.md); this file is the one place that knows exponents.

type Currency = (typeof isoCurrencies)[keyof typeof isoCurrencies];
const byCode = new Map<string, Currency>(Object.values(isoCurrencies).map((c) => [c.code, c]));

/** Every ISO 4217 code the shop accepts, sorted (the base-currency select lists them). */
export const CURRENCY_CODES: readonly string[] = [...byCode.keys()].sort();

/** True for a known ISO 4217 code, upper case ("USD", "JPY"). */
export function isCurrencyCode(code: string): boolean {
  return byCode.has(code);
}

function currencyOf(code: string): Currency {
  const currency = byCode.get(code);
  if (!currency) throw new RangeError(`Unknown currency ${JSON.stringify(code)}`);
  return currency;
}

/** Digits after the decimal point in the currency's minor unit: USD 2, JPY 0, KWD 3. */
export function currencyExponent(code: string): number {
  return currencyOf(code).exponent;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, code: string): Intl.NumberFormat {
  const key = `${locale}|${code}`;
  let made = formatters.get(key);
  if (!made) {
    const digits = currencyExponent(code);
    made = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, made);
  }
  return made;
}

/** US dollars in en-US written out ("$1,234.50", "-$5.00"), as Intl writes them (money.test.ts checks it). */
function usDollars(cents: number): string {
  const total = Math.abs(cents);
  const dollars = groupThousands(String(Math.floor(total / 100)));
  const sign = cents < 0 && total > 0 ? '-' : '';
  return `${sign}$${dollars}.${String(total % 100).padStart(2, '0')}`;
}

/**
 * An amount in minor units for display in a locale: (2800, 'USD') → "$28.00", (2800, 'EUR', 'de-DE') →
 * "28,00 €", (2800, 'JPY') → "¥2,800". Nothing counts as 0 and minus zero as zero. US dollars in en-US
 * skip Intl: its first formatter loads ICU's locale data, tens of milliseconds of main thread on a phone
 * while the storefront starts (docs/decisions/0016-storefront-first-paint.md).
 */
export function formatMoney(minor: number | null | undefined, currency: string, locale = 'en-US'): string {
  const amount = Math.round(minor ?? 0) || 0;
  if (currency === 'USD' && locale === 'en-US') return usDollars(amount);
  return formatter(locale, currency).format(amount / 10 ** currencyExponent(currency));
}

/** The currency's sign as the locale writes it, for field labels: USD "$", EUR "€", JPY "¥", KWD "KWD". */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  if (currency === 'USD' && locale === 'en-US') return '$';
  return (
    formatter(locale, currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/**
 * An amount typed into a form ("12.5", "1,234.56", 12.5) as integer minor units of the currency,
 * rounded half away from zero at the currency's exponent. Anything that is not a number counts as 0.
 */
export function toMinorUnits(input: string | number | null | undefined, currency: string): number {
  const exponent = currencyExponent(currency);
  const text = (
    typeof input === 'number'
      ? Number.isFinite(input)
        ? input.toFixed(exponent + 1)
        : ''
      : String(input ?? '')
  )
    .trim()
    .replaceAll(',', '');
  const parts = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!parts || (!parts[2] && !parts[3])) return 0;
  const digits = `${parts[2]}${(parts[3] ?? '').padEnd(exponent + 1, '0').slice(0, exponent + 1)}`;
  const tenths = Number(digits);
  const minor = Math.floor(tenths / 10) + (tenths % 10 >= 5 ? 1 : 0);
  return parts[1] === '-' && minor !== 0 ? -minor : minor;
}

/** Minor units as a plain decimal for a form input: (1250, 'USD') → "12.50", (2800, 'JPY') → "2800". */
export function toMajorString(minor: number | null | undefined, currency: string): string {
  return toDecimal(dinero({ amount: Math.round(minor ?? 0) || 0, currency: currencyOf(currency) }));
}

export interface PriceSource {
  price: number;
  sale_price: number | null;
}

/** True when a sale price is set and lower than the price. */
export function isOnSale(p: PriceSource): boolean {
  return p.sale_price != null && p.sale_price > 0 && p.sale_price < p.price;
}

/**
 * The price a shopper pays for one unit, in cents (docs/decisions/0002-money-and-prices.md):
 * the variant's own prices when a variant is chosen, else the product's; the sale price when set and lower.
 */
export function unitPrice(product: PriceSource, variant?: PriceSource | null): number {
  const source = variant ?? product;
  return isOnSale(source) ? (source.sale_price as number) : source.price;
}

/** A rate in basis points as a percentage: 825 → "8.25%", 1000 → "10%". */
export function formatPercent(bps: number): string {
  return `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
}
