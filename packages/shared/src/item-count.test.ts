import { describe, expect, it } from 'vitest';
import { itemCount } from './item-count.ts';

describe('itemCount', () => {
  it('counts units, not lines', () => {
    expect(itemCount([{ quantity: 2 }, { quantity: 1 }])).toBe(3);
    expect(itemCount([{ quantity: 5 }])).toBe(5);
  });

  it('is 0 for no lines', () => {
    expect(itemCount([])).toBe(0);
  });
});
