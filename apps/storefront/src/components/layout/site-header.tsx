import type { SiteMenuLink } from '@cartwheel/shared/contracts/content';
import { type ImageSource, LOGO_IMAGE_BOX, LOGO_IMAGE_SIZES } from '@cartwheel/shared/images';
import { cn } from '@cartwheel/ui/lib/utils';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { useToasterClearance } from '@cartwheel/ui/toaster-clearance';
import { Fragment, type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { LocalePicker } from './locale-picker.tsx';
import { Logo } from './logo.tsx';
import { MenuLink } from './menu-link.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-1.5 font-medium text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/**
 * The storefront's header with the shop's name and logo (the Cartwheel mark when it has none), the
 * header menu (`links`, edited in the back office); `search` (the search box) sits in the middle and
 * `actions` (the cart button and the account menu) at its end.
 */
export function SiteHeader({
  search,
  links,
  categories,
  actions,
  shopName,
  logo,
}: {
  search: ReactNode;
  links: SiteMenuLink[];
  /** The category menu, where the menu places it: a list item of its own, or nothing. */
  categories?: ReactNode;
  actions: ReactNode;
  shopName: string;
  /** The shop's logo and its copies; null draws the Cartwheel mark. */
  logo: ImageSource | null;
}) {
  const t = useT();
  const header = useRef<HTMLElement>(null);
  useToasterClearance(header);
  return (
    <header
      ref={header}
      className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 md:h-16 md:flex-nowrap md:gap-x-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-semibold text-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {logo ? (
            <ResponsiveImage
              image={logo}
              alt=""
              {...LOGO_IMAGE_BOX}
              sizes={LOGO_IMAGE_SIZES}
              eager
              className="size-7 rounded object-contain"
            />
          ) : (
            <Logo className="size-7 text-primary" />
          )}
          <span className="hidden sm:inline">{shopName}</span>
          <span className="sr-only sm:hidden">{t('header.home', { shopName })}</span>
        </Link>
        <nav aria-label={t('header.mainNav')}>
          <ul className="flex flex-wrap items-center gap-1">
            {links.map((link) =>
              link.shop === 'categories' ? (
                <Fragment key="categories">{categories}</Fragment>
              ) : (
                <li key={`${link.to}|${link.label}`}>
                  <MenuLink link={link} className={navLinkClass} />
                </li>
              ),
            )}
          </ul>
        </nav>
        {/* Full-width second row on phones, inline on wider screens. */}
        <div className="order-last w-full md:order-none md:ml-auto md:w-auto md:max-w-xs md:flex-1">
          {search}
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <LocalePicker className="hidden lg:block" />
          {actions}
        </div>
      </div>
    </header>
  );
}
