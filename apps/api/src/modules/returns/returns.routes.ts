import { errorBody } from '@cartwheel/shared/contracts/errors';
import { customerReturn, orderReturns, requestReturnBody } from '@cartwheel/shared/contracts/returns';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITED_MESSAGE } from '../accounts/rate-limit.ts';
import { requireViewer } from '../accounts/viewer.ts';
import { linkedOrderId } from '../order-links/order-links.ts';
import { type LabelAnswer, labelByToken } from './return-review.ts';
import { orderReturnOptions, requestReturn, requireOwnOrder } from './returns.service.ts';

const tags = ['returns'];
const orderParams = z.object({ orderId: z.uuid('orderId must be an order id') });
const tokenParams = z.object({ token: z.string().max(200, 'token is too long') });
const errors = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};

/** Link opens per IP and minute, shared with the order page's (order-links.routes.ts): too few to guess tokens. */
async function linkOrderId(db: Db, ip: string, token: string): Promise<string> {
  const limited = await hitRateLimit(db, [{ key: `order-link:ip:${ip}`, limit: 30 }], 60);
  if (!limited.ok) throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_MESSAGE);
  return linkedOrderId(db, token);
}

/** Sends a label: the built-in PDF inline, or a redirect to the label service's. */
export function sendLabel(reply: FastifyReply, label: LabelAnswer) {
  reply.header('cache-control', 'private, no-store');
  if ('redirect' in label) return reply.redirect(label.redirect, 302);
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="return-${label.rma}.pdf"`)
    .send(label.pdf);
}

/**
 * The shopper's returns: on their own order (signed in) or on the order a signed link opens (a guest),
 * and the label the approval email links to.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const ctx = app.checkout.ctx;

  app.get(
    '/account/orders/:orderId/returns',
    {
      schema: {
        tags,
        summary: 'What of one of my orders I may return, and my returns of it',
        params: orderParams,
        response: { 200: orderReturns, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await requireOwnOrder(db, viewer.userId, request.params.orderId);
      reply.header('cache-control', 'private, no-store');
      return orderReturnOptions(db, request.params.orderId);
    },
  );

  app.post(
    '/account/orders/:orderId/returns',
    {
      schema: {
        tags,
        summary: 'Asks to return delivered items of one of my orders',
        params: orderParams,
        body: requestReturnBody,
        response: { 201: customerReturn, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await requireOwnOrder(db, viewer.userId, request.params.orderId);
      const made = await requestReturn(ctx, request.params.orderId, request.body, viewer.userId);
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/orders/by-link/:token/returns',
    {
      schema: {
        tags,
        summary: "What of the link's order may be returned, and its returns (no account needed)",
        params: tokenParams,
        response: { 200: orderReturns, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const orderId = await linkOrderId(db, request.ip, request.params.token);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return orderReturnOptions(db, orderId);
    },
  );

  app.post(
    '/orders/by-link/:token/returns',
    {
      schema: {
        tags,
        summary: "Asks to return delivered items of the link's order (no account needed)",
        params: tokenParams,
        body: requestReturnBody,
        response: { 201: customerReturn, ...errors },
      },
    },
    async (request, reply) => {
      const orderId = await linkOrderId(db, request.ip, request.params.token);
      const made = await requestReturn(ctx, orderId, request.body, null);
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/returns/labels/:token',
    {
      schema: {
        tags,
        summary: "An approved return's label, from the link in the approval email",
        params: tokenParams,
        response: { 404: errorBody },
      },
    },
    async (request, reply) => sendLabel(reply, await labelByToken(ctx, request.params.token)),
  );
};
