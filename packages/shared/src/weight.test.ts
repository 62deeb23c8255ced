import { describe, expect, it } from 'vitest';
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
