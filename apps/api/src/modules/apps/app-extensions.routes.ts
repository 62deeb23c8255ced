import {
  appExtensions,
  appFrame,
  appFrameBody,
  createAppBody,
  createdApp,
  shopApp,
  shopAppList,
} from '@cartwheel/shared/contracts/apps';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { audit } from '../audit/audit.service.ts';
import { createApp, deleteApp, appFrame as frameFor, listAppExtensions, listApps } from './apps.service.ts';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody };
const appParams = z.object({ appId: z.uuid('appId must be an app id') });

/** Apps that draw in the back office: registering them (admins) and their frames (every member). */
export const appExtensionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/admin/apps',
    {
      schema: {
        tags: ['admin'],
        summary: 'Apps with back-office extensions',
        response: { 200: shopAppList },
      },
    },
    async () => ({ items: await listApps(db) }),
  );

  app.post(
    '/admin/apps',
    {
      schema: {
        tags: ['admin'],
        summary: "Register an app (its API key's token and signing secret are in this answer only)",
        body: createAppBody,
        response: { 201: createdApp, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.status(201).headers(noStore);
      return db.transaction(async (tx) => {
        const created = await createApp(tx, viewer.userId, request.body);
        const { app: added } = created;
        await audit.record(tx, request, {
          action: 'app.created',
          target: { type: 'app', id: added.id, label: added.name },
          changes: audit.changesBetween(null, {
            name: added.name,
            url: added.url,
            role: added.role,
            sidebar_label: added.sidebar_label,
            panels: added.panels,
          }),
        });
        return created;
      });
    },
  );

  app.delete(
    '/admin/apps/:appId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove an app: its API key is revoked and its links and panels go',
        params: appParams,
        response: { 200: shopApp, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const removed = await deleteApp(tx, request.params.appId);
        await audit.record(tx, request, {
          action: 'app.deleted',
          target: { type: 'app', id: removed.id, label: removed.name },
          changes: audit.changesBetween({ name: removed.name, url: removed.url }, null),
        });
        return removed;
      }),
  );

  app.get(
    '/admin/app-extensions',
    {
      schema: {
        tags: ['admin'],
        summary: "The apps' sidebar links and page panels, for every member",
        response: { 200: appExtensions },
      },
    },
    async () => listAppExtensions(db),
  );

  app.post(
    '/admin/apps/:appId/frame',
    {
      schema: {
        tags: ['admin'],
        summary: "The address of an app's frame, with a short-lived token saying who is looking at what",
        params: appParams,
        body: appFrameBody,
        response: { 200: appFrame, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(noStore);
      return frameFor(db, app.config.publicUrl, request.params.appId, viewer, request.body);
    },
  );
};
