import { analytics, analyticsQuery } from '@cartwheel/shared/contracts/analytics';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAnalytics } from './analytics.service.ts';

/** The back office's Analytics screen: sales over time, top sellers, customers, conversion, low stock. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/analytics',
    {
      schema: {
        tags: ['admin: analytics'],
        summary:
          'Sales over time against a comparison range, top products and categories, new and returning customers, checkout conversion, low stock',
        querystring: analyticsQuery,
        response: { 200: analytics, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnalytics(app.db, request.query);
    },
  );
};
