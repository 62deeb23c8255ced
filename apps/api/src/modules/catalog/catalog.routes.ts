import {
  brandList,
  categoryList,
  localeQuery,
  marketParam,
  product,
  productList,
  productListQuery,
} from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRendered } from '../../lib/read-cache.ts';
import { cardsInMarket, productInMarket } from '../markets/market-answers.ts';
import { readLanguage } from '../translations/translated-sql.ts';
import { LIST_TAGS, productTags } from './cache-tags.ts';
import { getProductBySlug, listBrands, listCategories, listProductsJson } from './catalog.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public catalog reads for the storefront. Bodies are rendered once per change of the catalog and
 * kept in `app.catalogCache` (docs/decisions/0012-read-caches.md); the contract is checked on render,
 * except for the product list, whose JSON comes from PostgreSQL and is checked by the tests. They are
 * the same for every visitor, so shared caches may keep them under their tags (decision 0036).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogReads: reads, catalogCache: cache } = app;

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Visible products as cards (one image, no options or variants), filtered, sorted and paged',
        querystring: productListQuery,
        response: { 200: productList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const pricing = await app.markets.resolve(app.db, q.market, q.locale);
      const language = readLanguage(q.locale);
      const key = `list:${JSON.stringify([q.search, q.sort, q.category, q.brand, q.featured, q.page, q.limit, pricing.market.handle, language])}`;
      // PostgreSQL's JSON text goes out as is in the base market: the contract is checked by the
      // tests, not per request. In another market its prices are converted once per render.
      const rendered = await cache.get(key, async () => ({
        text: await reads.read(async (db) =>
          cardsInMarket(db, pricing, await listProductsJson(db, { ...q, language })),
        ),
        tags: LIST_TAGS.products,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  app.get(
    '/products/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One visible product by slug',
        params: z.object({ slug: z.string().min(1).max(300) }),
        querystring: z.object(marketParam),
        response: { 200: product, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const pricing = await app.markets.resolve(app.db, request.query.market, request.query.locale);
      const language = readLanguage(request.query.locale);
      const rendered = await cache.get(`product:${slug}:${pricing.market.handle}:${language}`, async () => {
        const found = product.parse(
          await reads.read(async (db) =>
            productInMarket(db, pricing, await getProductBySlug(db, slug, language)),
          ),
        );
        return { text: JSON.stringify(found), tags: productTags(found) };
      });
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Visible categories by sort order',
        querystring: localeQuery,
        response: { 200: categoryList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const language = readLanguage(request.query.locale);
      const rendered = await cache.get(`categories:${language}`, async () => ({
        text: JSON.stringify(
          categoryList.parse({ items: await reads.read((db) => listCategories(db, language)) }),
        ),
        tags: LIST_TAGS.categories,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands by name',
        querystring: localeQuery,
        response: { 200: brandList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const language = readLanguage(request.query.locale);
      const rendered = await cache.get(`brands:${language}`, async () => ({
        text: JSON.stringify(brandList.parse({ items: await reads.read((db) => listBrands(db, language)) })),
        tags: LIST_TAGS.brands,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );
};
