// Weights: the catalog stores them in pounds (decision 0008; imports convert to pounds, decision 0035),
// and each market shows them in its unit, kilograms or pounds (decision 0070).
import type { WEIGHT_UNITS } from './contracts/markets.ts';
import { formatEnUSNumber } from './en-us.ts';

export type WeightUnit = (typeof WEIGHT_UNITS)[number];

const KG_PER_LB = 0.45359237;

/** Shipping's weight bands are in grams: a catalog weight times this. */
export const GRAMS_PER_POUND = KG_PER_LB * 1000;

/** Intl's name of each unit, for `style: 'unit'` number formats. */
const INTL_UNIT: Record<WeightUnit, string> = { kg: 'kilogram', lb: 'pound' };

/**
 * A catalog weight (pounds) written in `unit` for `locale`: "0.4 lb", "0,18 kg", to two decimals at
 * most (a shelf label's precision; a weight under 0.005 of the unit reads 0).
 */
export function formatWeight(pounds: number, unit: WeightUnit, locale: string): string {
  const value = unit === 'kg' ? pounds * KG_PER_LB : pounds;
  if (locale === 'en-US') return `${formatEnUSNumber(value, { maximumFractionDigits: 2 })} ${unit}`;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: INTL_UNIT[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(value);
}
