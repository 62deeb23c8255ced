import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  adminReturnDetail,
  adminReturnList,
  adminReturnListQuery,
  declineReturnBody,
  finalSaleBody,
  receiveReturnBody,
  refundReturnBody,
  returnParams,
  returnSettings,
} from '@cartwheel/shared/contracts/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/audit.service.ts';
import { closeReturn, receiveReturn, refundReturn } from './receive-return.ts';
import { createLabelCarrier } from './return-labels.ts';
import { approveReturn, declineReturn, labelForStaff, makeLabel } from './return-review.ts';
import { sendLabel } from './returns.routes.ts';
import {
  finalSaleOf,
  getReturn,
  listReturns,
  loadReturnSettings,
  saveReturnSettings,
} from './returns.service.ts';

const tags = ['admin'];
const actionErrors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody };
const productParams = z.object({ productId: z.uuid('productId must be a product id') });

/**
 * The back office's returns (permissions in accounts/admin-access.ts): the list and a return, its
 * review and label, receiving and refunding it; the return settings; a product's final-sale flag.
 */
export const adminReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const ctx = app.checkout.ctx;
  const carrier = createLabelCarrier(app.config.returnLabels);

  app.get(
    '/admin/returns',
    {
      schema: {
        tags,
        summary: 'Returns, newest first, or those of one status',
        querystring: adminReturnListQuery,
        response: { 200: adminReturnList, 400: errorBody },
      },
    },
    async (request) => ({ items: await listReturns(db, request.query.status) }),
  );

  app.get(
    '/admin/returns/:returnId',
    {
      schema: {
        tags,
        summary: 'One return: its lines, label and refund',
        params: returnParams,
        response: { 200: adminReturnDetail, 404: errorBody },
      },
    },
    async (request) => getReturn(db, request.params.returnId),
  );

  const action = (summary: string, body?: z.ZodType) => ({
    schema: {
      tags,
      summary,
      params: returnParams,
      ...(body ? { body } : {}),
      response: { 200: adminReturnDetail, ...actionErrors },
    },
  });

  app.post(
    '/admin/returns/:returnId/approve',
    action('Approves a requested return; its label is made and emailed to the shopper'),
    async (request) => {
      await approveReturn(ctx, carrier, request.params.returnId, await audit.actorOf(request));
      return getReturn(db, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/label',
    action('Makes the label of an approved return again after the label service refused it'),
    async (request) => {
      await makeLabel(ctx, carrier, request.params.returnId);
      return getReturn(db, request.params.returnId);
    },
  );

  app.get(
    '/admin/returns/:returnId/label',
    {
      schema: {
        tags,
        summary: "The return's label: the printable PDF, or the label service's",
        params: returnParams,
        response: { 404: errorBody },
      },
    },
    async (request, reply) => sendLabel(reply, await labelForStaff(ctx, request.params.returnId)),
  );

  app.post(
    '/admin/returns/:returnId/decline',
    action('Declines a requested return with a reason the shopper reads', declineReturnBody),
    async (request) => {
      const { reason } = declineReturnBody.parse(request.body);
      await declineReturn(ctx, request.params.returnId, reason, await audit.actorOf(request));
      return getReturn(db, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/receive',
    action("Receives the parcel: each line's condition and whether it goes back to stock", receiveReturnBody),
    async (request) => {
      const body = receiveReturnBody.parse(request.body);
      await receiveReturn(ctx, request.params.returnId, body, await audit.actorOf(request));
      return getReturn(db, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/refund',
    action('Refunds a received return to the original payment or as store credit', refundReturnBody),
    async (request) => {
      const { to_store_credit } = refundReturnBody.parse(request.body ?? {});
      await refundReturn(ctx, request.params.returnId, to_store_credit, await audit.actorOf(request));
      return getReturn(db, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/close',
    action('Closes an approved return that never came back, or a received one without a refund'),
    async (request) => {
      await closeReturn(ctx, request.params.returnId, await audit.actorOf(request));
      return getReturn(db, request.params.returnId);
    },
  );

  app.get(
    '/admin/settings/returns',
    { schema: { tags, summary: 'The return window and address', response: { 200: returnSettings } } },
    async () => loadReturnSettings(db),
  );

  app.put(
    '/admin/settings/returns',
    {
      schema: {
        tags,
        summary: 'Sets the return window (days after delivery) and the address returns go to',
        body: returnSettings,
        response: { 200: returnSettings, 400: errorBody },
      },
    },
    async (request) => {
      const before = await loadReturnSettings(db);
      const after = await saveReturnSettings(db, request.body);
      await audit.record(db, request, {
        action: 'return_settings.updated',
        target: { type: 'settings', id: 'returns' },
        changes: audit.changesBetween(before, after),
      });
      return after;
    },
  );

  app.get(
    '/admin/products/:productId/final-sale',
    {
      schema: {
        tags,
        summary: 'Whether a product is final sale (not returnable)',
        params: productParams,
        response: { 200: finalSaleBody, 404: errorBody },
      },
    },
    async (request) => ({ final_sale: await finalSaleOf(db, request.params.productId) }),
  );

  app.put(
    '/admin/products/:productId/final-sale',
    {
      schema: {
        tags,
        summary: 'Marks a product final sale (not returnable), or returnable again',
        params: productParams,
        body: finalSaleBody,
        response: { 200: finalSaleBody, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      final_sale: await finalSaleOf(db, request.params.productId, request.body.final_sale),
    }),
  );
};
