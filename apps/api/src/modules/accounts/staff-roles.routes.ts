import { staffRoleBody, staffRoleEntry, staffRoleList } from '@cartwheel/shared/contracts/accounts';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/audit.service.ts';
import {
  createStaffRole,
  deleteStaffRole,
  listStaffRoles,
  requireWithin,
  updateStaffRole,
} from './staff-roles.ts';
import { requireViewer, settleViewerChanges } from './viewer.ts';

const roleIdParams = z.object({ roleId: z.uuid('roleId must be a UUID') });

/** Custom roles made of permissions (Team → Roles), beside the built-in staff, manager and admin. */
export const staffRolesRoutes: FastifyPluginAsyncZod = async (app) => {
  // A role's new permissions apply to its members' next request (their cached viewers are dropped).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await settleViewerChanges(request);
  });

  app.get(
    '/admin/roles',
    { schema: { tags: ['admin'], summary: 'Custom roles, by name', response: { 200: staffRoleList } } },
    async () => ({ items: await listStaffRoles(app.db) }),
  );

  app.post(
    '/admin/roles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make a role from permissions',
        body: staffRoleBody,
        response: { 201: staffRoleEntry, 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      requireWithin(await requireViewer(request), request.body.permissions);
      const created = await app.db.transaction(async (tx) => {
        const role = await createStaffRole(tx, request.body);
        await audit.record(tx, request, {
          action: 'role.created',
          target: { type: 'role', id: role.id, label: role.name },
          changes: { permissions: [null, role.permissions] },
        });
        return role;
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/admin/roles/:roleId',
    {
      schema: {
        tags: ['admin'],
        summary: "Rename a role or change its permissions (its members' next request uses them)",
        params: roleIdParams,
        body: staffRoleBody,
        response: { 200: staffRoleEntry, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const viewer = await requireViewer(request);
        const before = (await listStaffRoles(tx)).find((r) => r.id === request.params.roleId);
        requireWithin(viewer, [...(before?.permissions ?? []), ...request.body.permissions]);
        const after = await updateStaffRole(tx, request.params.roleId, request.body);
        await audit.record(tx, request, {
          action: 'role.changed',
          target: { type: 'role', id: after.id, label: after.name },
          changes: audit.changesBetween(
            { name: before?.name, permissions: before?.permissions },
            { name: after.name, permissions: after.permissions },
          ),
        });
        return after;
      }),
  );

  app.delete(
    '/admin/roles/:roleId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a role nobody holds',
        params: roleIdParams,
        response: { 204: z.null(), 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await app.db.transaction(async (tx) => {
        const current = (await listStaffRoles(tx)).find((r) => r.id === request.params.roleId);
        requireWithin(viewer, current?.permissions ?? []);
        const role = await deleteStaffRole(tx, request.params.roleId);
        await audit.record(tx, request, {
          action: 'role.deleted',
          target: { type: 'role', id: role.id, label: role.name },
        });
      });
      return reply.code(204).send(null);
    },
  );
};
