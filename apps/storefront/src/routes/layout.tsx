import type { SiteMenuLink } from '@cartwheel/shared/contracts/content';
import { imageOf } from '@cartwheel/shared/images';
import { Button } from '@cartwheel/ui/button';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { TestModeBanner } from '../components/layout/test-mode-banner.tsx';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { CartButton } from '../features/cart/components/cart-button.tsx';
import type { CheckoutSlot } from '../features/cart/components/cart-context.ts';
import { CartProvider } from '../features/cart/components/cart-provider.tsx';
import { categoryTreeQueryOptions } from '../features/catalog/api/get-category-tree.ts';
import { CategoryMenu } from '../features/catalog/components/category-menu.tsx';
import { SearchBox } from '../features/catalog/components/search-box.tsx';
import { AnnouncementBar } from '../features/content/components/announcement-bar.tsx';
import { WishlistLink } from '../features/wishlist/components/wishlist-link.tsx';
import { WishlistMerge } from '../features/wishlist/components/wishlist-merge.tsx';
import { useT } from '../i18n/i18n.tsx';
import { siteQuery, useSite } from '../lib/site.ts';

// The checkout buttons load with the cart panel, not with the first page.
const CheckoutButtons = lazy(() =>
  import('../features/checkout/components/checkout-buttons.tsx').then((m) => ({
    default: m.CheckoutButtons,
  })),
);

function CheckoutFallback() {
  const t = useT();
  return (
    <Button className="w-full" size="lg" disabled>
      {t('cart.checkout')}
    </Button>
  );
}

const checkoutSlot: CheckoutSlot = ({ cart, closeCart }) => (
  <Suspense fallback={<CheckoutFallback />}>
    <CheckoutButtons cart={cart} onDone={closeCart} />
  </Suspense>
);

export const handle: RouteHandle = {
  prefetch: ({ queryClient }) =>
    Promise.all([queryClient.prefetchQuery(siteQuery), queryClient.prefetchQuery(categoryTreeQueryOptions)]),
};

/** The header's links while the site loads (it is prefetched, so only after a failed load). */
const DEFAULT_HEADER: SiteMenuLink[] = [
  { label: '', to: '/', shop: 'home' },
  { label: '', to: '/products', shop: 'catalog' },
  { label: '', to: '/products', shop: 'categories' },
];

/** The shop's colours as the theme's variables (white text on both, checked when they are saved). */
function themeCss(store: { primary_color: string; accent_color: string }): string {
  return `:root{--primary:${store.primary_color};--primary-foreground:#ffffff;--ring:${store.primary_color};--shop-accent:${store.accent_color}}`;
}

/** The storefront frame: header, the current page, footer; the cart (and its panel) around them all. */
export function RootLayout() {
  const t = useT();
  const site = useSite().data;
  const shopName = site?.store.name ?? 'Cartwheel';
  return (
    <CartProvider checkout={checkoutSlot}>
      {site ? (
        <>
          <meta name="theme-color" content={site.store.primary_color} />
          <style>{themeCss(site.store)}</style>
        </>
      ) : null}
      <div className="flex min-h-svh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
        >
          {t('layout.skipToContent')}
        </a>
        <TestModeBanner />
        {site ? <AnnouncementBar announcement={site.announcement} /> : null}
        <SiteHeader
          shopName={shopName}
          logo={site?.store.logo_url ? imageOf(site.images, site.store.logo_url) : null}
          search={<SearchBox />}
          links={site?.menus.header ?? DEFAULT_HEADER}
          categories={<CategoryMenu />}
          actions={
            <>
              <WishlistLink />
              <CartButton />
              <AccountMenu />
            </>
          }
        />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter
          legalName={site?.store.legal_name || shopName}
          year={site?.year ?? null}
          links={site?.menus.footer ?? []}
        />
        <ScrollRestoration />
        <WishlistMerge />
      </div>
    </CartProvider>
  );
}
