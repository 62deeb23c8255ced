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
import { SettingsPaymentsRoute } from '../routes/settings-payments.tsx';
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

export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/auth', element: <AuthRoute />, errorElement: <RouteError /> },
      {
        path: '/',
        // Every page but /auth sits behind the guard: staff or higher by default
        // (docs/product.md#roles-and-permissions).
        element: (
          <ProtectedRoute>
            <AdminShell />
          </ProtectedRoute>
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: 'analytics', element: <AnalyticsRoute /> },
          { path: 'products', element: <ProductsRoute /> },
          { path: 'products/new', element: <ProductEditRoute /> },
          { path: 'products/:productId', element: <ProductEditRoute /> },
          { path: 'categories', element: <CategoriesRoute /> },
          { path: 'orders', element: <OrdersRoute /> },
          { path: 'orders/:orderId', element: <OrderRoute /> },
          { path: 'customers', element: <CustomersRoute /> },
          { path: 'customers/:customerId', element: <CustomerRoute /> },
          // Content: staff read it, managers edit it (the form is read-only below manager).
          { path: 'content', element: <ContentRoute /> },
          // Translations: staff read them, managers translate (shipping methods: admins; the API checks).
          { path: 'translations', element: <TranslationsRoute /> },
          { path: 'translations/:type/:key', element: <TranslateRoute /> },
          // Point of Sale: staff build draft orders by hand.
          { path: 'channels/pos', element: <PosRoute /> },
          { path: 'channels/pos/new', element: <PosDraftRoute /> },
          { path: 'channels/pos/:draftId', element: <PosDraftRoute /> },
          // Discounts, Marketing, Finances and the Shop channel: managers and admins (the API's role table says the same).
          ...[
            { path: 'discounts', element: <DiscountsRoute /> },
            { path: 'discounts/new', element: <DiscountEditRoute /> },
            { path: 'discounts/:discountId', element: <DiscountEditRoute /> },
            { path: 'marketing', element: <MarketingRoute /> },
            { path: 'finances', element: <FinancesRoute /> },
            { path: 'channels/shop', element: <ShopChannelRoute /> },
          ].map(({ path, element }) => ({
            path,
            element: <ProtectedRoute requiredRole="manager">{element}</ProtectedRoute>,
          })),
          {
            path: 'team',
            element: (
              <ProtectedRoute requiredRole="admin">
                <TeamRoute />
              </ProtectedRoute>
            ),
          },
          ...[
            { path: 'settings', element: <SettingsRoute /> },
            { path: 'settings/shipping', element: <SettingsShippingRoute /> },
            { path: 'settings/shipping/zones/new', element: <SettingsZoneRoute /> },
            { path: 'settings/shipping/zones/:zoneId', element: <SettingsZoneRoute /> },
            { path: 'settings/shipping/taxes/new', element: <SettingsTaxPlaceRoute /> },
            { path: 'settings/shipping/taxes/:place', element: <SettingsTaxPlaceRoute /> },
            { path: 'settings/checkout', element: <SettingsCheckoutRoute /> },
            { path: 'settings/markets', element: <SettingsMarketsRoute /> },
            { path: 'settings/markets/new', element: <SettingsMarketRoute /> },
            { path: 'settings/markets/:marketId', element: <SettingsMarketRoute /> },
            { path: 'settings/payments', element: <SettingsPaymentsRoute /> },
            { path: 'settings/jobs', element: <SettingsJobsRoute /> },
            { path: 'apps', element: <AppsRoute /> },
            { path: 'channels/online-store', element: <OnlineStoreRoute /> },
          ].map(({ path, element }) => ({
            path,
            element: <ProtectedRoute requiredRole="admin">{element}</ProtectedRoute>,
          })),
          ...[
            { path: 'emails', element: <EmailsRoute /> },
            { path: 'emails/templates', element: <EmailTemplatesRoute /> },
          ].map(({ path, element }) => ({
            path,
            element: <ProtectedRoute requiredRole="admin">{element}</ProtectedRoute>,
          })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { basename: ADMIN_BASENAME },
  );
}
