import { describe, expect, it } from 'vitest';
import { toMajor, toMinor } from './minor-units.ts';

describe('prices typed in a market currency', () => {
  it.each([
    ['12.99', 'EUR', 1299],
    ['12.9', 'EUR', 1290],
    ['12', 'EUR', 1200],
    ['4200', 'JPY', 4200],
    ['1.234', 'KWD', 1234],
    ['', 'EUR', null],
    ['12.999', 'EUR', Number.NaN],
    ['4200.5', 'JPY', Number.NaN],
    ['-1', 'EUR', Number.NaN],
  ])('%s %s is %s minor units', (text, currency, expected) => {
    expect(toMinor(text, currency)).toBe(expected);
  });

  it.each([
    [1299, 'EUR', '12.99'],
    [5, 'EUR', '0.05'],
    [4200, 'JPY', '4200'],
    [1234, 'KWD', '1.234'],
    [null, 'EUR', ''],
  ])('%s in %s reads %s', (minor, currency, expected) => {
    expect(toMajor(minor, currency)).toBe(expected);
  });
});
