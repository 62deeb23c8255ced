import { describe, expect, it, vi } from 'vitest';
import { capitalize, plural, pluralText } from './text.ts';

describe('capitalize', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalize('processing')).toBe('Processing');
    expect(capitalize('admin')).toBe('Admin');
    expect(capitalize('aBC')).toBe('ABC');
    expect(capitalize('')).toBe('');
  });
});

describe('plural', () => {
  it('writes the count with the singular for one and the plural otherwise', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(0, 'item')).toBe('0 items');
    expect(plural(3, 'product')).toBe('3 products');
    expect(plural(2, 'category', 'categories')).toBe('2 categories');
  });

  it('writes whole counts and picks their form exactly as Intl en-US does, without asking Intl', () => {
    const numbers = new Intl.NumberFormat('en-US');
    const rules = new Intl.PluralRules('en-US');
    const counts = [0, 1, -1, 2, -2, 11, 21, 101, 999, 1000, -1000, 12345, 999999, 1000000, -7654321];
    for (const count of [...counts, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      const expected = `${numbers.format(count)} ${rules.select(count) === 'one' ? 'thing' : 'things'}`;
      expect(plural(count, 'thing')).toBe(expected);
    }
  });

  it('loads no Intl locale data for whole counts, when the module loads or when it counts', async () => {
    vi.resetModules();
    const rules = vi.spyOn(Intl, 'PluralRules');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      const fresh = await import('./text.ts');
      expect(fresh.plural(3, 'item')).toBe('3 items');
      expect(rules).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      rules.mockRestore();
      numbers.mockRestore();
    }
  });

  it('writes fractions, minus zero and numbers past the safe integers as Intl does', () => {
    expect(plural(1.25, 'pound')).toBe('1.25 pounds');
    expect(plural(-0, 'item')).toBe('-0 items');
    expect(plural(1e21, 'atom')).toBe(`${new Intl.NumberFormat('en-US').format(1e21)} atoms`);
    const numbers = new Intl.NumberFormat('en-US');
    for (const count of [-1.5, -1234.5678, 0.0004, -0.0004, 1.0005, 2 ** 60, Number.NaN]) {
      expect(plural(count, 'unit').split(' ')[0]).toBe(numbers.format(count));
    }
  });

  it('writes large counts with en-US grouping and fractions in the plural', () => {
    expect(plural(1234, 'email')).toBe('1,234 emails');
    expect(plural(1.5, 'pound')).toBe('1.5 pounds');
  });
});

describe('pluralText', () => {
  const valid = { one: 'The row is valid', other: 'All # rows are valid' };

  it('picks the form that agrees with the count, verb included', () => {
    expect(pluralText(1, valid)).toBe('The row is valid');
    expect(pluralText(50, valid)).toBe('All 50 rows are valid');
    expect(pluralText(0, { one: '# row selected', other: '# rows selected' })).toBe('0 rows selected');
  });

  it('puts the count wherever # stands, every time', () => {
    expect(pluralText(2, { one: '# of #', other: '# and # rows' })).toBe('2 and 2 rows');
    expect(pluralText(1, { one: 'Generated # variant successfully', other: '' })).toBe(
      'Generated 1 variant successfully',
    );
  });
});
