import { describe, expect, it } from 'vitest';
import { authPath, safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it("keeps the shop's own paths and refuses everything else", () => {
    expect(safeReturnTo('/product/mug?x=1')).toBe('/product/mug?x=1');
    expect(safeReturnTo('//evil.example/x')).toBe('/account');
    expect(safeReturnTo('/\\evil.example')).toBe('/account');
    expect(safeReturnTo('https://evil.example')).toBe('/account');
    expect(safeReturnTo('javascript:alert(1)')).toBe('/account');
    expect(safeReturnTo(null)).toBe('/account');
    expect(safeReturnTo('/auth?redirectTo=/auth')).toBe('/account');
  });

  it('builds the sign-in path with the page to come back to', () => {
    expect(authPath('/products?q=mug')).toBe('/auth?redirectTo=%2Fproducts%3Fq%3Dmug');
    expect(authPath('//evil')).toBe('/auth?redirectTo=%2F');
  });
});
