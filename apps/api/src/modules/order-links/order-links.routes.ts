import { customerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITED_MESSAGE } from '../accounts/rate-limit.ts';
import { orderByLink, revokeOrderLinks, sendOrderLink } from './order-links.ts';

/** Opening an order by link: per IP and minute, enough for a person, too few to guess tokens. */
const LINK_OPENS_PER_MINUTE = 30;

/** The guest's order page by signed link (public) and the back office's revoke button (staff). */
export const orderLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/orders/by-link/:token',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's page from the link in its confirmation email (no account needed)",
        params: z.object({ token: z.string().max(200, 'token is too long') }),
        response: { 200: customerOrderDetail, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const limited = await hitRateLimit(
        db,
        [{ key: `order-link:ip:${request.ip}`, limit: LINK_OPENS_PER_MINUTE }],
        60,
      );
      if (!limited.ok) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_MESSAGE);
      }
      // The page is the shopper's own: not kept by shared caches, and the token not sent onwards.
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return orderByLink(db, request.params.token);
    },
  );

  app.post(
    '/admin/orders/:orderId/revoke-links',
    {
      schema: {
        tags: ['admin'],
        summary: "End every link that opens this order's page without an account",
        params: z.object({ orderId: z.uuid('orderId must be a UUID') }),
        response: { 200: z.object({ revoked: z.number().int() }), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ revoked: await revokeOrderLinks(db, request.params.orderId) }),
  );

  app.post(
    '/admin/orders/:orderId/send-link',
    {
      schema: {
        tags: ['admin'],
        summary: 'Emails the guest a new link that opens their order without an account',
        params: z.object({ orderId: z.uuid('orderId must be a UUID') }),
        response: { 200: z.object({ to: z.string() }), 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => sendOrderLink({ ...app.checkout.ctx, db }, request.params.orderId),
  );
};
