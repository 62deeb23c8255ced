import { ROLE_PERMISSIONS } from '@cartwheel/shared/permissions';
import { describe, expect, it } from 'vitest';
import { inSection, MAIN_NAV, visibleNav } from './nav-items.ts';

const labels = (items: { label: string; children?: { label: string }[] }[]) =>
  items.map((i) =>
    i.children?.length ? `${i.label} [${i.children.map((c) => c.label).join(', ')}]` : i.label,
  );

describe('the sidebar main entries', () => {
  it('group the screens of a section under it, and show a member only what they hold', () => {
    const staff = new Set<string>(ROLE_PERMISSIONS.staff);
    const visible = visibleNav(MAIN_NAV, (p) => staff.has(p));
    expect(labels(visible)).not.toContain('Marketing');
    expect(visible.find((i) => i.label === 'Products')?.children?.map((c) => c.label)).toContain(
      'Categories',
    );
    const admin = labels(visibleNav(MAIN_NAV, () => true));
    expect(admin).toContain('Orders [Returns]');
    expect(admin).toContain('Marketing [Campaigns]');
  });

  it('lift a child to the top when its parent is closed to the member', () => {
    const onlyReviews = visibleNav(MAIN_NAV, (p) => p === 'reviews.moderate');
    expect(labels(onlyReviews)).toEqual(['Reviews']);
  });

  it('open a section on its own page, its children and the pages below them', () => {
    const orders = MAIN_NAV.find((i) => i.label === 'Orders')!;
    expect(inSection('/orders', orders)).toBe(true);
    expect(inSection('/orders/6b1f2c9e', orders)).toBe(true);
    expect(inSection('/returns/abc', orders)).toBe(true);
    expect(inSection('/ordersx', orders)).toBe(false);
    expect(inSection('/products', orders)).toBe(false);
    const home = MAIN_NAV.find((i) => i.label === 'Home')!;
    expect(inSection('/orders', home)).toBe(false);
  });
});
