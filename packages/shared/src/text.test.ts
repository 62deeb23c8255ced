import { describe, expect, it } from 'vitest';
import { capitalize, plural } from './text.ts';

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
});
