import { describe, expect, it, vi } from 'vitest';
import { formatEnUSDate, formatEnUSNumber, groupThousands } from './en-us.ts';

describe('en-US without Intl', () => {
  it('groups digits by three', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });

  it('writes numbers exactly as Intl en-US does, halves and carries included', () => {
    const values = [
      0,
      1,
      2,
      0.5,
      1.5,
      2.5,
      0.05,
      0.15,
      0.25,
      0.35,
      0.45,
      1.005,
      2.675,
      4.35,
      4.25,
      4.95,
      9.95,
      9.99,
      99.995,
      999.9995,
      1000,
      1234.5678,
      12345.05,
      999999.5,
      1e15 + 0.5,
      123456789012345680000,
      1 / 3,
      2 / 3,
      Math.PI,
      0.0004,
      0.0005,
      0.0015,
      3.14159e-7,
    ];
    // And 500 more over magnitudes and decimals, the same every run; and each of them negative.
    for (let i = 0; i < 500; i++) values.push(((i * 2654435761) % 10 ** (2 + (i % 7))) / 10 ** (i % 6));
    values.push(...values.filter((v) => v > 0).map((v) => -v));
    const options = [
      {},
      { minimumFractionDigits: 1, maximumFractionDigits: 1 },
      { maximumFractionDigits: 2 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { maximumFractionDigits: 0 },
      { minimumFractionDigits: 1 },
    ];
    for (const digits of options) {
      const intl = new Intl.NumberFormat('en-US', digits);
      for (const value of values)
        expect(formatEnUSNumber(value, digits), `${value} ${JSON.stringify(digits)}`).toBe(
          intl.format(value),
        );
    }
  });

  it('leaves minus zero, non-numbers and other styles to Intl, and writes negatives as Intl does', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [
      -1,
      -0,
      -1234.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1e21,
      -1e21,
    ]) {
      expect(formatEnUSNumber(value)).toBe(intl.format(value));
    }
    const percent = { style: 'percent' } as const;
    expect(formatEnUSNumber(0.25, percent)).toBe(new Intl.NumberFormat('en-US', percent).format(0.25));
  });

  it('writes short and long dates exactly as Intl en-US does', () => {
    const formats = {
      short: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: '2-digit' }),
      long: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: '2-digit' }),
    };
    for (let day = 0; day < 800; day += 3) {
      const date = new Date(2025, 0, 1 + day, 23, 59);
      for (const month of ['short', 'long'] as const)
        expect(formatEnUSDate(date, month)).toBe(formats[month].format(date));
    }
    const ancient = new Date(-1, 5, 1);
    expect(formatEnUSDate(ancient, 'short')).toBe(formats.short.format(ancient));
    expect(() => formatEnUSDate(new Date(Number.NaN), 'short')).toThrow(RangeError);
  });

  it('asks Intl nothing for a plain number or date', () => {
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatEnUSNumber(1234.5, { maximumFractionDigits: 2 })).toBe('1,234.5');
      expect(formatEnUSNumber(-1234.5)).toBe('-1,234.5');
      expect(formatEnUSDate(new Date(2026, 0, 5), 'short')).toBe('Jan 05, 2026');
      expect(numbers).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
    } finally {
      numbers.mockRestore();
      dates.mockRestore();
    }
  });
});
