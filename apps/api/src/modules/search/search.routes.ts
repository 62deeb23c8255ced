import { errorBody } from '@cartwheel/shared/contracts/errors';
import { adminSearchQuery, adminSearchResults } from '@cartwheel/shared/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSearch } from './search.service.ts';

/** The back office's top-bar search. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/search',
    {
      schema: {
        tags: ['admin: search'],
        summary: 'Up to 5 products, orders and customers matching q (name, SKU, order number, email)',
        querystring: adminSearchQuery,
        response: { 200: adminSearchResults, 400: errorBody },
      },
    },
    async (request) => adminSearch(app.db, request.query.q),
  );
};
