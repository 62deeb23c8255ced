import { describe, expect, it } from 'vitest';
import { applyRounding, convertAmount, currencyExponent, scaledRate, toBaseAmount } from './convert.ts';
import type { RoundingRule } from './markets.schema.ts';

describe('currencyExponent', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
  ])('%s has %i minor digits', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });
});

describe('scaledRate', () => {
  it.each([
    ['1.0823', { amount: 10823n, scale: 4n }],
    ['150', { amount: 150n, scale: 0n }],
    ['0.920000', { amount: 92n, scale: 2n }],
    ['0.123456789123', { amount: 12345678n, scale: 8n }],
  ])('%s', (rate, expected) => {
    expect(scaledRate(rate)).toEqual(expected);
  });

  it('refuses what is not a decimal', () => {
    expect(() => scaledRate('-1')).toThrow('not a rate');
  });
});

describe('convertAmount', () => {
  const cases: Array<[string, number, string, string, string, RoundingRule, number]> = [
    // label, minor, from, to, rate, rounding, expected
    ['USD to EUR', 2800, 'USD', 'EUR', '0.92', 'none', 2576],
    ['half a cent rounds up', 1, 'USD', 'EUR', '0.5', 'none', 1],
    ['below half a cent rounds down', 1, 'USD', 'EUR', '0.49', 'none', 0],
    ['USD to JPY: no minor units', 2800, 'USD', 'JPY', '151.37', 'none', 4238],
    ['USD to KWD: three digits', 2800, 'USD', 'KWD', '0.3075', 'none', 8610],
    ['JPY to USD', 4200, 'JPY', 'USD', '0.0066', 'none', 2772],
    ['whole: up to the next unit', 2576, 'USD', 'EUR', '1', 'whole', 2600],
    ['whole: a whole amount stays', 2600, 'USD', 'EUR', '1', 'whole', 2600],
    ['x.99 from below', 2576, 'USD', 'EUR', '1', 'x.99', 2599],
    ['x.99 stays', 2599, 'USD', 'EUR', '1', 'x.99', 2599],
    ['x.99 from a whole amount', 2600, 'USD', 'EUR', '1', 'x.99', 2699],
    ['x.95 from below', 2590, 'USD', 'EUR', '1', 'x.95', 2595],
    ['x.95 from above', 2596, 'USD', 'EUR', '1', 'x.95', 2695],
    ['x.99 in yen is whole yen', 2800, 'USD', 'JPY', '151.37', 'x.99', 4238],
    ['x.99 in KWD', 2800, 'USD', 'KWD', '0.3075', 'x.99', 8990],
    ['zero stays zero', 0, 'USD', 'EUR', '0.92', 'x.99', 0],
    ['the base currency as it is', 2800, 'USD', 'USD', '1', 'none', 2800],
    ['large amounts stay exact', 2_000_000_001, 'USD', 'JPY', '151.37', 'none', 3_027_400_002],
  ];
  it.each(cases)('%s', (_label, minor, from, to, rate, rounding, expected) => {
    expect(convertAmount(minor, from, to, rate, rounding)).toBe(expected);
  });
});

describe('applyRounding', () => {
  it.each([
    [1n, 2, 'whole' as const, 100n],
    [101n, 2, 'x.99' as const, 199n],
    [99n, 2, 'x.95' as const, 195n],
  ])('%s', (minor, exponent, rule, expected) => {
    expect(applyRounding(minor, exponent, rule)).toBe(expected);
  });
});

describe('toBaseAmount', () => {
  it.each([
    ['EUR back to USD', 2576, 'EUR', 'USD', '0.92', 2800],
    ['JPY back to USD', 4238, 'JPY', 'USD', '151.37', 2800],
    ['KWD back to USD', 8610, 'KWD', 'USD', '0.3075', 2800],
    ['the base currency as it is', 1234, 'USD', 'USD', '1', 1234],
  ])('%s', (_label, minor, currency, base, rate, expected) => {
    expect(toBaseAmount(minor, currency, base, rate)).toBe(expected);
  });
});
