import {
  apiKey,
  apiKeyList,
  createApiKeyBody,
  createdApiKey,
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
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  resumeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

const errors = { 400: errorBody, 404: errorBody };
const keyParams = z.object({ keyId: z.uuid('keyId must be an API key id') });
const endpointParams = z.object({ endpointId: z.uuid('endpointId must be a webhook endpoint id') });
const deliveryParams = z.object({ deliveryId: z.uuid('deliveryId must be a delivery id') });

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
      return createApiKey(db, viewer.userId, request.body);
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
    async (request) => revokeApiKey(db, request.params.keyId),
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
      return createWebhookEndpoint(db, request.body, allowPrivate);
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
    async (request) => updateWebhookEndpoint(db, request.params.endpointId, request.body, allowPrivate),
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
      await deleteWebhookEndpoint(db, request.params.endpointId);
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
      return rotateWebhookSecret(db, request.params.endpointId);
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
    async (request) => resumeWebhookEndpoint(db, app.jobs, request.params.endpointId),
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
