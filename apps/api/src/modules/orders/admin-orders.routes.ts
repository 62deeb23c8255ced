import { Readable } from 'node:stream';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../accounts/viewer.ts';
import {
  cancelOrder,
  exportOrdersCsv,
  fulfilOrder,
  getOrderDetail,
  listOrders,
  setOrderStatus,
} from './admin-orders.service.ts';

const tags = ['admin: orders'];

/** The back office's orders: list, export, detail and the actions staff take on an order. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

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
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportOrdersCsv(db, request.query)));
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
      schema: {
        tags,
        summary: 'Sets the status; "cancelled" cancels the order and returns its stock',
        params: orderIdParams,
        body: orderStatusBody,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return setOrderStatus(db, request.params.orderId, request.body.status, viewer.userId);
    },
  );

  app.post(
    '/admin/orders/:orderId/fulfil',
    {
      schema: {
        tags,
        summary: 'Fulfils the given units of the order lines, or everything left when no lines are given',
        params: orderIdParams,
        body: fulfilOrderBody,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return fulfilOrder(db, request.params.orderId, request.body, viewer.userId);
    },
  );

  app.post(
    '/admin/orders/:orderId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels the order: unfulfilled units return to stock, a paid order is marked refunded',
        params: orderIdParams,
        response: { 200: orderDetail, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return cancelOrder(db, request.params.orderId, viewer.userId);
    },
  );
};
