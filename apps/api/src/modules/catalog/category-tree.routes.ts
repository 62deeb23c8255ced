import { localeQuery } from '@cartwheel/shared/contracts/catalog';
import {
  adminCategoryList,
  categoryCreateBody,
  categoryMoveBody,
  categoryPage,
  categoryTree,
  categoryUpdateBody,
} from '@cartwheel/shared/contracts/category-tree';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRendered } from '../../lib/read-cache.ts';
import { readLanguage } from '../translations/translated-sql.ts';
import { LIST_TAGS } from './cache-tags.ts';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  moveCategory,
  updateCategory,
} from './category-admin.service.ts';
import { getCategoryPage, getCategoryTree } from './category-tree.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const categoryParams = z.object({ categoryId: z.uuid('categoryId must be a category id') });
const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/**
 * The category tree: the storefront's menu and category pages (kept in the catalog cache like the
 * other catalog reads, tagged with the categories list, which every category change purges), and
 * the back office's Categories screen (roles: admin-access.ts; managers and admins write).
 */

export const categoryTreeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, catalogReads: reads, catalogCache: cache } = app;

  app.get(
    '/category-tree',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The visible categories as a tree (a hidden category hides its subtree)',
        querystring: localeQuery,
        response: { 200: categoryTree, 400: errorBody },
      },
    },
    async (request, reply) => {
      const language = readLanguage(request.query.locale);
      const rendered = await cache.get(`category-tree:${language}`, async () => ({
        text: JSON.stringify(
          categoryTree.parse({ items: await reads.read((db) => getCategoryTree(db, language)) }),
        ),
        tags: LIST_TAGS.categories,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  app.get(
    '/categories/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One visible category with its breadcrumb (ancestors, top first) and sub-categories',
        params: z.object({ slug: z.string().min(1).max(200) }),
        querystring: localeQuery,
        response: { 200: categoryPage, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const language = readLanguage(request.query.locale);
      const rendered = await cache.get(`category:${slug}:${language}`, async () => ({
        text: JSON.stringify(
          categoryPage.parse(await reads.read((db) => getCategoryPage(db, slug, language))),
        ),
        tags: LIST_TAGS.categories,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  const adminList = { 200: adminCategoryList, ...errors };

  app.get(
    '/admin/categories',
    {
      schema: {
        tags: ['admin categories'],
        summary: 'Every category, hidden ones too, in tree order',
        response: { 200: adminCategoryList },
      },
    },
    async () => ({ items: await listAdminCategories(db) }),
  );

  app.post(
    '/admin/categories',
    {
      schema: {
        tags: ['admin categories'],
        summary: 'Create a category, last among its siblings',
        body: categoryCreateBody,
        response: { 201: adminCategoryList, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ items: await createCategory(db, request.body) }),
  );

  app.patch(
    '/admin/categories/:categoryId',
    {
      schema: {
        tags: ['admin categories'],
        summary: 'Rename, show or hide a category, or move it under another parent',
        params: categoryParams,
        body: categoryUpdateBody,
        response: adminList,
      },
    },
    async (request) => ({ items: await updateCategory(db, request.params.categoryId, request.body) }),
  );

  app.post(
    '/admin/categories/:categoryId/move',
    {
      schema: {
        tags: ['admin categories'],
        summary: 'Move a category one place up or down among its siblings',
        params: categoryParams,
        body: categoryMoveBody,
        response: adminList,
      },
    },
    async (request) => ({ items: await moveCategory(db, request.params.categoryId, request.body) }),
  );

  app.delete(
    '/admin/categories/:categoryId',
    {
      schema: {
        tags: ['admin categories'],
        summary: 'Delete a category: its sub-categories move up to its parent, its products stay',
        params: categoryParams,
        response: adminList,
      },
    },
    async (request) => ({ items: await deleteCategory(db, request.params.categoryId) }),
  );
};
