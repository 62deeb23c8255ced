import { auditLogPage, auditLogQuery } from '@cartwheel/shared/contracts/audit';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from './audit.service.ts';

/** The back office's Audit log (audit.read; the permission is in ADMIN_ROUTE_PERMISSIONS like every admin route). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: filter by actor, action, target and date',
        querystring: auditLogQuery,
        response: { 200: auditLogPage, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAuditLog(app.db, request.query);
    },
  );
};
