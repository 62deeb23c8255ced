import type { Permission } from '@cartwheel/shared/permissions';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from './accounts.service.ts';
import { requirePermission } from './viewer.ts';

/**
 * The one route table of the back office: every /api/admin route and the permission it needs
 * (`member`: anyone with a back-office role). The comments say which built-in roles have it
 * (packages/shared/src/permissions.ts). A route missing here stops the server from starting, and the
 * role-matrix test (admin-access.test.ts) calls every entry as every built-in role and a custom one.
 */
export const ADMIN_ROUTE_PERMISSIONS: Record<string, Permission | 'member'> = {
  'GET /api/admin/me': 'member',
  // Orders, customers, dashboard, analytics and search: staff read them and change order status and fulfilment.
  'GET /api/admin/dashboard': 'orders.read',
  'GET /api/admin/analytics': 'analytics.read',
  'GET /api/admin/search': 'orders.read',
  'GET /api/admin/orders': 'orders.read',
  'GET /api/admin/orders/export': 'orders.export',
  'GET /api/admin/orders/:orderId': 'orders.read',
  'PATCH /api/admin/orders/:orderId/status': 'orders.edit',
  'POST /api/admin/orders/:orderId/fulfil': 'orders.fulfil',
  'POST /api/admin/orders/:orderId/cancel': 'orders.edit',
  'POST /api/admin/orders/:orderId/deliver': 'orders.fulfil',
  // Refunds give money back: managers and admins (cancelling with a refund checks it too).
  'POST /api/admin/orders/:orderId/refunds': 'orders.refund',
  'POST /api/admin/orders/:orderId/revoke-links': 'orders.edit',
  'POST /api/admin/orders/:orderId/send-link': 'orders.edit',
  // Returns (returns/admin-returns.routes.ts): staff read, review and receive them; refunding one is a
  // refund (managers); the return window and address are settings (admins).
  'GET /api/admin/returns': 'returns.read',
  'GET /api/admin/returns/:returnId': 'returns.read',
  'GET /api/admin/returns/:returnId/label': 'returns.read',
  'POST /api/admin/returns/:returnId/approve': 'returns.manage',
  'POST /api/admin/returns/:returnId/label': 'returns.manage',
  'POST /api/admin/returns/:returnId/decline': 'returns.manage',
  'POST /api/admin/returns/:returnId/receive': 'returns.manage',
  'POST /api/admin/returns/:returnId/close': 'returns.manage',
  'POST /api/admin/returns/:returnId/refund': 'orders.refund',
  'GET /api/admin/settings/returns': 'settings.manage',
  'PUT /api/admin/settings/returns': 'settings.manage',
  'GET /api/admin/products/:productId/final-sale': 'products.read',
  'PUT /api/admin/products/:productId/final-sale': 'products.write',
  'GET /api/admin/products/:productId/gift-card': 'products.read',
  'PUT /api/admin/products/:productId/gift-card': 'products.write',
  // Printed documents (documents/documents.routes.ts): staff print them; printing an invoice first issues it.
  'GET /api/admin/orders/:orderId/packing-slip': 'orders.documents',
  'GET /api/admin/orders/:orderId/invoice': 'orders.documents',
  'GET /api/admin/orders/:orderId/documents': 'orders.documents',
  'GET /api/admin/orders/:orderId/credit-notes/:creditNoteId': 'orders.documents',
  'GET /api/admin/documents/packing-slips': 'orders.documents',
  'GET /api/admin/documents/invoices': 'orders.documents',
  'GET /api/admin/settings/documents': 'settings.manage',
  'PATCH /api/admin/settings/documents': 'settings.manage',
  // Editing a placed order (order-edits/): a lower total's refund also needs orders.refund.
  'GET /api/admin/orders/:orderId/edits': 'orders.read',
  'POST /api/admin/orders/:orderId/edits/preview': 'orders.edit',
  'POST /api/admin/orders/:orderId/edits': 'orders.edit',
  'POST /api/admin/orders/:orderId/edits/:editId/send-link': 'orders.edit',
  'GET /api/admin/customers': 'customers.read',
  'GET /api/admin/customers/export': 'customers.export',
  'GET /api/admin/customers/:customerId': 'customers.read',
  'POST /api/admin/customers/:customerId/invite': 'customers.write',
  'GET /api/admin/customers/tags': 'customers.read',
  'PUT /api/admin/customers/:customerId/tags': 'customers.write',
  'GET /api/admin/team': 'team.manage',
  'GET /api/admin/users': 'team.manage',
  'PUT /api/admin/team/:userId': 'team.manage',
  'DELETE /api/admin/team/:userId': 'team.manage',
  'GET /api/admin/settings': 'settings.manage',
  'PATCH /api/admin/settings': 'settings.manage',
  'POST /api/admin/team/:userId/reset-two-factor': 'team.manage',
  'GET /api/admin/roles': 'team.manage',
  'POST /api/admin/roles': 'team.manage',
  'PUT /api/admin/roles/:roleId': 'team.manage',
  'DELETE /api/admin/roles/:roleId': 'team.manage',
  'GET /api/admin/audit-log': 'audit.read',
  'GET /api/admin/emails': 'settings.manage',
  // Email templates (email/email.routes.ts): admins, like the outbox.
  'GET /api/admin/email-templates': 'settings.manage',
  'POST /api/admin/email-templates/:kind/preview': 'settings.manage',
  'PUT /api/admin/email-templates/:kind': 'settings.manage',
  // The job queue's health and retrying a failed job (jobs/jobs.routes.ts): admins only.
  'GET /api/admin/jobs': 'settings.manage',
  'POST /api/admin/jobs/:jobId/retry': 'settings.manage',
  // Shipping zones, tax rates and checkout settings (shipping/shipping.routes.ts): admins only.
  'GET /api/admin/shipping/zones': 'settings.manage',
  'POST /api/admin/shipping/zones': 'settings.manage',
  'GET /api/admin/shipping/zones/:zoneId': 'settings.manage',
  'PUT /api/admin/shipping/zones/:zoneId': 'settings.manage',
  'DELETE /api/admin/shipping/zones/:zoneId': 'settings.manage',
  'GET /api/admin/shipping/taxes': 'settings.manage',
  'POST /api/admin/shipping/taxes/standard': 'settings.manage',
  'PUT /api/admin/shipping/taxes/:place': 'settings.manage',
  'GET /api/admin/settings/checkout': 'settings.manage',
  'PATCH /api/admin/settings/checkout': 'settings.manage',
  'GET /api/admin/settings/payments': 'settings.manage',
  'PUT /api/admin/settings/payments': 'settings.manage',
  // Markets, exchange rates and fixed prices (markets/markets.routes.ts): staff read, managers and admins edit.
  'GET /api/admin/markets': 'markets.read',
  'POST /api/admin/markets': 'markets.write',
  'PUT /api/admin/markets/:marketId': 'markets.write',
  'DELETE /api/admin/markets/:marketId': 'markets.write',
  'PUT /api/admin/exchange-rates/:currency': 'markets.write',
  'DELETE /api/admin/exchange-rates/:currency': 'markets.write',
  'GET /api/admin/markets/:marketId/prices/:productId': 'markets.read',
  'PUT /api/admin/markets/:marketId/prices/:productId': 'markets.write',
  // Discounts (discounts/discounts.routes.ts): managers and admins.
  'GET /api/admin/discounts': 'discounts.manage',
  'POST /api/admin/discounts': 'discounts.manage',
  'GET /api/admin/discounts/:discountId': 'discounts.manage',
  'PUT /api/admin/discounts/:discountId': 'discounts.manage',
  'DELETE /api/admin/discounts/:discountId': 'discounts.manage',
  // Gift cards and store credit (gift-cards/gift-cards.routes.ts): managers read; admins issue money.
  'GET /api/admin/gift-cards': 'gift_cards.read',
  'POST /api/admin/gift-cards': 'gift_cards.issue',
  'GET /api/admin/gift-cards/:giftCardId': 'gift_cards.read',
  'PATCH /api/admin/gift-cards/:giftCardId': 'gift_cards.issue',
  'GET /api/admin/customers/:customerId/store-credit': 'customers.read',
  'POST /api/admin/customers/:customerId/store-credit': 'gift_cards.issue',
  // Reviews (reviews/reviews.routes.ts): staff moderate and reply; the settings are the shop's.
  'GET /api/admin/reviews': 'reviews.moderate',
  'PATCH /api/admin/reviews/:reviewId': 'reviews.moderate',
  'PATCH /api/admin/reviews/:reviewId/photos/:photoId': 'reviews.moderate',
  'GET /api/admin/reviews/settings': 'reviews.moderate',
  'PATCH /api/admin/reviews/settings': 'settings.manage',
  // Marketing: abandoned checkouts and recovery (marketing/marketing.routes.ts): managers and admins.
  'GET /api/admin/marketing/abandoned-checkouts': 'marketing.manage',
  'GET /api/admin/marketing/summary': 'marketing.manage',
  'GET /api/admin/marketing/settings': 'marketing.manage',
  'PATCH /api/admin/marketing/settings': 'marketing.manage',
  // Segments and campaigns (campaigns/campaigns.routes.ts): managers and admins. Sending and the send
  // rate are a permission of their own, so a custom role can write drafts that someone else sends.
  'GET /api/admin/segments': 'campaigns.manage',
  'POST /api/admin/segments': 'campaigns.manage',
  'POST /api/admin/segments/preview': 'campaigns.manage',
  'PUT /api/admin/segments/:segmentId': 'campaigns.manage',
  'DELETE /api/admin/segments/:segmentId': 'campaigns.manage',
  'GET /api/admin/campaigns': 'campaigns.manage',
  'POST /api/admin/campaigns': 'campaigns.manage',
  'GET /api/admin/campaigns/settings': 'campaigns.manage',
  'PATCH /api/admin/campaigns/settings': 'campaigns.send',
  'POST /api/admin/campaigns/preview': 'campaigns.manage',
  'GET /api/admin/campaigns/:campaignId': 'campaigns.manage',
  'PUT /api/admin/campaigns/:campaignId': 'campaigns.manage',
  'DELETE /api/admin/campaigns/:campaignId': 'campaigns.manage',
  'POST /api/admin/campaigns/:campaignId/test': 'campaigns.manage',
  'POST /api/admin/campaigns/:campaignId/send': 'campaigns.send',
  // Waiting for stock (stock-alerts/stock-alerts.routes.ts): shoppers' addresses, so managers and admins.
  'GET /api/admin/stock-alerts': 'stock_alerts.read',
  'GET /api/admin/stock-alerts/subscribers': 'stock_alerts.read',
  // The category tree (catalog/category-tree.routes.ts): staff read; managers and admins edit, as products.
  'GET /api/admin/categories': 'products.read',
  'POST /api/admin/categories': 'products.write',
  'PATCH /api/admin/categories/:categoryId': 'products.write',
  'POST /api/admin/categories/:categoryId/move': 'products.write',
  'DELETE /api/admin/categories/:categoryId': 'products.write',
  // Products (catalog/admin-products.routes.ts): staff read; managers write, import, export and use AI.
  'GET /api/admin/products': 'products.read',
  'POST /api/admin/products': 'products.write',
  'GET /api/admin/products/export': 'products.write',
  'POST /api/admin/products/import': 'products.write',
  'POST /api/admin/products/bulk': 'products.write',
  'GET /api/admin/products/:productId': 'products.read',
  'PATCH /api/admin/products/:productId': 'products.write',
  'DELETE /api/admin/products/:productId': 'products.write',
  'POST /api/admin/products/:productId/restore': 'products.write',
  'POST /api/admin/products/:productId/duplicate': 'products.write',
  'GET /api/admin/products/:productId/options': 'products.read',
  'POST /api/admin/products/:productId/options': 'products.write',
  'PATCH /api/admin/products/:productId/options/:optionId': 'products.write',
  'DELETE /api/admin/products/:productId/options/:optionId': 'products.write',
  'GET /api/admin/products/:productId/variants': 'products.read',
  'POST /api/admin/products/:productId/variants': 'products.write',
  'POST /api/admin/products/:productId/variants/generate': 'products.write',
  'PATCH /api/admin/products/:productId/variants/:variantId': 'products.write',
  'DELETE /api/admin/products/:productId/variants/:variantId': 'products.write',
  'POST /api/admin/products/:productId/images': 'products.write',
  'POST /api/admin/products/:productId/images/upload': 'products.write',
  'PATCH /api/admin/products/:productId/images/:imageId': 'products.write',
  'DELETE /api/admin/products/:productId/images/:imageId': 'products.write',
  'GET /api/admin/products/:productId/image-imports': 'products.read',
  'POST /api/admin/ai/improve-product': 'products.write',
  // Apps: API keys and outbound webhooks (apps/apps.routes.ts): admins only.
  'GET /api/admin/api-keys': 'apps.manage',
  'POST /api/admin/api-keys': 'apps.manage',
  'DELETE /api/admin/api-keys/:keyId': 'apps.manage',
  'GET /api/admin/webhooks': 'apps.manage',
  'POST /api/admin/webhooks': 'apps.manage',
  'PATCH /api/admin/webhooks/:endpointId': 'apps.manage',
  'DELETE /api/admin/webhooks/:endpointId': 'apps.manage',
  'POST /api/admin/webhooks/:endpointId/rotate-secret': 'apps.manage',
  'POST /api/admin/webhooks/:endpointId/resume': 'apps.manage',
  'GET /api/admin/webhooks/:endpointId/deliveries': 'apps.manage',
  'POST /api/admin/webhooks/deliveries/:deliveryId/resend': 'apps.manage',
  // Apps that draw in the back office (apps/app-extensions.routes.ts): admins register them; every
  // member sees their links and panels (a panel's frame also needs its page's permission, checked there).
  'GET /api/admin/apps': 'apps.manage',
  'POST /api/admin/apps': 'apps.manage',
  'DELETE /api/admin/apps/:appId': 'apps.manage',
  'GET /api/admin/app-extensions': 'member',
  'POST /api/admin/apps/:appId/frame': 'member',
  // The Shop sales channel: product feeds and which products they list (feeds/feeds.routes.ts).
  'GET /api/admin/channels/shop': 'channels.manage',
  'POST /api/admin/channels/shop/products': 'channels.manage',
  'GET /api/admin/products/:productId/sales-channels': 'products.read',
  'PUT /api/admin/products/:productId/sales-channels': 'channels.manage',
  // Wholesale (wholesale/wholesale.routes.ts): staff see groups and price lists; managers and admins
  // change them, a customer's group and exemption, and record invoices paid.
  'GET /api/admin/customer-groups': 'customers.read',
  'POST /api/admin/customer-groups': 'wholesale.manage',
  'PUT /api/admin/customer-groups/:groupId': 'wholesale.manage',
  'DELETE /api/admin/customer-groups/:groupId': 'wholesale.manage',
  'GET /api/admin/price-lists': 'customers.read',
  'GET /api/admin/price-lists/:priceListId': 'customers.read',
  'POST /api/admin/price-lists': 'wholesale.manage',
  'PUT /api/admin/price-lists/:priceListId': 'wholesale.manage',
  'DELETE /api/admin/price-lists/:priceListId': 'wholesale.manage',
  'GET /api/admin/customers/:customerId/wholesale': 'customers.read',
  'PUT /api/admin/customers/:customerId/wholesale': 'wholesale.manage',
  'POST /api/admin/wholesale/orders/:orderId/paid': 'wholesale.manage',
  // Stock locations, counts, history and transfers (locations/locations.routes.ts): staff see them and
  // send and receive transfers; managers count stock and manage locations.
  'GET /api/admin/locations': 'products.read',
  'POST /api/admin/locations': 'locations.manage',
  'PUT /api/admin/locations/:locationId': 'locations.manage',
  'GET /api/admin/products/:productId/stock': 'products.read',
  'PUT /api/admin/stock/levels': 'stock.adjust',
  'GET /api/admin/stock/history': 'products.read',
  'GET /api/admin/transfers': 'products.read',
  'GET /api/admin/transfers/:transferId': 'products.read',
  'POST /api/admin/transfers': 'stock.transfer',
  'POST /api/admin/transfers/:transferId/send': 'stock.transfer',
  'POST /api/admin/transfers/:transferId/receive': 'stock.transfer',
  'POST /api/admin/transfers/:transferId/cancel': 'stock.transfer',
  // Point of Sale: draft orders (draft-orders/draft-orders.routes.ts): staff build and place them.
  'GET /api/admin/draft-orders': 'pos.use',
  'POST /api/admin/draft-orders': 'pos.use',
  'POST /api/admin/draft-orders/quote': 'pos.use',
  'GET /api/admin/draft-orders/:draftId': 'pos.use',
  'PUT /api/admin/draft-orders/:draftId': 'pos.use',
  'DELETE /api/admin/draft-orders/:draftId': 'pos.use',
  'POST /api/admin/draft-orders/:draftId/mark-paid': 'pos.use',
  'POST /api/admin/draft-orders/:draftId/send-link': 'pos.use',
  'GET /api/admin/draft-orders/customers/:customerId/addresses': 'pos.use',
  // Finances (finances/finances.routes.ts): payments, refunds, tax and payouts: managers and admins.
  'GET /api/admin/finances': 'finances.read',
  'GET /api/admin/finances/ledger': 'finances.read',
  'GET /api/admin/finances/ledger/export': 'finances.read',
  // Content (content/content.routes.ts): staff read; managers edit the hero, announcement and pages.
  'GET /api/admin/content/home': 'content.read',
  'PUT /api/admin/content/home': 'content.write',
  'GET /api/admin/content/pages': 'content.read',
  'POST /api/admin/content/pages': 'content.write',
  'GET /api/admin/content/pages/:pageId': 'content.read',
  'PUT /api/admin/content/pages/:pageId': 'content.write',
  'DELETE /api/admin/content/pages/:pageId': 'content.write',
  'POST /api/admin/content/images': 'content.write',
  'GET /api/admin/menus': 'content.read',
  'PUT /api/admin/menus': 'content.write',
  // Translations (translations/translations.routes.ts): staff read; managers translate, as they edit
  // products and pages; a shipping method's translation also needs an admin (checked in the route).
  'GET /api/admin/translations/:type': 'content.read',
  'GET /api/admin/translations/:type/:key': 'content.read',
  'PUT /api/admin/translations': 'content.write',
  'POST /api/admin/translations/ai': 'content.write',
  'GET /api/admin/translations/export': 'content.write',
  'POST /api/admin/translations/import': 'content.write',
  // Online Store: the shop's name, logo, colours and default SEO: admins only.
  'GET /api/admin/online-store': 'settings.manage',
  'PATCH /api/admin/online-store': 'settings.manage',
};

