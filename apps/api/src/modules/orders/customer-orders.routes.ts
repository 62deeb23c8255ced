import { customerOrderDetail, customerOrderList } from '@cartwheel/shared/contracts/customer-orders';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { getCustomerFigures } from './customer-figures.ts';
import { getCustomerOrder, listCustomerOrders } from './customer-orders.service.ts';

/** The signed-in shopper's own orders: the list and one order. */
export const customerOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/account/orders',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in shopper's orders, newest first, with their lines, and their figures",
        response: { 200: customerOrderList, 401: errorBody },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      const [items, figures] = await Promise.all([
        listCustomerOrders(db, viewer.userId),
        getCustomerFigures(db, viewer.userId),
      ]);
      return { items, figures };
    },
  );

  app.get(
    '/account/orders/:orderId',
    {
      schema: {
        tags: ['account'],
        summary: "One of the signed-in shopper's orders; anyone else's answers 404",
        params: z.object({ orderId: z.string() }),
        response: { 200: customerOrderDetail, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return getCustomerOrder(db, viewer.userId, request.params.orderId);
    },
  );
};
