import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

const live = z.object({ status: z.literal('ok') });

/**
 * Health checks. `/health/live`: the process answers (a supervisor restarts it when this fails; never
 * touches the database, so a database outage does not restart every process). `/health/ready` and
 * `/health`: the database answers too (a load balancer sends traffic only then).
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no database check)',
        response: { 200: live },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  for (const path of ['/health', '/health/ready']) {
    app.get(
      path,
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: the process and its database answer',
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
  }
};
