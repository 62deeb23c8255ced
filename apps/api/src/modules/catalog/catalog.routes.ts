import {
  brandList,
  categoryList,
  product,
  productList,
  productListQuery,
} from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getProductBySlug, listBrands, listCategories, listProducts } from './catalog.service.ts';

/** Public catalog reads for the storefront. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Visible products with their relations, filtered, sorted and paged',
        querystring: productListQuery,
        response: { 200: productList, 400: errorBody },
      },
    },
    async (request) => listProducts(db, request.query),
  );

  app.get(
    '/products/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One visible product by slug',
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: product, 404: errorBody },
      },
    },
    async (request) => getProductBySlug(db, request.params.slug),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Visible categories by sort order',
        response: { 200: categoryList },
      },
    },
    async () => ({ items: await listCategories(db) }),
  );

  app.get(
    '/brands',
    { schema: { tags: ['catalog'], summary: 'Brands by name', response: { 200: brandList } } },
    async () => ({ items: await listBrands(db) }),
  );
};
