import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  searchSuggestions,
  searchSuggestionsQuery,
  storefrontSearchQuery,
  storefrontSearchResult,
} from '@cartwheel/shared/contracts/storefront-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendRendered } from '../../../lib/read-cache.ts';
import { LIST_TAGS } from '../../catalog/cache-tags.ts';
import type { SearchProvider } from './search-provider.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The storefront's search and facets, and the header's suggestions. Answers are kept in the catalog
 * cache like the other catalog reads (emptied on every catalog change, docs/decisions/0012-read-caches.md),
 * and shared caches may keep them under the product lists' tags, which every product, category and
 * brand change purges (decision 0036).
 */
export const storefrontSearchRoutes: FastifyPluginAsyncZod<{ provider: SearchProvider }> = async (
  app,
  { provider },
) => {
  const cache = app.catalogCache;

  app.get(
    '/search',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Visible products matching search text and filters, with facet counts and "Did you mean"',
        querystring: storefrontSearchQuery,
        response: { 200: storefrontSearchResult, 400: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `search:${JSON.stringify(q)}`;
      const rendered = await cache.get(key, async () => ({
        text: JSON.stringify(await provider.search(q)),
        tags: LIST_TAGS.products,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );

  app.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A few products and categories for the search text, for suggestions while typing',
        querystring: searchSuggestionsQuery,
        response: { 200: searchSuggestions, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { q } = request.query;
      const rendered = await cache.get(`suggest:${q.toLowerCase()}`, async () => ({
        text: JSON.stringify(await provider.suggest(q)),
        tags: LIST_TAGS.products,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );
};
