import { errorBody } from '@cartwheel/shared/contracts/errors';
import { menusInput, menusRead } from '@cartwheel/shared/contracts/menus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../audit/audit.service.ts';
import { loadMenus, readMenus, saveMenus } from './menus.ts';

/**
 * The back office's navigation editor: the storefront's header and footer menus (managers edit, staff
 * read; roles in admin-access.ts). The storefront reads them with the site (storefront-site.ts).
 */
export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/menus',
    {
      schema: {
        tags: ['admin content'],
        summary:
          "The header's and footer's menus, each item with what it leads to and whether shoppers see it",
        response: { 200: menusRead },
      },
    },
    async () => readMenus(db),
  );

  app.put(
    '/admin/menus',
    {
      schema: {
        tags: ['admin content'],
        summary:
          'Replace both menus (pages, categories, products, places of the shop, custom links), in the order given',
        body: menusInput,
        response: { 200: menusRead, 400: errorBody },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const before = await loadMenus(tx);
        await saveMenus(tx, request.body);
        const changes = audit.changesBetween(before.menus, request.body);
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'menus.updated',
            target: { type: 'settings', id: 'menus' },
            changes,
          });
        }
      });
      return readMenus(db);
    },
  );
};
