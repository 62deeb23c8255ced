import { outboxList } from '@cartwheel/shared/contracts/accounts';
import {
  emailTemplateList,
  emailTemplatePatch,
  emailTemplatePreview,
  emailTemplate as emailTemplateSchema,
} from '@cartwheel/shared/contracts/email-templates';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { pageLimitParam, pageParam } from '@cartwheel/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from './email.service.ts';
import { listTemplates, previewTemplate, updateTemplate } from './email-templates.ts';

const kindParams = z.object({ kind: z.string().max(64, 'kind is too long') });

/** The back office's view of every email the shop sent, and its templates (admin). */
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

  app.get(
    '/admin/email-templates',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every email template with its subject and intro paragraph',
        response: { 200: emailTemplateList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await listTemplates(app.db) };
    },
  );

  app.post(
    '/admin/email-templates/:kind/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'The template rendered with sample data (and a draft subject and intro when sent)',
        params: kindParams,
        body: emailTemplatePatch.optional(),
        response: { 200: emailTemplatePreview, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => previewTemplate(app.db, app.config, request.params.kind, request.body ?? {}),
  );

  app.put(
    '/admin/email-templates/:kind',
    {
      schema: {
        tags: ['admin'],
        summary: "Stores the template's subject and intro paragraph (null: the default)",
        params: kindParams,
        body: emailTemplatePatch,
        response: { 200: emailTemplateSchema, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => updateTemplate(app.db, request.params.kind, request.body),
  );
};
