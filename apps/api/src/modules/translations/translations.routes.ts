import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  aiTranslateBody,
  aiTranslateResponse,
  MAX_TRANSLATIONS_IMPORT_BYTES,
  saveTranslationsBody,
  TRANSLATE_VIEW_TYPES,
  translatableList,
  translationLanguage,
  translationsImportResult,
  translationView,
} from '@cartwheel/shared/contracts/translations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../lib/errors.ts';
import { requirePermission } from '../accounts/viewer.ts';
import { AI_RATE_LIMIT_PER_MINUTE } from '../ai/ai.routes.ts';
import { translationKey } from './translated-sql.ts';
import {
  getTranslationView,
  readOriginals,
  saveTranslations,
  shopLanguages,
  viewOriginals,
} from './translations.service.ts';
import { exportTranslationsCsv, parseTranslationsCsv } from './translations-csv.ts';
import { createTranslator, type Translator } from './translator.ts';

/**
 * Shipping methods are edited with the shipping settings, so are their translations; the route
 * table's permission (admin-access.ts) covers every other type.
 */
async function checkTypeRole(request: FastifyRequest, types: Iterable<string>) {
  for (const type of types)
    if (type === 'shipping_method') await requirePermission(request, 'settings.manage');
}

/** The back office's Translate views, their AI fill-in, and the translations' CSV export and import. */
export const translationsRoutes: FastifyPluginAsyncZod<{ translator?: Translator }> = async (app, opts) => {
  const { db } = app;
  const translator = opts.translator ?? createTranslator(app.config.ai);

  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'string', bodyLimit: MAX_TRANSLATIONS_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/admin/translations/:type',
    {
      schema: {
        tags: ['translations'],
        summary: 'The resources of a type, by name, to pick one to translate (at most 100)',
        params: z.object({ type: z.enum(TRANSLATE_VIEW_TYPES) }),
        querystring: z.object({ search: z.string().trim().max(200).default('') }),
        response: { 200: translatableList, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      await checkTypeRole(request, [request.params.type]);
      const found = await readOriginals(db, request.params.type, {
        search: request.query.search,
        limit: 100,
      });
      return { items: found.map(({ key, label }) => ({ key, label })), languages: await shopLanguages(db) };
    },
  );

  app.get(
    '/admin/translations/:type/:key',
    {
      schema: {
        tags: ['translations'],
        summary: "A resource's translatable fields: each English original beside its translation",
        params: z.object({ type: z.enum(TRANSLATE_VIEW_TYPES), key: z.string().min(1).max(200) }),
        querystring: z.object({ language: translationLanguage.optional() }),
        response: { 200: translationView, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await checkTypeRole(request, [request.params.type]);
      const language = request.query.language ?? (await shopLanguages(db))[0] ?? 'de';
      return getTranslationView(db, request.params.type, request.params.key, language);
    },
  );

  app.put(
    '/admin/translations',
    {
      schema: {
        tags: ['translations'],
        summary: 'Save translations of one language; an empty value removes one',
        body: saveTranslationsBody,
        response: { 200: translationsImportResult, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const { language, items } = request.body;
      await checkTypeRole(request, new Set(items.map((i) => i.type)));
      return saveTranslations(
        db,
        items.map((i) => ({ ...i, language })),
      );
    },
  );

  app.post(
    '/admin/translations/ai',
    {
      schema: {
        tags: ['translations'],
        summary: "Suggest translations of a view's fields with the configured AI provider (nothing is saved)",
        body: aiTranslateBody,
        response: {
          200: aiTranslateResponse,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
          502: errorBody,
        },
      },
      config: { rateLimit: { max: AI_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler' } },
    },
    async (request) => {
      const { type, key, language } = request.body;
      await checkTypeRole(request, [type]);
      const fields: Record<string, string> = {};
      for (const o of await viewOriginals(db, type, key)) {
        for (const [field, text] of Object.entries(o.fields)) {
          if (text.trim()) fields[translationKey(o.type, o.key, field)] = text;
        }
      }
      const answer = await translator.translate({ language, fields });
      const items = Object.entries(answer)
        .filter(([id, value]) => Object.hasOwn(fields, id) && value.trim() !== '')
        .map(([id, value]) => {
          const [itemType = '', itemKey = '', field = ''] = id.split('|');
          return { type: itemType as typeof type, key: itemKey, field, value };
        });
      return { items };
    },
  );

  app.get(
    '/admin/translations/export',
    {
      schema: {
        tags: ['translations'],
        summary: 'Every translatable field as CSV (type, key, field, locale, original, translation)',
        querystring: z.object({ language: translationLanguage.optional() }),
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="translations${request.query.language ? `-${request.query.language}` : ''}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(await exportTranslationsCsv(db, request.query.language)),
  );

  app.post(
    '/admin/translations/import',
    {
      schema: {
        tags: ['translations'],
        summary:
          'Import translations from CSV (text/csv body): every row is checked, and nothing is written when one is wrong',
        response: { 200: translationsImportResult, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string')
        throw invalid('invalid_csv', 'Send the CSV file as the request body (text/csv)');
      const writes = parseTranslationsCsv(request.body);
      await checkTypeRole(request, new Set(writes.map((w) => w.type)));
      return saveTranslations(db, writes, 2);
    },
  );
};
