import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it('formats cents exactly as Intl.NumberFormat en-US USD does', () => {
    const samples = [1, 5, 10, 99, 100, 101, 1005, 12_345, 99_999, 100_000, 123_456_789, 100_000_000_000];
    for (const cents of [0, ...samples, ...samples.map((c) => -c)]) {
      expect(formatMoney(cents), `${cents} cents`).toBe(intl.format(cents / 100));
    }
    for (let cents = 0; cents < 300_000; cents += 997) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    }
  });

  it('shows nothing, and minus zero, as $0.00 (Intl would write -$0.00 for the latter)', () => {
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
  });
});
