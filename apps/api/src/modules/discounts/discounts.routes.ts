import {
  discount,
  discountInput,
  discountList,
  discountListQuery,
  discountParams,
} from '@cartwheel/shared/contracts/discounts';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from './discounts.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** The back office's discounts: codes and automatic discounts (managers and admins). */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/discounts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Discounts, newest first, with their uses and status (search by title or code)',
        querystring: discountListQuery,
        response: { 200: discountList, 400: errorBody },
      },
    },
    async (request) => ({ items: await listDiscounts(db, request.query) }),
  );

  app.post(
    '/admin/discounts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a discount (a code, or automatic without one)',
        body: discountInput,
        response: { 201: discount, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createDiscount(db, request.body);
    },
  );

  app.get(
    '/admin/discounts/:discountId',
    {
      schema: {
        tags: ['admin'],
        summary: 'A discount',
        params: discountParams,
        response: { 200: discount, ...errors },
      },
    },
    async (request) => getDiscount(db, request.params.discountId),
  );

  app.put(
    '/admin/discounts/:discountId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a discount (its uses so far are kept)',
        params: discountParams,
        body: discountInput,
        response: { 200: discount, ...errors },
      },
    },
    async (request) => updateDiscount(db, request.params.discountId, request.body),
  );

  app.delete(
    '/admin/discounts/:discountId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a discount (orders keep the discount lines they were priced with)',
        params: discountParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await deleteDiscount(db, request.params.discountId);
      return { deleted: true as const };
    },
  );
};
