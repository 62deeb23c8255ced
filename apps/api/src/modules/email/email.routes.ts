import { outboxList } from '@cartwheel/shared/contracts/accounts';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { pageLimitParam, pageParam } from '@cartwheel/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from './email.service.ts';

/** The back office's view of every email the shop sent (admin). */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/emails',
    {
      schema: {
        tags: ['admin'],
        summary: 'The email outbox, newest first',
        querystring: z.object({ page: pageParam, limit: pageLimitParam }),
        response: { 200: outboxList, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutbox(app.db, { ...request.query, showSecrets: app.config.mailer.outboxShowsSecrets });
    },
  );
};
