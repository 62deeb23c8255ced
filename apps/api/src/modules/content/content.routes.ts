import { localeQuery } from '@cartwheel/shared/contracts/catalog';
import {
  contentImage,
  contentPage,
  contentPageList,
  type HomeContent,
  homeContent,
  homeContentRead,
  MAX_CONTENT_IMAGE_BYTES,
  pageInput,
  publicPage,
  type StoreSettings,
  storefrontSite,
  storeSettingsPatch,
  storeSettingsRead,
} from '@cartwheel/shared/contracts/content';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { summarize } from '@cartwheel/shared/seo';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { sendRendered } from '../../lib/read-cache.ts';
import { audit } from '../audit/audit.service.ts';
import { LIST_TAGS } from '../catalog/cache-tags.ts';
import { readLanguage } from '../translations/translated-sql.ts';
import { createImageStore, imageBody } from '../uploads/image-store.ts';
import {
  contentImagesOf,
  namedImageUrls,
  saveSettingsDroppingImages,
  storeContentImage,
} from './content-images.ts';
import {
  createPage,
  deletePage,
  getPage,
  getPublishedPage,
  listPages,
  updatePage,
} from './content-pages.service.ts';
import { markdownToPlainText, renderMarkdown } from './markdown.ts';
import {
  loadHomeContent,
  loadSiteSettings,
  loadStoreSettings,
  saveHomeContent,
  updateStoreSettings,
} from './site-settings.ts';
import { siteBody } from './storefront-site.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const pageParams = z.object({ pageId: z.uuid('Page not found') });
const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/**
 * The storefront's content: the public reads every storefront page makes (kept in the catalog's
 * read cache, emptied by any content change, docs/decisions/0028-storefront-content.md), and the back
 * office's Content (managers write, staff read) and Online Store (admins) pages. Roles: admin-access.ts.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, catalogCache: cache } = app;
  const imageStore = createImageStore(config);
  const homeRead = async (home: HomeContent) => ({
    ...home,
    images: await contentImagesOf(db, [home.hero.image_url]),
  });
  const storeRead = async (store: StoreSettings) => ({
    ...store,
    images: await contentImagesOf(db, [store.logo_url, store.social_image_url]),
  });
  /** Saves settings rows; uploaded images they stop naming are removed (content-images.ts). */
  const saveNaming = <T>(log: FastifyBaseLogger, save: (tx: Tx) => Promise<T>) =>
    saveSettingsDroppingImages(
      db,
      imageStore,
      log,
      async (tx) => {
        const { store, home } = await loadSiteSettings(tx, config);
        return namedImageUrls(store, home);
      },
      save,
    );

  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: MAX_CONTENT_IMAGE_BYTES },
    (_request, body, done) => done(null, body),
  );

  // ---- storefront ----

  app.get(
    '/storefront/site',
    {
      schema: {
        tags: ['content'],
        summary: 'The shop name, logo, colours, hero, announcement and published pages (no personal data)',
        querystring: localeQuery,
        response: { 200: storefrontSite, 400: errorBody },
      },
    },
    async (request, reply) =>
      sendRendered(request, reply, await siteBody(app, readLanguage(request.query.locale)), JSON_TYPE),
  );

  app.get(
    '/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'A published page, its Markdown rendered to sanitised HTML',
        params: z.object({ slug: z.string().min(1).max(200) }),
        querystring: localeQuery,
        response: { 200: publicPage, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const language = readLanguage(request.query.locale);
      const rendered = await cache.get(`content-page:${request.params.slug}:${language}`, async () => {
        const page = await app.catalogReads.read((reader) =>
          getPublishedPage(reader, request.params.slug, language),
        );
        const body = publicPage.parse({
          title: page.title,
          slug: page.slug,
          html: await renderMarkdown(page.body),
          seo_title: page.seo_title,
          seo_description: page.seo_description,
          description: page.seo_description || summarize(markdownToPlainText(page.body)),
        });
        return { text: JSON.stringify(body), tags: LIST_TAGS.site };
      });
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  // ---- back office: Content ----

  app.get(
    '/admin/content/home',
    {
      schema: {
        tags: ['admin content'],
        summary: 'The home hero and announcement bar',
        response: { 200: homeContentRead },
      },
    },
    async () => homeRead(await loadHomeContent(db)),
  );

  app.put(
    '/admin/content/home',
    {
      schema: {
        tags: ['admin content'],
        summary: 'Replace the home hero and announcement bar',
        body: homeContent,
        response: { 200: homeContentRead, 400: errorBody },
      },
    },
    async (request) => homeRead(await saveNaming(request.log, (tx) => saveHomeContent(tx, request.body))),
  );

  app.get(
    '/admin/content/pages',
    {
      schema: {
        tags: ['admin content'],
        summary: 'Every page, drafts included',
        response: { 200: contentPageList },
      },
    },
    async () => ({ items: await listPages(db) }),
  );

  app.post(
    '/admin/content/pages',
    {
      schema: {
        tags: ['admin content'],
        summary: 'Create a page (an empty slug is made from the title)',
        body: pageInput,
        response: { 201: contentPage, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPage(db, request.body)),
  );

  app.get(
    '/admin/content/pages/:pageId',
    {
      schema: {
        tags: ['admin content'],
        summary: 'One page',
        params: pageParams,
        response: { 200: contentPage, ...errors },
      },
    },
    async (request) => getPage(db, request.params.pageId),
  );

  app.put(
    '/admin/content/pages/:pageId',
    {
      schema: {
        tags: ['admin content'],
        summary: "Replace a page's fields (an empty slug keeps the current one)",
        params: pageParams,
        body: pageInput,
        response: { 200: contentPage, ...errors },
      },
    },
    async (request) => updatePage(db, request.params.pageId, request.body),
  );

  app.delete(
    '/admin/content/pages/:pageId',
    {
      schema: {
        tags: ['admin content'],
        summary: 'Delete a page',
        params: pageParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePage(db, request.params.pageId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/content/images',
    {
      bodyLimit: MAX_CONTENT_IMAGE_BYTES,
      schema: {
        tags: ['admin content'],
        summary:
          'Upload an image for the hero, logo or social image (raw body, Content-Type image/*); stores it with its AVIF and WebP copies by width',
        response: { 201: contentImage, 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await storeContentImage(db, imageStore, imageBody(request.body), request.log)),
  );

  // ---- back office: Online Store ----

  app.get(
    '/admin/online-store',
    {
      schema: {
        tags: ['admin content'],
        summary: "The shop's name, logo, colours and default SEO",
        response: { 200: storeSettingsRead },
      },
    },
    async () => storeRead(await loadStoreSettings(db, config)),
  );

  app.patch(
    '/admin/online-store',
    {
      schema: {
        tags: ['admin content'],
        summary:
          "Change the shop's name, logo, colours or default SEO (colours must keep white text readable)",
        body: storeSettingsPatch,
        response: { 200: storeSettingsRead, 400: errorBody },
      },
    },
    async (request) =>
      storeRead(
        await saveNaming(request.log, async (tx) => {
          const before = await loadStoreSettings(tx, config);
          const after = await updateStoreSettings(tx, config, request.body);
          const changes = audit.changesBetween(before, after);
          if (Object.keys(changes).length) {
            await audit.record(tx, request, {
              action: 'store.updated',
              target: { type: 'settings', id: 'store' },
              changes,
            });
          }
          return after;
        }),
      ),
  );
};
