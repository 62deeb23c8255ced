import { cancelOrderBody, refundBody } from '@cartwheel/shared/contracts/after-sale';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  fulfilOrderBody,
  orderDetail,
  orderFilterQuery,
  orderIdParams,
  orderList,
  orderListQuery,
  orderStatusBody,
} from '@cartwheel/shared/contracts/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { sendCsvDownload } from '../../lib/csv-download.ts';
import { primed } from '../../lib/primed.ts';
import { requirePermission, requireViewer } from '../accounts/viewer.ts';
import { audit } from '../audit/audit.service.ts';
import { getOrderDetail, listOrders } from './admin-orders.service.ts';
import { fulfilOrder, markDelivered } from './fulfil-order.ts';
import { cancelOrder, setOrderStatus } from './order-actions.service.ts';
import { exportOrdersCsv } from './order-export.service.ts';
import { refundOrder } from './refund-order.ts';

const tags = ['admin: orders'];

/** The schema of an action with a body that staff take on one order; it answers with the order. */
const orderActionSchema = <Body extends ZodType>(summary: string, body: Body) => ({
  tags,
  summary,
  params: orderIdParams,
  body,
  response: {
    200: orderDetail,
    400: errorBody,
    403: errorBody,
    404: errorBody,
    409: errorBody,
    502: errorBody,
  },
});

/** The signed-in staff member taking an action, recorded on the order's timeline. */
const actorId = async (request: FastifyRequest) => (await requireViewer(request)).userId;

/** The back office's orders: list, export, detail and the actions staff take on an order. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // The database, mailer and payment provider the order actions use: the checkout's.
  const ctx = app.checkout.ctx;

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders filtered, sorted and paged by the server, with shop-wide summary counts',
        querystring: orderListQuery,
        response: { 200: orderList, 400: errorBody },
      },
    },
    async (request) => listOrders(db, request.query),
  );

  app.get(
    '/admin/orders/export',
    {
      schema: {
        tags,
        summary: 'The filtered orders as a CSV file (money in dollars)',
        querystring: orderFilterQuery,
      },
    },
    async (request, reply) => {
      // The header and the first batch are read before anything is sent: a failure there is an error answer.
      const csv = await primed(exportOrdersCsv(db, request.query), 2);
      await audit.record(db, request, {
        action: 'orders.exported',
        target: { type: 'orders', id: audit.queryText(request.query) },
      });
      return sendCsvDownload(reply, 'orders', csv);
    },
  );

  app.get(
    '/admin/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'One order: lines, customer, address, payment, fulfilment and timeline',
        params: orderIdParams,
        response: { 200: orderDetail, 404: errorBody },
      },
    },
    async (request) => getOrderDetail(db, request.params.orderId),
  );

  app.patch(
    '/admin/orders/:orderId/status',
    {
      schema: orderActionSchema(
        'Sets the status; "cancelled" cancels the order and returns its stock',
        orderStatusBody,
      ),
    },
    async (request) =>
      setOrderStatus(ctx, request.params.orderId, request.body.status, await actorId(request)),
  );

  app.post(
    '/admin/orders/:orderId/fulfil',
    {
      schema: orderActionSchema(
        'Fulfils the given units of the order lines, or everything left when no lines are given',
        fulfilOrderBody,
      ),
    },
    async (request) => fulfilOrder(ctx, request.params.orderId, request.body, await actorId(request)),
  );

  app.post(
    '/admin/orders/:orderId/deliver',
    {
      schema: {
        tags,
        summary: 'Marks a shipped order as delivered and emails the shopper',
        params: orderIdParams,
        response: { 200: orderDetail, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => markDelivered(ctx, request.params.orderId, await actorId(request)),
  );

  app.post(
    '/admin/orders/:orderId/refunds',
    {
      schema: orderActionSchema(
        'Refunds lines or an amount (and shipping) through the payment provider, optionally restocking',
        refundBody,
      ),
    },
    async (request) => {
      const { orderId } = request.params;
      const actor = await audit.actorOf(request);
      await refundOrder(ctx, orderId, request.body, await actorId(request), { audit: actor });
      return getOrderDetail(db, orderId);
    },
  );

  app.post(
    '/admin/orders/:orderId/cancel',
    {
      schema: orderActionSchema(
        'Cancels the order: unfulfilled units return to stock; with refund, the payment is refunded first',
        cancelOrderBody,
      ),
    },
    async (request) => {
      // Cancelling needs orders.edit (the route table); giving money back needs orders.refund too.
      const viewer = request.body.refund
        ? await requirePermission(request, 'orders.refund')
        : await requireViewer(request);
      const actor = request.body.refund ? await audit.actorOf(request) : undefined;
      return cancelOrder(ctx, request.params.orderId, request.body, viewer.userId, actor);
    },
  );
};
