import type { SiteMenuLink } from '@cartwheel/shared/contracts/content';
import type { ComponentProps } from 'react';
import { NavLink } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';

/** The catalog keys naming the shop's own places when a menu item has no label of its own. */
const SHOP_LABELS = {
  home: 'header.homeLink',
  catalog: 'header.productsLink',
  categories: 'search.categories',
  gift_cards: 'footer.giftCards',
} as const;

/** A menu item's words: its own label, else the shop's name for the place in the shopper's language. */
export function useMenuLabel() {
  const t = useT();
  return (link: SiteMenuLink) => link.label || (link.shop ? t(SHOP_LABELS[link.shop]) : link.to);
}

/**
 * One link of a menu: a page of the shop through the router (the locale's prefix kept), an outside
 * address as a plain link. The home link is active on the home page only.
 */
export function MenuLink({
  link,
  className,
}: {
  link: SiteMenuLink;
  className: ComponentProps<typeof NavLink>['className'];
}) {
  const label = useMenuLabel()(link);
  if (/^https?:\/\//i.test(link.to)) {
    const plain =
      typeof className === 'function'
        ? className({ isActive: false, isPending: false, isTransitioning: false })
        : className;
    return (
      <a href={link.to} className={plain} rel="noopener">
        {label}
      </a>
    );
  }
  return (
    <NavLink to={link.to} end={link.to === '/'} className={className}>
      {label}
    </NavLink>
  );
}
