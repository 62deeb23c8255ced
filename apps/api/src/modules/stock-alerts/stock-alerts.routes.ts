import { marketParam } from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  stockAlertBody,
  stockAlertResult,
  waitingList,
  waitingQuery,
  waitingSubscribers,
} from '@cartwheel/shared/contracts/stock-alerts';
import { localeOfPrefix } from '@cartwheel/shared/locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITED_MESSAGE } from '../accounts/rate-limit.ts';
import { listSubscribers, listWaiting, subscribe } from './stock-alerts.service.ts';

/** Requests per minute one address may make to "Email me when it's back". */
export const STOCK_ALERT_RATE_LIMIT_PER_MINUTE = 10;

/** "Email me when it's back" on the storefront, and the back office's "Waiting for stock". */
export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/stock-alerts',
    {
      schema: {
        tags: ['stock-alerts'],
        summary:
          "Email me when it's back: a sold-out product or variant (a signed-in shopper's own address by default)",
        // The storefront's locale ('de', 'fr-ca'), as on every storefront call: the email's language.
        querystring: z.object({ locale: marketParam.locale }),
        body: stockAlertBody,
        response: { 200: stockAlertResult, 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      // Counted in the database, so every web process shares one limit per address.
      const limited = await hitRateLimit(
        db,
        [{ key: `stock-alert:ip:${request.ip}`, limit: STOCK_ALERT_RATE_LIMIT_PER_MINUTE }],
        60,
      );
      if (!limited.ok) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_MESSAGE);
      }
      const viewer = await request.getViewer();
      const email = request.body.email ?? viewer?.email;
      if (!email) throw new AppError('invalid', 'email_required', 'Enter your email address');
      const locale = request.query.locale ? localeOfPrefix(request.query.locale) : undefined;
      return subscribe(db, {
        product_id: request.body.product_id,
        variant_id: request.body.variant_id,
        email,
        userId: viewer && viewer.email.toLowerCase() === email.trim().toLowerCase() ? viewer.userId : null,
        ...(locale?.prefix ? { locale: locale.prefix } : {}),
      });
    },
  );

  app.get(
    '/admin/stock-alerts',
    {
      schema: {
        tags: ['stock-alerts'],
        summary: 'Waiting for stock: every item shoppers asked to be emailed about, most waited-for first',
        response: { 200: waitingList },
      },
    },
    async () => listWaiting(db),
  );

  app.get(
    '/admin/stock-alerts/subscribers',
    {
      schema: {
        tags: ['stock-alerts'],
        summary: 'Who waits for one product or variant, in the order they asked',
        querystring: waitingQuery,
        response: { 200: waitingSubscribers, 400: errorBody },
      },
    },
    async (request) => listSubscribers(db, request.query.product_id, request.query.variant_id ?? null),
  );
};
