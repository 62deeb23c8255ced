import type { Permission } from '@cartwheel/shared/permissions';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthRoute } from '../routes/auth.tsx';
import { NotFoundRoute } from '../routes/not-found.tsx';
import { RouteError } from '../routes/route-error.tsx';
import { AdminShell } from './layout/admin-shell.tsx';
import { ProtectedRoute } from './protected-route.tsx';

/**
 * A screen whose code loads the first time it is visited: the back office is split by route, so each
 * screen downloads what it uses (the router keeps the current page until the next one has loaded).
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return { lazy: async () => ({ Component: (await load())[name] }) } satisfies Partial<RouteObject>;
}

type GuardedScreen = ReturnType<typeof screen> & { permission: Permission } & (
    | { index: true }
    | { path: string }
  );

/** Each screen behind the guard of its permission, which wraps the lazily loaded page. */
const guarded = (screens: GuardedScreen[]): RouteObject[] =>
  screens.map(({ permission, ...route }) => ({
    element: (
      <ProtectedRoute permission={permission}>
        <Outlet />
      </ProtectedRoute>
    ),
    children: [route],
  }));

/** Paths below are relative to the basename: "/orders" is /admin/orders in the address bar. */
export const ADMIN_BASENAME = '/admin';

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
            {
              index: true,
              permission: 'orders.read',
              ...screen(() => import('../routes/dashboard.tsx'), 'DashboardRoute'),
            },
            {
              path: 'analytics',
              permission: 'analytics.read',
              ...screen(() => import('../routes/analytics.tsx'), 'AnalyticsRoute'),
            },
            {
              path: 'products',
              permission: 'products.read',
              ...screen(() => import('../routes/products.tsx'), 'ProductsRoute'),
            },
            {
              path: 'products/new',
              permission: 'products.write',
              ...screen(() => import('../routes/products-edit.tsx'), 'ProductEditRoute'),
            },
            {
              path: 'products/:productId',
              permission: 'products.read',
              ...screen(() => import('../routes/products-edit.tsx'), 'ProductEditRoute'),
            },
            {
              path: 'categories',
              permission: 'products.read',
              ...screen(() => import('../routes/categories.tsx'), 'CategoriesRoute'),
            },
            {
              path: 'orders',
              permission: 'orders.read',
              ...screen(() => import('../routes/orders.tsx'), 'OrdersRoute'),
            },
            {
              path: 'orders/:orderId',
              permission: 'orders.read',
              ...screen(() => import('../routes/order.tsx'), 'OrderRoute'),
            },
            {
              path: 'orders/:orderId/edit',
              permission: 'orders.edit',
              ...screen(() => import('../routes/order-edit.tsx'), 'OrderEditRoute'),
            },
            {
              path: 'customers',
              permission: 'customers.read',
              ...screen(() => import('../routes/customers.tsx'), 'CustomersRoute'),
            },
            {
              path: 'customers/:customerId',
              permission: 'customers.read',
              ...screen(() => import('../routes/customer.tsx'), 'CustomerRoute'),
            },
            {
              path: 'customer-groups',
              permission: 'customers.read',
              ...screen(() => import('../routes/customer-groups.tsx'), 'CustomerGroupsRoute'),
            },
            {
              path: 'price-lists',
              permission: 'customers.read',
              ...screen(() => import('../routes/price-lists.tsx'), 'PriceListsRoute'),
            },
            {
              path: 'price-lists/new',
              permission: 'wholesale.manage',
              ...screen(() => import('../routes/price-list.tsx'), 'PriceListRoute'),
            },
            {
              path: 'price-lists/:priceListId',
              permission: 'customers.read',
              ...screen(() => import('../routes/price-list.tsx'), 'PriceListRoute'),
            },
            {
              path: 'content',
              permission: 'content.read',
              ...screen(() => import('../routes/content.tsx'), 'ContentRoute'),
            },
            {
              path: 'translations',
              permission: 'content.read',
              ...screen(() => import('../routes/translations.tsx'), 'TranslationsRoute'),
            },
            {
              path: 'translations/:type/:key',
              permission: 'content.read',
              ...screen(() => import('../routes/translate.tsx'), 'TranslateRoute'),
            },
            {
              path: 'channels/pos',
              permission: 'pos.use',
              ...screen(() => import('../routes/pos.tsx'), 'PosRoute'),
            },
            {
              path: 'channels/pos/new',
              permission: 'pos.use',
              ...screen(() => import('../routes/pos-draft.tsx'), 'PosDraftRoute'),
            },
            {
              path: 'channels/pos/:draftId',
              permission: 'pos.use',
              ...screen(() => import('../routes/pos-draft.tsx'), 'PosDraftRoute'),
            },
            {
              path: 'discounts',
              permission: 'discounts.manage',
              ...screen(() => import('../routes/discounts.tsx'), 'DiscountsRoute'),
            },
            {
              path: 'discounts/new',
              permission: 'discounts.manage',
              ...screen(() => import('../routes/discount-edit.tsx'), 'DiscountEditRoute'),
            },
            {
              path: 'discounts/:discountId',
              permission: 'discounts.manage',
              ...screen(() => import('../routes/discount-edit.tsx'), 'DiscountEditRoute'),
            },
            {
              path: 'gift-cards',
              permission: 'gift_cards.read',
              ...screen(() => import('../routes/gift-cards.tsx'), 'GiftCardsRoute'),
            },
            {
              path: 'gift-cards/:giftCardId',
              permission: 'gift_cards.read',
              ...screen(() => import('../routes/gift-card.tsx'), 'GiftCardRoute'),
            },
            {
              path: 'returns',
              permission: 'returns.read',
              ...screen(() => import('../routes/returns.tsx'), 'ReturnsRoute'),
            },
            {
              path: 'returns/:returnId',
              permission: 'returns.read',
              ...screen(() => import('../routes/return.tsx'), 'ReturnRoute'),
            },
            {
              path: 'reviews',
              permission: 'reviews.moderate',
              ...screen(() => import('../routes/reviews.tsx'), 'ReviewsRoute'),
            },
            {
              path: 'marketing',
              permission: 'marketing.manage',
              ...screen(() => import('../routes/marketing.tsx'), 'MarketingRoute'),
            },
            {
              path: 'segments',
              permission: 'campaigns.manage',
              ...screen(() => import('../routes/segments.tsx'), 'SegmentsRoute'),
            },
            {
              path: 'campaigns',
              permission: 'campaigns.manage',
              ...screen(() => import('../routes/campaigns.tsx'), 'CampaignsRoute'),
            },
            {
              path: 'campaigns/:campaignId',
              permission: 'campaigns.manage',
              ...screen(() => import('../routes/campaign.tsx'), 'CampaignRoute'),
            },
            {
              path: 'stock-alerts',
              permission: 'stock_alerts.read',
              ...screen(() => import('../routes/stock-alerts.tsx'), 'StockAlertsRoute'),
            },
            {
              path: 'finances',
              permission: 'finances.read',
              ...screen(() => import('../routes/finances.tsx'), 'FinancesRoute'),
            },
            {
              path: 'channels/shop',
              permission: 'channels.manage',
              ...screen(() => import('../routes/shop-channel.tsx'), 'ShopChannelRoute'),
            },
            {
              path: 'team',
              permission: 'team.manage',
              ...screen(() => import('../routes/team.tsx'), 'TeamRoute'),
            },
            {
              path: 'settings',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings.tsx'), 'SettingsRoute'),
            },
            {
              path: 'settings/shipping',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-shipping.tsx'), 'SettingsShippingRoute'),
            },
            {
              path: 'settings/shipping/zones/new',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-zone.tsx'), 'SettingsZoneRoute'),
            },
            {
              path: 'settings/shipping/zones/:zoneId',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-zone.tsx'), 'SettingsZoneRoute'),
            },
            {
              path: 'settings/shipping/taxes/new',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-tax-place.tsx'), 'SettingsTaxPlaceRoute'),
            },
            {
              path: 'settings/shipping/taxes/:place',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-tax-place.tsx'), 'SettingsTaxPlaceRoute'),
            },
            {
              path: 'settings/checkout',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-checkout.tsx'), 'SettingsCheckoutRoute'),
            },
            {
              path: 'settings/locations',
              permission: 'products.read',
              ...screen(() => import('../routes/locations.tsx'), 'LocationsRoute'),
            },
            {
              path: 'transfers',
              permission: 'products.read',
              ...screen(() => import('../routes/transfers.tsx'), 'TransfersRoute'),
            },
            {
              path: 'settings/documents',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-documents.tsx'), 'SettingsDocumentsRoute'),
            },
            {
              path: 'settings/payments',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-payments.tsx'), 'SettingsPaymentsRoute'),
            },
            {
              path: 'settings/markets',
              permission: 'markets.read',
              ...screen(() => import('../routes/settings-markets.tsx'), 'SettingsMarketsRoute'),
            },
            {
              path: 'settings/markets/new',
              permission: 'markets.write',
              ...screen(() => import('../routes/settings-market.tsx'), 'SettingsMarketRoute'),
            },
            {
              path: 'settings/markets/:marketId',
              permission: 'markets.read',
              ...screen(() => import('../routes/settings-market.tsx'), 'SettingsMarketRoute'),
            },
            {
              path: 'settings/jobs',
              permission: 'settings.manage',
              ...screen(() => import('../routes/settings-jobs.tsx'), 'SettingsJobsRoute'),
            },
            {
              path: 'apps',
              permission: 'apps.manage',
              ...screen(() => import('../routes/apps.tsx'), 'AppsRoute'),
            },
            {
              path: 'channels/online-store',
              permission: 'settings.manage',
              ...screen(() => import('../routes/online-store.tsx'), 'OnlineStoreRoute'),
            },
            {
              path: 'emails',
              permission: 'settings.manage',
              ...screen(() => import('../routes/emails.tsx'), 'EmailsRoute'),
            },
            {
              path: 'audit-log',
              permission: 'audit.read',
              ...screen(() => import('../routes/audit-log.tsx'), 'AuditLogRoute'),
            },
            {
              path: 'emails/templates',
              permission: 'settings.manage',
              ...screen(() => import('../routes/email-templates.tsx'), 'EmailTemplatesRoute'),
            },
          ]),
          // An app's own page: every member may open it; the server refuses its frame if not.
          { path: 'apps/:appId', ...screen(() => import('../routes/app-page.tsx'), 'AppPageRoute') },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { basename: ADMIN_BASENAME },
  );
}
