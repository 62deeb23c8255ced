import { marketParam } from '@cartwheel/shared/contracts/catalog';
import {
  checkoutQuoteBody,
  checkoutReceipt,
  checkoutSession,
  completeCheckoutBody,
  completedCheckout,
  createCheckoutSessionBody,
} from '@cartwheel/shared/contracts/checkout';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { quoteResponse } from '@cartwheel/shared/contracts/pricing';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITED_HOURLY_MESSAGE } from '../accounts/rate-limit.ts';
import { requireViewer } from '../accounts/viewer.ts';
import { getCheckoutSettings } from '../shipping/destination.ts';
import type { Checkout } from './checkout.ts';
import { quoteCheckout } from './checkout-quote.ts';
import type { Buyer } from './create-checkout-session.ts';
import { boundGuestKey } from './guest-key.ts';
import { readReceipt } from './read-receipt.ts';

/** Guest checkouts one IP address may start per window (a shop's few shoppers behind one NAT fit). */
const GUEST_CHECKOUTS_PER_IP = 30;
const GUEST_WINDOW_SECONDS = 10 * 60;

/**
 * POST /api/checkout/quote (price the cart), POST /api/checkout/sessions (start paying),
 * GET /api/checkout/receipts/:token (the success page's receipt) and POST /api/checkout/complete.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: Checkout }> = async (app, { checkout }) => {
  app.post(
    '/checkout/quote',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Price the cart (signed in: the server cart; guest: the lines sent) for a destination, method and code',
        body: checkoutQuoteBody,
        querystring: z.object(marketParam),
        response: { 200: quoteResponse, 400: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const viewer = await request.getViewer();
      const market = request.body.market ?? request.query.market;
      const locale = request.body.locale ?? request.query.locale;
      return quoteCheckout(checkout.ctx, viewer, { ...request.body, market, locale });
    },
  );

  app.post(
    '/checkout/sessions',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Reserve the cart's stock, hold its discounts and create the pending checkout, then open a payment session; prices come from the database",
        body: createCheckoutSessionBody,
        querystring: z.object(marketParam),
        response: {
          200: checkoutSession,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
      // A flash sale's thousands of guests for a row this process knows is sold out: the 409 before
      // the body's validation, the viewer and the handler (no cookie: nobody signed in).
      preValidation: async (request, reply) => {
        if (request.headers.cookie) return;
        const refused = checkout.soldOutAnswer(request.body);
        if (!refused) return;
        // Text as it is, not through the response's schema: the same body the error handler writes.
        const untyped: FastifyReply = reply;
        return untyped.status(refused.status).type('application/json; charset=utf-8').send(refused.json);
      },
    },
    async (request, reply) => {
      request.body.market ??= request.query.market;
      request.body.locale ??= request.query.locale;
      const viewer = await request.getViewer();
      let buyer: Buyer;
      if (viewer) {
        const { userId, customerGroupId: groupId, taxExemptionNumber } = viewer;
        buyer = { userId, groupId, taxExemptionNumber };
      } else if (request.body.guest) {
        checkout.refuseKnownSoldOut(request.body);
        // The guest's turn at the lines' stock rows first; released by the reservation, or here.
        const admitted = await checkout.admitGuest(request.body);
        try {
          const settings = await getCheckoutSettings(checkout.ctx.db);
          if (!settings.guestEnabled) {
            throw new AppError('unauthenticated', 'guest_checkout_disabled', 'Please sign in to check out');
          }
          const limited = await hitRateLimit(
            checkout.ctx.db,
            [{ key: `guest-checkout:ip:${request.ip}`, limit: GUEST_CHECKOUTS_PER_IP }],
            GUEST_WINDOW_SECONDS,
          );
          if (!limited.ok) {
            reply.header('retry-after', String(limited.retryAfterSeconds));
            throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_HOURLY_MESSAGE);
          }
          const secure = app.config.env === 'production';
          const guestKey = boundGuestKey(request, reply, request.body.guest.checkout_key, secure);
          buyer = { userId: null, guestKey, admitted };
          const { url } = await checkout.createSession(buyer, request.body);
          return { url };
        } finally {
          admitted();
        }
      } else {
        // Signed out without a guest's lines: as before, sign in first.
        await requireViewer(request);
        throw new AppError('unauthenticated', 'unauthenticated', 'Please sign in');
      }
      const { url } = await checkout.createSession(buyer, request.body);
      return { url };
    },
  );

  app.post(
    '/checkout/complete',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Record a paid checkout session (idempotent); a shopper's checkout answers only its owner, a guest's anyone holding the session id",
        body: completeCheckoutBody,
        response: { 200: completedCheckout, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const viewer = await request.getViewer();
      const { orderNumber } = await checkout.complete(request.body.session_id, viewer?.userId ?? null);
      return { order_number: orderNumber };
    },
  );

  app.get(
    '/checkout/receipts/:token',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "The receipt the payment's return address opens by its signed token, signed in or not; records a payment the provider took",
        params: z.object({ token: z.string().max(200, 'token is too long') }),
        response: { 200: checkoutReceipt, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      // The buyer's own order: no shared cache keeps it, and the token is not sent onwards.
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return readReceipt(checkout.ctx, request.params.token);
    },
  );
};