/**
 * Routes a staff member without two-factor may still call when the shop requires it: who am I (so
 * the back office can show the user menu where it is enabled) and reading the setting itself.
 */
const TWO_FACTOR_EXEMPT = new Set(['GET /api/admin/me', 'GET /api/admin/settings']);

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** Attaches the permission check to every /api/admin route as it is registered. */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const needed = new Set(methods.map((m) => ADMIN_ROUTE_PERMISSIONS[routeKey(m, route.url)]));
    const [permission] = needed;
    if (needed.size !== 1 || !permission) {
      throw new Error(
        `${methods.join(',')} ${route.url} has no permission in ADMIN_ROUTE_PERMISSIONS (admin-access.ts)`,
      );
    }
    const checksTwoFactor = !methods.every((m) => TWO_FACTOR_EXEMPT.has(routeKey(m, route.url)));
    // onRequest: the permission is checked before the body is even parsed.
    const guard: onRequestHookHandler = async (request) => {
      const viewer = await requirePermission(request, permission);
      if (checksTwoFactor && !viewer.twoFactorEnabled) {
        const settings = await getShopSettings(request.server.db);
        if (settings.require_two_factor_for_staff) {
          throw new AppError(
            'forbidden',
            'two_factor_required',
            'Two-factor authentication is required for staff accounts. Enable it from your user menu.',
          );
        }
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}
