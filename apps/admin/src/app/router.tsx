import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthRoute } from '../routes/auth.tsx';
import { NotFoundRoute } from '../routes/not-found.tsx';
import { RouteError } from '../routes/route-error.tsx';
import { AdminShell } from './layout/admin-shell.tsx';
import { ProtectedRoute, type StaffRole } from './protected-route.tsx';

/**
 * A screen whose code loads the first time it is visited: the back office is split by route, so each
 * screen downloads what it uses (the router keeps the current page until the next one has loaded).
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return { lazy: async () => ({ Component: (await load())[name] }) } satisfies Partial<RouteObject>;
}

/** A screen behind a role: the guard wraps the lazily loaded page. */
const guarded =
  (requiredRole: StaffRole) =>
  (route: RouteObject): RouteObject => ({
    element: (
      <ProtectedRoute requiredRole={requiredRole}>
        <Outlet />
      </ProtectedRoute>
    ),
    children: [route],
  });

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
          { index: true, ...screen(() => import('../routes/dashboard.tsx'), 'DashboardRoute') },
          { path: 'analytics', ...screen(() => import('../routes/analytics.tsx'), 'AnalyticsRoute') },
          { path: 'products', ...screen(() => import('../routes/products.tsx'), 'ProductsRoute') },
          {
            path: 'products/new',
            ...screen(() => import('../routes/products-edit.tsx'), 'ProductEditRoute'),
          },
          {
            path: 'products/:productId',
            ...screen(() => import('../routes/products-edit.tsx'), 'ProductEditRoute'),
          },
          { path: 'categories', ...screen(() => import('../routes/categories.tsx'), 'CategoriesRoute') },
          { path: 'orders', ...screen(() => import('../routes/orders.tsx'), 'OrdersRoute') },
          { path: 'orders/:orderId', ...screen(() => import('../routes/order.tsx'), 'OrderRoute') },
          { path: 'customers', ...screen(() => import('../routes/customers.tsx'), 'CustomersRoute') },
          {
            path: 'customers/:customerId',
            ...screen(() => import('../routes/customer.tsx'), 'CustomerRoute'),
          },
          // Content: staff read it, managers edit it (the form is read-only below manager).
          { path: 'content', ...screen(() => import('../routes/content.tsx'), 'ContentRoute') },
          // Translations: staff read them, managers translate (shipping methods: admins; the API checks).
          {
            path: 'translations',
            ...screen(() => import('../routes/translations.tsx'), 'TranslationsRoute'),
          },
          {
            path: 'translations/:type/:key',
            ...screen(() => import('../routes/translate.tsx'), 'TranslateRoute'),
          },
          // Point of Sale: staff build draft orders by hand.
          { path: 'channels/pos', ...screen(() => import('../routes/pos.tsx'), 'PosRoute') },
          { path: 'channels/pos/new', ...screen(() => import('../routes/pos-draft.tsx'), 'PosDraftRoute') },
          {
            path: 'channels/pos/:draftId',
            ...screen(() => import('../routes/pos-draft.tsx'), 'PosDraftRoute'),
          },
          // Discounts, Marketing, Finances and the Shop channel: managers and admins (the API's role table says the same).
          ...[
            { path: 'discounts', ...screen(() => import('../routes/discounts.tsx'), 'DiscountsRoute') },
            {
              path: 'discounts/new',
              ...screen(() => import('../routes/discount-edit.tsx'), 'DiscountEditRoute'),
            },
            {
              path: 'discounts/:discountId',
              ...screen(() => import('../routes/discount-edit.tsx'), 'DiscountEditRoute'),
            },
            { path: 'marketing', ...screen(() => import('../routes/marketing.tsx'), 'MarketingRoute') },
            { path: 'finances', ...screen(() => import('../routes/finances.tsx'), 'FinancesRoute') },
            {
              path: 'channels/shop',
              ...screen(() => import('../routes/shop-channel.tsx'), 'ShopChannelRoute'),
            },
          ].map(guarded('manager')),
          ...[
            { path: 'team', ...screen(() => import('../routes/team.tsx'), 'TeamRoute') },
            { path: 'settings', ...screen(() => import('../routes/settings.tsx'), 'SettingsRoute') },
            {
              path: 'settings/shipping',
              ...screen(() => import('../routes/settings-shipping.tsx'), 'SettingsShippingRoute'),
            },
            {
              path: 'settings/shipping/zones/new',
              ...screen(() => import('../routes/settings-zone.tsx'), 'SettingsZoneRoute'),
            },
            {
              path: 'settings/shipping/zones/:zoneId',
              ...screen(() => import('../routes/settings-zone.tsx'), 'SettingsZoneRoute'),
            },
            {
              path: 'settings/shipping/taxes/new',
              ...screen(() => import('../routes/settings-tax-place.tsx'), 'SettingsTaxPlaceRoute'),
            },
            {
              path: 'settings/shipping/taxes/:place',
              ...screen(() => import('../routes/settings-tax-place.tsx'), 'SettingsTaxPlaceRoute'),
            },
            {
              path: 'settings/checkout',
              ...screen(() => import('../routes/settings-checkout.tsx'), 'SettingsCheckoutRoute'),
            },
            {
              path: 'settings/markets',
              ...screen(() => import('../routes/settings-markets.tsx'), 'SettingsMarketsRoute'),
            },
            {
              path: 'settings/markets/new',
              ...screen(() => import('../routes/settings-market.tsx'), 'SettingsMarketRoute'),
            },
            {
              path: 'settings/markets/:marketId',
              ...screen(() => import('../routes/settings-market.tsx'), 'SettingsMarketRoute'),
            },
            {
              path: 'settings/jobs',
              ...screen(() => import('../routes/settings-jobs.tsx'), 'SettingsJobsRoute'),
            },
            { path: 'apps', ...screen(() => import('../routes/apps.tsx'), 'AppsRoute') },
            {
              path: 'channels/online-store',
              ...screen(() => import('../routes/online-store.tsx'), 'OnlineStoreRoute'),
            },
            { path: 'emails', ...screen(() => import('../routes/emails.tsx'), 'EmailsRoute') },
            {
              path: 'emails/templates',
              ...screen(() => import('../routes/email-templates.tsx'), 'EmailTemplatesRoute'),
            },
          ].map(guarded('admin')),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { basename: ADMIN_BASENAME },
  );
}
