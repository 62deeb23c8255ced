import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  currencyExponent,
  currencySymbol,
  formatMoney,
  isCurrencyCode,
  toMajorString,
  toMinorUnits,
} from './money.ts';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it.each([
    [2800, 'USD', 'en-US', '$28.00'],
    [-500, 'USD', 'en-US', '-$5.00'],
    [123_456_789, 'USD', 'en-US', '$1,234,567.89'],
    [2800, 'EUR', 'de-DE', '28,00\u00a0€'],
    [-2800, 'EUR', 'de-DE', '-28,00\u00a0€'],
    [2800, 'EUR', 'en-US', '€28.00'],
    [2800, 'JPY', 'en-US', '¥2,800'],
    [2800, 'JPY', 'ja-JP', '￥2,800'],
    [-2800, 'JPY', 'ja-JP', '-￥2,800'],
    [1234, 'KWD', 'en-US', 'KWD\u00a01.234'],
    [-1, 'KWD', 'en-US', '-KWD\u00a00.001'],
    [2800, 'USD', 'de-DE', '28,00\u00a0$'],
    [1999, 'GBP', 'en-GB', '£19.99'],
    [2800, 'CAD', 'fr-CA', '28,00\u00a0$'],
  ])('%i %s in %s is %s', (minor, currency, locale, written) => {
    expect(formatMoney(minor, currency, locale)).toBe(written);
  });

  it('writes US dollars in en-US exactly as Intl.NumberFormat does', () => {
    const samples = [1, 5, 10, 99, 100, 101, 1005, 12_345, 99_999, 100_000, 123_456_789, 100_000_000_000];
    for (const cents of [0, ...samples, ...samples.map((c) => -c)]) {
      expect(formatMoney(cents, 'USD'), `${cents} cents`).toBe(intl.format(cents / 100));
    }
  });

  it('shows nothing, and minus zero, as zero', () => {
    expect(formatMoney(null, 'USD')).toBe('$0.00');
    expect(formatMoney(undefined, 'EUR', 'de-DE')).toBe('0,00\u00a0€');
    expect(formatMoney(-0, 'JPY')).toBe('¥0');
  });

  it('refuses a code that is not ISO 4217', () => {
    expect(() => formatMoney(100, 'XYZ')).toThrow(RangeError);
  });
});

describe('currencies', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
  ])('%s has %i decimals', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it('knows the ISO codes and nothing else', () => {
    expect(CURRENCY_CODES).toContain('USD');
    expect(CURRENCY_CODES).toContain('JPY');
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});

describe('currencySymbol', () => {
  it.each([
    ['USD', 'en-US', '$'],
    ['EUR', 'en-US', '€'],
    ['JPY', 'en-US', '¥'],
    ['KWD', 'en-US', 'KWD'],
    ['EUR', 'de-DE', '€'],
  ])('%s in %s is %s', (currency, locale, symbol) => {
    expect(currencySymbol(currency, locale)).toBe(symbol);
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['12.50', 'USD', 1250],
    ['12.5', 'USD', 1250],
    ['1,234.56', 'USD', 123_456],
    [' 7 ', 'USD', 700],
    ['.99', 'USD', 99],
    ['1.005', 'USD', 101],
    ['1.004', 'USD', 100],
    ['-5.00', 'USD', -500],
    ['-0.004', 'USD', 0],
    [12.5, 'USD', 1250],
    [1.005, 'USD', 101],
    ['2800', 'JPY', 2800],
    ['2800.5', 'JPY', 2801],
    ['1.2345', 'KWD', 1235],
    ['1.234', 'KWD', 1234],
    ['', 'USD', 0],
    ['abc', 'USD', 0],
    ['1e3', 'USD', 0],
    [null, 'USD', 0],
    [Number.NaN, 'USD', 0],
  ])('%j in %s is %i', (input, currency, minor) => {
    expect(toMinorUnits(input, currency)).toBe(minor);
  });
});

describe('toMajorString', () => {
  it.each([
    [1250, 'USD', '12.50'],
    [0, 'USD', '0.00'],
    [-500, 'USD', '-5.00'],
    [2800, 'JPY', '2800'],
    [1234, 'KWD', '1.234'],
    [null, 'EUR', '0.00'],
  ])('%j %s is %s', (minor, currency, major) => {
    expect(toMajorString(minor, currency)).toBe(major);
  });

  it('reads back what it writes', () => {
    for (const currency of ['USD', 'JPY', 'KWD']) {
      for (const minor of [0, 1, 99, 1005, 123_456]) {
        expect(toMinorUnits(toMajorString(minor, currency), currency)).toBe(minor);
      }
    }
  });
});
