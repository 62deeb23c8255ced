import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  abandonedCheckoutList,
  marketingConsent,
  marketingSettings,
  marketingSettingsPatch,
  recoveredCart,
  recoverySummary as recoverySummarySchema,
  unsubscribeResult,
} from '@cartwheel/shared/contracts/marketing';
import { pageLimitParam, pageParam } from '@cartwheel/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITED_MESSAGE } from '../accounts/rate-limit.ts';
import { requireViewer } from '../accounts/viewer.ts';
import { recoverCart } from './abandoned-checkouts.ts';
import { listAbandonedCheckouts, recoverySummary } from './marketing.service.ts';
import { loadMarketingSettings, updateMarketingSettings } from './marketing-settings.ts';
import { accountConsent, setAccountConsent, unsubscribe } from './unsubscribe.ts';

/** Opening a cart link or unsubscribing: per IP and minute, enough for a person, too few to guess. */
const PUBLIC_CALLS_PER_MINUTE = 30;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The back office's Marketing page (managers): abandoned checkouts, recovery figures and settings;
 * the shopper's side: the cart link from the email, unsubscribing and the account's consent.
 */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  // A mail client's one-click unsubscribe posts a form (RFC 8058); the body says nothing we need.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  async function limitPublic(ip: string, what: string, reply: { header(k: string, v: string): unknown }) {
    const limited = await hitRateLimit(db, [{ key: `${what}:ip:${ip}`, limit: PUBLIC_CALLS_PER_MINUTE }], 60);
    if (!limited.ok) {
      reply.header('retry-after', String(limited.retryAfterSeconds));
      throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_MESSAGE);
    }
  }

  app.get(
    '/admin/marketing/abandoned-checkouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Checkouts started with an email and not paid, newest first',
        querystring: z.object({ page: pageParam, limit: pageLimitParam }),
        response: { 200: abandonedCheckoutList, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAbandonedCheckouts(db, request.query);
    },
  );

  app.get(
    '/admin/marketing/summary',
    {
      schema: {
        tags: ['admin'],
        summary: 'Abandoned checkouts, recovery emails and recovered revenue over a date range',
        querystring: z.object({ from: day.optional(), to: day.optional() }),
        response: { 200: recoverySummarySchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = request.query.to ?? isoDay(new Date());
      const from = request.query.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS));
      if (from > to) {
        const message = 'The start date must not be after the end date';
        throw new AppError('invalid', 'invalid_request', message, [{ field: 'querystring.from', message }]);
      }
      return recoverySummary(db, from, to);
    },
  );

  app.get(
    '/admin/marketing/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Abandoned-checkout recovery settings',
        response: { 200: marketingSettings },
      },
    },
    async () => loadMarketingSettings(db),
  );

  app.patch(
    '/admin/marketing/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turns recovery on or off, sets its delay and discount code',
        body: marketingSettingsPatch,
        response: { 200: marketingSettings, 400: errorBody },
      },
    },
    async (request) => updateMarketingSettings(db, request.body),
  );

  app.get(
    '/checkout-recovery/:token',
    {
      schema: {
        tags: ['cart'],
        summary: 'The lines of an abandoned checkout, from the link in its recovery email',
        params: z.object({ token: z.string().max(200, 'token is too long') }),
        response: { 200: recoveredCart, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await limitPublic(request.ip, 'cart-link', reply);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return recoverCart(db, request.params.token);
    },
  );

  app.post(
    '/marketing/unsubscribe',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Unsubscribes the address of a signed token (the email link, or a mail client in one click)',
        querystring: z.object({ token: z.string().max(600).optional() }),
        response: { 200: unsubscribeResult, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await limitPublic(request.ip, 'unsubscribe', reply);
      const body = request.body as { token?: unknown } | undefined;
      const token = request.query.token ?? (typeof body?.token === 'string' ? body.token : '');
      return { email: await unsubscribe(db, config, token), unsubscribed: true as const };
    },
  );

  app.get(
    '/account/marketing',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in customer's consent to news and offers by email",
        response: { 200: marketingConsent, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { marketing_opt_in: await accountConsent(db, (await requireViewer(request)).userId) };
    },
  );

  app.put(
    '/account/marketing',
    {
      schema: {
        tags: ['account'],
        summary: 'Gives or withdraws consent to news and offers by email',
        body: marketingConsent,
        response: { 200: marketingConsent, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return { marketing_opt_in: await setAccountConsent(db, viewer.userId, request.body.marketing_opt_in) };
    },
  );
};
