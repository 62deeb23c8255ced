import { convert, type Dinero, dinero, halfUp, toSnapshot, transformScale } from 'dinero.js/bigint';
import type { RoundingRule } from './markets.schema.ts';

const exponents = new Map<string, number>();

/** How many minor-unit digits a currency has (USD 2, JPY 0, KWD 3), as ICU's currency data says. */
export function currencyExponent(code: string): number {
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
    exponents.set(code, exponent);
  }
  return exponent;
}

const currencyOf = (code: string) => ({ code, base: 10n, exponent: BigInt(currencyExponent(code)) });

/** At most this many decimals of a rate count: more would not change a price. */
const RATE_DECIMALS = 8;

/** A decimal rate ("1.0823", "150") as dinero's scaled integer, read exactly from its digits. */
export function scaledRate(rate: string): { amount: bigint; scale: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new Error(`not a rate: ${rate}`);
  const decimals = (match[2] ?? '').slice(0, RATE_DECIMALS).replace(/0+$/, '');
  return { amount: BigInt(`${match[1]}${decimals}`), scale: BigInt(decimals.length) };
}

/**
 * Rounds a converted amount (minor units of a currency with `exponent` digits) by a market's rule:
 * 'whole' up to the next whole unit, 'x.99' / 'x.95' up to the next price with those cents; a zero
 * amount stays zero. A currency without minor units takes every rule as whole units.
 */
export function applyRounding(minor: bigint, exponent: number, rule: RoundingRule): bigint {
  if (rule === 'none' || minor === 0n || exponent === 0) return minor;
  const unit = 10n ** BigInt(exponent);
  const offset = rule === 'whole' ? 0n : (unit / 100n) * (rule === 'x.99' ? 1n : 5n);
  const ceilUnits = (minor + offset + unit - 1n) / unit;
  return ceilUnits * unit - offset;
}

/**
 * An amount in minor units of `from` in minor units of `to`, at `rate` (units of `to` per unit of
 * `from`): converted exactly with dinero.js, rounded half up to `to`'s minor unit, then by the rule.
 */
export function convertAmount(
  minor: number,
  from: string,
  to: string,
  rate: string,
  rounding: RoundingRule = 'none',
): number {
  if (from === to && rounding === 'none') return minor;
  const source = dinero({ amount: BigInt(minor), currency: currencyOf(from) });
  const converted: Dinero<bigint> = convert(source, currencyOf(to), { [to]: scaledRate(rate) });
  const exponent = currencyExponent(to);
  const rounded = toSnapshot(transformScale(converted, BigInt(exponent), halfUp)).amount;
  return Number(applyRounding(rounded, exponent, rounding));
}

/**
 * A market amount back in the base currency, at the market's rate (units of the market's currency per
 * base unit): the order's base-currency amounts. Rounded half up, no price rule.
 */
export function toBaseAmount(minor: number, currency: string, base: string, rate: string): number {
  if (currency === base) return minor;
  const source = dinero({ amount: BigInt(minor), currency: currencyOf(currency) });
  const exponent = BigInt(currencyExponent(base));
  // Dividing by the rate is multiplying by its inverse: scale the inverse to enough digits first.
  const { amount, scale } = scaledRate(rate);
  const digits = 12n;
  const inverse = (10n ** (scale + digits) + amount / 2n) / amount;
  const converted = convert(source, currencyOf(base), { [base]: { amount: inverse, scale: digits } });
  return Number(toSnapshot(transformScale(converted, exponent, halfUp)).amount);
}
