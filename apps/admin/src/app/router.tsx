import type { Permission } from '@cartwheel/shared/permissions';
import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { AnalyticsRoute } from '../routes/analytics.tsx';
import { AppsRoute } from '../routes/apps.tsx';
import { AuthRoute } from '../routes/auth.tsx';
import { CategoriesRoute } from '../routes/categories.tsx';
import { ContentRoute } from '../routes/content.tsx';
import { CustomerRoute } from '../routes/customer.tsx';
import { CustomersRoute } from '../routes/customers.tsx';
import { DashboardRoute } from '../routes/dashboard.tsx';
import { DiscountEditRoute } from '../routes/discount-edit.tsx';
import { DiscountsRoute } from '../routes/discounts.tsx';
import { EmailTemplatesRoute } from '../routes/email-templates.tsx';
import { EmailsRoute } from '../routes/emails.tsx';
import { FinancesRoute } from '../routes/finances.tsx';
import { MarketingRoute } from '../routes/marketing.tsx';
import { NotFoundRoute } from '../routes/not-found.tsx';
import { OnlineStoreRoute } from '../routes/online-store.tsx';
import { OrderRoute } from '../routes/order.tsx';
import { OrdersRoute } from '../routes/orders.tsx';
import { PosRoute } from '../routes/pos.tsx';
import { PosDraftRoute } from '../routes/pos-draft.tsx';
import { ProductsRoute } from '../routes/products.tsx';
import { ProductEditRoute } from '../routes/products-edit.tsx';
import { RouteError } from '../routes/route-error.tsx';
import { SettingsRoute } from '../routes/settings.tsx';
import { SettingsCheckoutRoute } from '../routes/settings-checkout.tsx';
import { SettingsJobsRoute } from '../routes/settings-jobs.tsx';
import { SettingsMarketRoute } from '../routes/settings-market.tsx';
import { SettingsMarketsRoute } from '../routes/settings-markets.tsx';
import { SettingsShippingRoute } from '../routes/settings-shipping.tsx';
import { SettingsTaxPlaceRoute } from '../routes/settings-tax-place.tsx';
import { SettingsZoneRoute } from '../routes/settings-zone.tsx';
import { ShopChannelRoute } from '../routes/shop-channel.tsx';
import { TeamRoute } from '../routes/team.tsx';
import { TranslateRoute } from '../routes/translate.tsx';
import { TranslationsRoute } from '../routes/translations.tsx';
import { AdminShell } from './layout/admin-shell.tsx';
import { ProtectedRoute } from './protected-route.tsx';

/** Paths below are relative to the basename: "/orders" is /admin/orders in the address bar. */
export const ADMIN_BASENAME = '/admin';

type GuardedPage = { element: ReactNode; permission: Permission } & ({ index: true } | { path: string });

/** Each page behind the guard of its permission. */
const guarded = (pages: GuardedPage[]) =>
  pages.map(({ element, permission, ...where }) => ({
    ...where,
    element: <ProtectedRoute permission={permission}>{element}</ProtectedRoute>,
  }));

export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/auth', element: <AuthRoute />, errorElement: <RouteError /> },
      {
        path: '/',
        // Every page but /auth sits behind the guard: a back-office role, then each page's
        // permission (docs/product.md#roles-and-permissions).
        element: (
          <ProtectedRoute>
            <AdminShell />
          </ProtectedRoute>
        ),
        errorElement: <RouteError />,
        children: [
          ...guarded([
            // Each page needs the permission its API reads with (accounts/admin-access.ts); the
            // sidebar hides what the viewer cannot open (nav-items.ts).
            { index: true, element: <DashboardRoute />, permission: 'orders.read' },
            { path: 'analytics', element: <AnalyticsRoute />, permission: 'analytics.read' },
            { path: 'products', element: <ProductsRoute />, permission: 'products.read' },
            { path: 'products/new', element: <ProductEditRoute />, permission: 'products.write' },
            { path: 'products/:productId', element: <ProductEditRoute />, permission: 'products.read' },
            { path: 'categories', element: <CategoriesRoute />, permission: 'products.read' },
            { path: 'orders', element: <OrdersRoute />, permission: 'orders.read' },
            { path: 'orders/:orderId', element: <OrderRoute />, permission: 'orders.read' },
            { path: 'customers', element: <CustomersRoute />, permission: 'customers.read' },
            { path: 'customers/:customerId', element: <CustomerRoute />, permission: 'customers.read' },
            { path: 'content', element: <ContentRoute />, permission: 'content.read' },
            { path: 'translations', element: <TranslationsRoute />, permission: 'content.read' },
            { path: 'translations/:type/:key', element: <TranslateRoute />, permission: 'content.read' },
            { path: 'channels/pos', element: <PosRoute />, permission: 'pos.use' },
            { path: 'channels/pos/new', element: <PosDraftRoute />, permission: 'pos.use' },
            { path: 'channels/pos/:draftId', element: <PosDraftRoute />, permission: 'pos.use' },
            { path: 'discounts', element: <DiscountsRoute />, permission: 'discounts.manage' },
            { path: 'discounts/new', element: <DiscountEditRoute />, permission: 'discounts.manage' },
            { path: 'discounts/:discountId', element: <DiscountEditRoute />, permission: 'discounts.manage' },
            { path: 'marketing', element: <MarketingRoute />, permission: 'marketing.manage' },
            { path: 'finances', element: <FinancesRoute />, permission: 'finances.read' },
            { path: 'channels/shop', element: <ShopChannelRoute />, permission: 'channels.manage' },
            { path: 'team', element: <TeamRoute />, permission: 'team.manage' },
            { path: 'settings', element: <SettingsRoute />, permission: 'settings.manage' },
            { path: 'settings/shipping', element: <SettingsShippingRoute />, permission: 'settings.manage' },
            {
              path: 'settings/shipping/zones/new',
              element: <SettingsZoneRoute />,
              permission: 'settings.manage',
            },
            {
              path: 'settings/shipping/zones/:zoneId',
              element: <SettingsZoneRoute />,
              permission: 'settings.manage',
            },
            {
              path: 'settings/shipping/taxes/new',
              element: <SettingsTaxPlaceRoute />,
              permission: 'settings.manage',
            },
            {
              path: 'settings/shipping/taxes/:place',
              element: <SettingsTaxPlaceRoute />,
              permission: 'settings.manage',
            },
            { path: 'settings/checkout', element: <SettingsCheckoutRoute />, permission: 'settings.manage' },
            { path: 'settings/markets', element: <SettingsMarketsRoute />, permission: 'markets.read' },
            { path: 'settings/markets/new', element: <SettingsMarketRoute />, permission: 'markets.write' },
            {
              path: 'settings/markets/:marketId',
              element: <SettingsMarketRoute />,
              permission: 'markets.read',
            },
            { path: 'settings/jobs', element: <SettingsJobsRoute />, permission: 'settings.manage' },
            { path: 'apps', element: <AppsRoute />, permission: 'apps.manage' },
            { path: 'channels/online-store', element: <OnlineStoreRoute />, permission: 'settings.manage' },
            { path: 'emails', element: <EmailsRoute />, permission: 'settings.manage' },
            { path: 'emails/templates', element: <EmailTemplatesRoute />, permission: 'settings.manage' },
          ]),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { basename: ADMIN_BASENAME },
  );
}
