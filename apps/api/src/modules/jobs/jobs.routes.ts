import { errorBody } from '@cartwheel/shared/contracts/errors';
import { jobRetried, jobsHealth } from '@cartwheel/shared/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobsHealth as readJobsHealth, retryFailedJob } from './jobs.service.ts';

/** The back office's view of the job queue (admin): health, and retrying a failed job. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: "The job queue's health: counts per queue, schedules, failed jobs",
        response: { 200: jobsHealth },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readJobsHealth(app.db, app.jobs);
    },
  );

  app.post(
    '/admin/jobs/:jobId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queue a failed job again',
        params: z.object({ jobId: z.uuid() }),
        response: { 200: jobRetried, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => retryFailedJob(app.db, app.jobs, request.params.jobId),
  );
};
