import { describe, expect, it } from 'vitest';
import { browseKind, browseMix } from './mixed.mjs';

describe('browseKind', () => {
  it('tells the list, the product JSON and the product page of the browse mix apart', () => {
    const paths = browseMix(['a-mug', 'a-cup']);
    expect(paths.map(browseKind)).toEqual([
      'list',
      'product JSON',
      'product page',
      'list',
      'product JSON',
      'product page',
    ]);
    expect(browseKind('/api/products?limit=20&category=bench-electronics')).toBe('list');
  });
});
