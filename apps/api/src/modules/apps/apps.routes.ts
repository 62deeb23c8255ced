import {
  apiKey,
  apiKeyList,
  createApiKeyBody,
  createdApiKey,
  type WebhookEndpoint,
  webhookDeliveryList,
  webhookEndpoint,
  webhookEndpointBody,
  webhookEndpointList,
  webhookEndpointPatch,
  webhookEndpointWithSecret,
} from '@cartwheel/shared/contracts/apps';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { audit } from '../audit/audit.service.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  readEndpoint,
  resendWebhookDelivery,
  resumeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

const errors = { 400: errorBody, 404: errorBody };
const keyParams = z.object({ keyId: z.uuid('keyId must be an API key id') });
const endpointParams = z.object({ endpointId: z.uuid('endpointId must be a webhook endpoint id') });
const deliveryParams = z.object({ deliveryId: z.uuid('deliveryId must be a delivery id') });

/** What the audit log compares of an endpoint: what an admin sets (the secret never). */
const endpointFields = (e: WebhookEndpoint) => ({
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
});

/** The back office's Apps screen (admins): API keys and outbound webhooks. */
export const appsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const allowPrivate = app.config.webhooks.allowPrivateNetworks;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/admin/api-keys',
    { schema: { tags: ['admin'], summary: 'API keys, live ones first', response: { 200: apiKeyList } } },
    async () => ({ items: await listApiKeys(db) }),
  );

  app.post(
    '/admin/api-keys',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an API key (its token is in this answer only)',
        body: createApiKeyBody,
        response: { 201: createdApiKey, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.status(201).headers(noStore);
      return db.transaction(async (tx) => {
        const created = await createApiKey(tx, viewer.userId, request.body);
        const { key } = created;
        await audit.record(tx, request, {
          action: 'api_key.created',
          target: { type: 'api_key', id: key.id, label: key.name },
          changes: audit.changesBetween(null, { name: key.name, role: key.role, prefix: key.prefix }),
        });
        return created;
      });
    },
  );

  app.delete(
    '/admin/api-keys/:keyId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke an API key (requests with it answer 401 from now on)',
        params: keyParams,
        response: { 200: apiKey, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const { key, revokedNow } = await revokeApiKey(tx, request.params.keyId);
        if (revokedNow) {
          await audit.record(tx, request, {
            action: 'api_key.revoked',
            target: { type: 'api_key', id: key.id, label: key.name },
            changes: { revoked_at: [null, key.revoked_at] },
          });
        }
        return key;
      }),
  );

  app.get(
    '/admin/webhooks',
    {
      schema: { tags: ['admin'], summary: 'Webhook endpoints', response: { 200: webhookEndpointList } },
    },
    async () => ({ items: await listWebhookEndpoints(db) }),
  );

  app.post(
    '/admin/webhooks',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
        body: webhookEndpointBody,
        response: { 201: webhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201).headers(noStore);
      return db.transaction(async (tx) => {
        const created = await createWebhookEndpoint(tx, request.body, allowPrivate);
        const { endpoint } = created;
        await audit.record(tx, request, {
          action: 'webhook.created',
          target: { type: 'webhook', id: endpoint.id, label: endpoint.url },
          changes: audit.changesBetween(null, endpointFields(endpoint)),
        });
        return created;
      });
    },
  );

  app.patch(
    '/admin/webhooks/:endpointId',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a webhook endpoint's URL, events, description or on/off",
        params: endpointParams,
        body: webhookEndpointPatch,
        response: { 200: webhookEndpoint, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await readEndpoint(tx, request.params.endpointId);
        const after = await updateWebhookEndpoint(tx, before.id, request.body, allowPrivate);
        const changes = audit.changesBetween(endpointFields(before), endpointFields(after));
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'webhook.updated',
            target: { type: 'webhook', id: after.id, label: after.url },
            changes,
          });
        }
        return after;
      }),
  );

  app.delete(
    '/admin/webhooks/:endpointId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a webhook endpoint and its delivery log',
        params: endpointParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const before = await readEndpoint(tx, request.params.endpointId);
        await deleteWebhookEndpoint(tx, before.id);
        await audit.record(tx, request, {
          action: 'webhook.deleted',
          target: { type: 'webhook', id: before.id, label: before.url },
          changes: audit.changesBetween(endpointFields(before), null),
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/webhooks/:endpointId/rotate-secret',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace the signing secret (the new one is in this answer only)',
        params: endpointParams,
        response: { 200: webhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return db.transaction(async (tx) => {
        const rotated = await rotateWebhookSecret(tx, request.params.endpointId);
        await audit.record(tx, request, {
          action: 'webhook.secret_rotated',
          target: { type: 'webhook', id: rotated.endpoint.id, label: rotated.endpoint.url },
          changes: { secret: [true, true] },
        });
        return rotated;
      });
    },
  );

  app.post(
    '/admin/webhooks/:endpointId/resume',
    {
      schema: {
        tags: ['admin'],
        summary: 'End a pause after failed deliveries now, and send the waiting events',
        params: endpointParams,
        response: { 200: webhookEndpoint, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await readEndpoint(tx, request.params.endpointId);
        const after = await resumeWebhookEndpoint(tx, app.jobs, before.id);
        await audit.record(tx, request, {
          action: 'webhook.resumed',
          target: { type: 'webhook', id: after.id, label: after.url },
          changes: audit.changesBetween(
            { paused_until: before.paused_until, failures: before.consecutive_failures },
            { paused_until: after.paused_until, failures: after.consecutive_failures },
          ),
        });
        return after;
      }),
  );

  app.get(
    '/admin/webhooks/:endpointId/deliveries',
    {
      schema: {
        tags: ['admin'],
        summary: "An endpoint's delivery log: the latest deliveries and each try",
        params: endpointParams,
        response: { 200: webhookDeliveryList, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { items: await listWebhookDeliveries(db, request.params.endpointId) };
    },
  );

  app.post(
    '/admin/webhooks/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a delivery again (same event id and payload)',
        params: deliveryParams,
        response: { 200: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (request) => resendWebhookDelivery(db, app.jobs, request.params.deliveryId),
  );
};
