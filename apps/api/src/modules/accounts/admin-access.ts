import type { Role } from '@cartwheel/shared/constants';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from './accounts.service.ts';
import { requireRole } from './viewer.ts';

export type StaffRole = Exclude<Role, 'customer'>;

/**
 * The one route table of the back office: every /api/admin route and the least role that may call it
 * (staff < manager < admin). A route missing here stops the server from starting, and the
 * role-matrix test (admin-access.test.ts) calls every entry as every role.
 */
export const ADMIN_ROUTE_ROLES: Record<string, StaffRole> = {
  'GET /api/admin/me': 'staff',
  // Orders, customers, dashboard, analytics and search: staff read them and change order status and fulfilment.
  'GET /api/admin/dashboard': 'staff',
  'GET /api/admin/analytics': 'staff',
  'GET /api/admin/search': 'staff',
  'GET /api/admin/orders': 'staff',
  'GET /api/admin/orders/export': 'staff',
  'GET /api/admin/orders/:orderId': 'staff',
  'PATCH /api/admin/orders/:orderId/status': 'staff',
  'POST /api/admin/orders/:orderId/fulfil': 'staff',
  'POST /api/admin/orders/:orderId/cancel': 'staff',
  'POST /api/admin/orders/:orderId/deliver': 'staff',
  // Refunds give money back: managers and admins (cancelling with a refund checks it too).
  'POST /api/admin/orders/:orderId/refunds': 'manager',
  'POST /api/admin/orders/:orderId/revoke-links': 'staff',
  'POST /api/admin/orders/:orderId/send-link': 'staff',
  'GET /api/admin/customers': 'staff',
  'GET /api/admin/customers/:customerId': 'staff',
  'POST /api/admin/customers/:customerId/invite': 'staff',
  'GET /api/admin/team': 'admin',
  'GET /api/admin/users': 'admin',
  'PUT /api/admin/team/:userId': 'admin',
  'DELETE /api/admin/team/:userId': 'admin',
  'GET /api/admin/settings': 'admin',
  'PATCH /api/admin/settings': 'admin',
  'POST /api/admin/team/:userId/reset-two-factor': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/emails': 'admin',
  // Email templates (email/email.routes.ts): admins, like the outbox.
  'GET /api/admin/email-templates': 'admin',
  'POST /api/admin/email-templates/:kind/preview': 'admin',
  'PUT /api/admin/email-templates/:kind': 'admin',
  // The job queue's health and retrying a failed job (jobs/jobs.routes.ts): admins only.
  'GET /api/admin/jobs': 'admin',
  'POST /api/admin/jobs/:jobId/retry': 'admin',
  // Shipping zones, tax rates and checkout settings (shipping/shipping.routes.ts): admins only.
  'GET /api/admin/shipping/zones': 'admin',
  'POST /api/admin/shipping/zones': 'admin',
  'GET /api/admin/shipping/zones/:zoneId': 'admin',
  'PUT /api/admin/shipping/zones/:zoneId': 'admin',
  'DELETE /api/admin/shipping/zones/:zoneId': 'admin',
  'GET /api/admin/shipping/taxes': 'admin',
  'POST /api/admin/shipping/taxes/standard': 'admin',
  'PUT /api/admin/shipping/taxes/:place': 'admin',
  'GET /api/admin/settings/checkout': 'admin',
  'PATCH /api/admin/settings/checkout': 'admin',
  'GET /api/admin/settings/payments': 'admin',
  'PUT /api/admin/settings/payments': 'admin',
  // Markets, exchange rates and fixed prices (markets/markets.routes.ts): staff read, managers and admins edit.
  'GET /api/admin/markets': 'staff',
  'POST /api/admin/markets': 'manager',
  'PUT /api/admin/markets/:marketId': 'manager',
  'DELETE /api/admin/markets/:marketId': 'manager',
  'PUT /api/admin/exchange-rates/:currency': 'manager',
  'DELETE /api/admin/exchange-rates/:currency': 'manager',
  'GET /api/admin/markets/:marketId/prices/:productId': 'staff',
  'PUT /api/admin/markets/:marketId/prices/:productId': 'manager',
  // Discounts (discounts/discounts.routes.ts): managers and admins.
  'GET /api/admin/discounts': 'manager',
  'POST /api/admin/discounts': 'manager',
  'GET /api/admin/discounts/:discountId': 'manager',
  'PUT /api/admin/discounts/:discountId': 'manager',
  'DELETE /api/admin/discounts/:discountId': 'manager',
  // Marketing: abandoned checkouts and recovery (marketing/marketing.routes.ts): managers and admins.
  'GET /api/admin/marketing/abandoned-checkouts': 'manager',
  'GET /api/admin/marketing/summary': 'manager',
  'GET /api/admin/marketing/settings': 'manager',
  'PATCH /api/admin/marketing/settings': 'manager',
  // The category tree (catalog/category-tree.routes.ts): staff read; managers and admins edit, as products.
  'GET /api/admin/categories': 'staff',
  'POST /api/admin/categories': 'manager',
  'PATCH /api/admin/categories/:categoryId': 'manager',
  'POST /api/admin/categories/:categoryId/move': 'manager',
  'DELETE /api/admin/categories/:categoryId': 'manager',
  // Products (catalog/admin-products.routes.ts): staff read; managers write, import, export and use AI.
  'GET /api/admin/products': 'staff',
  'POST /api/admin/products': 'manager',
  'GET /api/admin/products/export': 'manager',
  'POST /api/admin/products/import': 'manager',
  'POST /api/admin/products/bulk': 'manager',
  'GET /api/admin/products/:productId': 'staff',
  'PATCH /api/admin/products/:productId': 'manager',
  'DELETE /api/admin/products/:productId': 'manager',
  'POST /api/admin/products/:productId/restore': 'manager',
  'POST /api/admin/products/:productId/duplicate': 'manager',
  'GET /api/admin/products/:productId/options': 'staff',
  'POST /api/admin/products/:productId/options': 'manager',
  'PATCH /api/admin/products/:productId/options/:optionId': 'manager',
  'DELETE /api/admin/products/:productId/options/:optionId': 'manager',
  'GET /api/admin/products/:productId/variants': 'staff',
  'POST /api/admin/products/:productId/variants': 'manager',
  'POST /api/admin/products/:productId/variants/generate': 'manager',
  'PATCH /api/admin/products/:productId/variants/:variantId': 'manager',
  'DELETE /api/admin/products/:productId/variants/:variantId': 'manager',
  'POST /api/admin/products/:productId/images': 'manager',
  'POST /api/admin/products/:productId/images/upload': 'manager',
  'PATCH /api/admin/products/:productId/images/:imageId': 'manager',
  'DELETE /api/admin/products/:productId/images/:imageId': 'manager',
  'GET /api/admin/products/:productId/image-imports': 'staff',
  'POST /api/admin/ai/improve-product': 'manager',
  // Apps: API keys and outbound webhooks (apps/apps.routes.ts): admins only.
  'GET /api/admin/api-keys': 'admin',
  'POST /api/admin/api-keys': 'admin',
  'DELETE /api/admin/api-keys/:keyId': 'admin',
  'GET /api/admin/webhooks': 'admin',
  'POST /api/admin/webhooks': 'admin',
  'PATCH /api/admin/webhooks/:endpointId': 'admin',
  'DELETE /api/admin/webhooks/:endpointId': 'admin',
  'POST /api/admin/webhooks/:endpointId/rotate-secret': 'admin',
  'POST /api/admin/webhooks/:endpointId/resume': 'admin',
  'GET /api/admin/webhooks/:endpointId/deliveries': 'admin',
  'POST /api/admin/webhooks/deliveries/:deliveryId/resend': 'admin',
  // The Shop sales channel: product feeds and which products they list (feeds/feeds.routes.ts).
  'GET /api/admin/channels/shop': 'manager',
  'POST /api/admin/channels/shop/products': 'manager',
  'GET /api/admin/products/:productId/sales-channels': 'staff',
  'PUT /api/admin/products/:productId/sales-channels': 'manager',
  // Point of Sale: draft orders (draft-orders/draft-orders.routes.ts): staff build and place them.
  'GET /api/admin/draft-orders': 'staff',
  'POST /api/admin/draft-orders': 'staff',
  'POST /api/admin/draft-orders/quote': 'staff',
  'GET /api/admin/draft-orders/:draftId': 'staff',
  'PUT /api/admin/draft-orders/:draftId': 'staff',
  'DELETE /api/admin/draft-orders/:draftId': 'staff',
  'POST /api/admin/draft-orders/:draftId/mark-paid': 'staff',
  'POST /api/admin/draft-orders/:draftId/send-link': 'staff',
  'GET /api/admin/draft-orders/customers/:customerId/addresses': 'staff',
  // Finances (finances/finances.routes.ts): payments, refunds, tax and payouts: managers and admins.
  'GET /api/admin/finances': 'manager',
  'GET /api/admin/finances/ledger': 'manager',
  'GET /api/admin/finances/ledger/export': 'manager',
  // Content (content/content.routes.ts): staff read; managers edit the hero, announcement and pages.
  'GET /api/admin/content/home': 'staff',
  'PUT /api/admin/content/home': 'manager',
  'GET /api/admin/content/pages': 'staff',
  'POST /api/admin/content/pages': 'manager',
  'GET /api/admin/content/pages/:pageId': 'staff',
  'PUT /api/admin/content/pages/:pageId': 'manager',
  'DELETE /api/admin/content/pages/:pageId': 'manager',
  'POST /api/admin/content/images': 'manager',
  // Translations (translations/translations.routes.ts): staff read; managers translate, as they edit
  // products and pages; a shipping method's translation also needs an admin (checked in the route).
  'GET /api/admin/translations/:type': 'staff',
  'GET /api/admin/translations/:type/:key': 'staff',
  'PUT /api/admin/translations': 'manager',
  'POST /api/admin/translations/ai': 'manager',
  'GET /api/admin/translations/export': 'manager',
  'POST /api/admin/translations/import': 'manager',
  // Online Store: the shop's name, logo, colours and default SEO: admins only.
  'GET /api/admin/online-store': 'admin',
  'PATCH /api/admin/online-store': 'admin',
};

/**
 * Routes a staff member without two-factor may still call when the shop requires it: who am I (so
 * the back office can show the user menu where it is enabled) and reading the setting itself.
 */
const TWO_FACTOR_EXEMPT = new Set(['GET /api/admin/me', 'GET /api/admin/settings']);

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** Attaches the role check to every /api/admin route as it is registered. */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const roles = new Set(methods.map((m) => ADMIN_ROUTE_ROLES[routeKey(m, route.url)]));
    const [minimum] = roles;
    if (roles.size !== 1 || !minimum) {
      throw new Error(`${methods.join(',')} ${route.url} has no role in ADMIN_ROUTE_ROLES (admin-access.ts)`);
    }
    const checksTwoFactor = !methods.every((m) => TWO_FACTOR_EXEMPT.has(routeKey(m, route.url)));
    // onRequest: the role is checked before the body is even parsed.
    const guard: onRequestHookHandler = async (request) => {
      const viewer = await requireRole(request, minimum);
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
