import {
  customerAddresses,
  customerIdParams,
  draftIdParams,
  draftOrder,
  draftOrderBody,
  draftOrderList,
  draftOrderPlaced,
  draftOrderUpdateBody,
  draftQuote,
  markDraftPaidBody,
} from '@cartwheel/shared/contracts/draft-orders';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { listAddresses } from '../addresses/addresses.service.ts';
import {
  createDraft,
  deleteDraft,
  getDraft,
  listDrafts,
  priceDraft,
  updateDraft,
} from './draft-orders.service.ts';
import { markDraftPaid, sendDraftPaymentLink } from './place-draft-order.ts';

const tags = ['admin: draft orders'];
const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const actorId = async (request: FastifyRequest) => (await requireViewer(request)).userId;

/** Point of Sale: orders staff build by hand, priced by the server, marked paid or sent a payment link. */
export const draftOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.checkout.ctx;
  const { db } = app;

  app.get(
    '/admin/draft-orders',
    { schema: { tags, summary: 'Draft orders, newest first', response: { 200: draftOrderList } } },
    async () => listDrafts(db),
  );

  app.post(
    '/admin/draft-orders/quote',
    {
      schema: {
        tags,
        summary: 'Prices a draft as it would be placed now (database prices, zones, discounts, tax)',
        body: draftOrderBody,
        response: { 200: draftQuote, ...errors },
      },
    },
    async (request) => (await priceDraft(ctx, request.body)).quote,
  );

  app.post(
    '/admin/draft-orders',
    {
      schema: {
        tags,
        summary: 'Saves a new draft order (no stock is held)',
        body: draftOrderBody,
        response: { 201: draftOrder, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createDraft(db, await actorId(request), request.body);
      return reply.code(201).send(await getDraft(ctx, id));
    },
  );

  app.get(
    '/admin/draft-orders/:draftId',
    {
      schema: {
        tags,
        summary: 'One draft order, priced now',
        params: draftIdParams,
        response: { 200: draftOrder, ...errors },
      },
    },
    async (request) => getDraft(ctx, request.params.draftId),
  );

  app.put(
    '/admin/draft-orders/:draftId',
    {
      schema: {
        tags,
        summary: 'Replaces an open draft, from the version it was read at (409 when it changed since)',
        params: draftIdParams,
        body: draftOrderUpdateBody,
        response: { 200: draftOrder, ...errors },
      },
    },
    async (request) => {
      await updateDraft(db, request.params.draftId, request.body);
      return getDraft(ctx, request.params.draftId);
    },
  );

  app.delete(
    '/admin/draft-orders/:draftId',
    {
      schema: {
        tags,
        summary: 'Deletes an open draft order',
        params: draftIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await deleteDraft(db, request.params.draftId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/admin/draft-orders/:draftId/mark-paid',
    {
      schema: {
        tags,
        summary: 'Paid in person: takes the stock and creates the paid order, atomically',
        params: draftIdParams,
        body: markDraftPaidBody,
        response: { 200: draftOrderPlaced, ...errors },
      },
    },
    async (request) => markDraftPaid(ctx, request.params.draftId, await actorId(request), request.body),
  );

  app.post(
    '/admin/draft-orders/:draftId/send-link',
    {
      schema: {
        tags,
        summary: 'Reserves the stock, opens the hosted checkout and emails the customer its link',
        params: draftIdParams,
        body: z.object({ version: z.number({ error: 'version is required' }).int().min(1) }),
        response: { 200: draftOrderPlaced, ...errors, 502: errorBody },
      },
    },
    async (request) =>
      sendDraftPaymentLink(ctx, request.params.draftId, await actorId(request), request.body),
  );

  app.get(
    '/admin/draft-orders/customers/:customerId/addresses',
    {
      schema: {
        tags,
        summary: "A customer's saved addresses, to ship a draft order to",
        params: customerIdParams,
        response: { 200: customerAddresses, ...errors },
      },
    },
    async (request) => ({ items: await listAddresses(db, request.params.customerId) }),
  );
};
