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
import { cardsInMarket } from '../../markets/market-answers.ts';
import { baseAmount, converts } from '../../markets/market-prices.ts';
import { readLanguage } from '../../translations/translated-sql.ts';
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
      const { market, locale, ...q } = request.query;
      const pricing = await app.markets.resolve(app.db, market, locale);
      const language = readLanguage(locale);
      const key = `search:${JSON.stringify(q)}:${pricing.market.handle}:${language}`;
      const rendered = await cache.get(key, async () => {
        // The price filters are in the market's currency; the catalog's prices are in the base one.
        const filters = converts(pricing)
          ? {
              ...q,
              price_min: q.price_min === undefined ? undefined : baseAmount(pricing, q.price_min),
              price_max: q.price_max === undefined ? undefined : baseAmount(pricing, q.price_max),
            }
          : q;
        const answer = JSON.stringify(await provider.search(filters, language));
        return {
          text: await app.catalogReads.read((db) => cardsInMarket(db, pricing, answer)),
          tags: LIST_TAGS.products,
        };
      });
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
      const { q, locale } = request.query;
      const language = readLanguage(locale);
      const rendered = await cache.get(`suggest:${q.toLowerCase()}:${language}`, async () => ({
        text: JSON.stringify(await provider.suggest(q, language)),
        tags: LIST_TAGS.products,
      }));
      return sendRendered(request, reply, rendered, JSON_TYPE);
    },
  );
};
