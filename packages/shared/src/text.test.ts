import { describe, expect, it } from 'vitest';
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
