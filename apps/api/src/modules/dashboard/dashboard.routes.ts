import { dashboard, dashboardQuery } from '@cartwheel/shared/contracts/dashboard';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activePaymentProvider } from '../payments/payment-settings.ts';
import { getDashboard } from './dashboard.service.ts';

/** The back office's home: sales figures from the database, recent orders and the setup checklist. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin: dashboard'],
        summary: 'Sales figures for a date range against a comparison range, recent orders, store setup',
        querystring: dashboardQuery,
        response: { 200: dashboard, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const provider = await activePaymentProvider(app.db, app.config.payments);
      return getDashboard(app.db, request.query, {
        paymentProvider: provider,
        testPayments: provider === 'local',
        mailProvider: app.config.mailer.provider,
      });
    },
  );
};
