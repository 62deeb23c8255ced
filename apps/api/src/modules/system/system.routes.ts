import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness: answers 200 only when the database answers. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health check (database included)',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const ok = await pingDatabase(app.db);
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(ok ? { status: 'ok', database: 'ok' } : { status: 'unavailable', database: 'unavailable' });
    },
  );
};
