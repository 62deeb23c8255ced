import { describe, expect, it, vi } from 'vitest';
import { formatWeight } from './weight.ts';

describe('a catalog weight (pounds) in a market unit', () => {
  it.each([
    [0.4, 'lb', 'en-US', '0.4 lb'],
    [4.2, 'lb', 'en-US', '4.2 lb'],
    [1, 'kg', 'en-US', '0.45 kg'],
    [0.4, 'kg', 'de-DE', '0,18 kg'],
    [4.2, 'kg', 'fr-FR', '1,91 kg'],
    [2.2046226, 'kg', 'es-ES', '1 kg'],
    [1.6, 'kg', 'ja-JP', '0.73 kg'],
    [0, 'kg', 'de-DE', '0 kg'],
  ] as const)('%s lb in %s for %s is %s', (pounds, unit, locale, expected) => {
    // Some locales put a no-break space between number and unit.
    expect(formatWeight(pounds, unit, locale).replace(/\s/g, ' ')).toBe(expected);
  });
});

describe('a weight in en-US', () => {
  it('is written as Intl writes it, without asking Intl', () => {
    const intl = (unit: string) =>
      new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 2 });
    const weights = [0, 0.004, 0.005, 0.4, 1, 1.005, 2.2046226, 4.2, 12.345, 1234.567];
    const expected = weights.map((pounds) => [
      intl('pound').format(pounds),
      intl('kilogram').format(pounds * 0.45359237),
    ]);
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      const written = weights.map((pounds) => [
        formatWeight(pounds, 'lb', 'en-US'),
        formatWeight(pounds, 'kg', 'en-US'),
      ]);
      expect(numbers).not.toHaveBeenCalled();
      expect(written).toEqual(expected);
    } finally {
      numbers.mockRestore();
    }
  });
});
