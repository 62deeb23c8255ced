import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  bulkSalesChannelsBody,
  bulkSalesChannelsResult,
  productSalesChannels,
  productSalesChannelsBody,
  shopChannel as shopChannelContract,
} from '@cartwheel/shared/contracts/sales-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announceProductUpdates } from '../catalog/product-webhooks.ts';
import { cachedSite } from '../content/storefront-site.ts';
import { googleFeedXml, metaFeedCsv } from './feed-formats.ts';
import { buildFeed } from './feeds.service.ts';
import { feedReviews, googleReviewsXml } from './review-feed.ts';
import {
  bulkSetSalesChannels,
  getProductSalesChannels,
  setProductSalesChannels,
  shopChannel,
} from './sales-channels.service.ts';

/** Marketplaces fetch a feed a few times a day; a few minutes of caching spares the catalog query. */
const FEED_CACHE = 'public, max-age=300';

/**
 * The public product feeds: /feeds/google.xml (Google Merchant Center), /feeds/google-reviews.xml
 * (Google's product ratings) and /feeds/meta.csv (Meta).
 */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogReads: reads, config } = app;
  app.get(
    '/feeds/google.xml',
    { schema: { tags: ['feeds'], summary: 'Google Merchant Center product feed (RSS 2.0)' } },
    async (_request, reply) => {
      const feed = await reads.read((db) => buildFeed(db, config.publicUrl));
      // The shop's name from Online Store (the environment's SHOP_NAME until staff set one).
      const { name } = (await cachedSite(app)).store;
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', FEED_CACHE)
        .send(googleFeedXml(feed.items, { name, publicUrl: config.publicUrl }));
    },
  );
  app.get(
    '/feeds/google-reviews.xml',
    {
      schema: {
        tags: ['feeds'],
        summary: "Google product ratings: the shop's published product reviews (Product Review Feed 2.4)",
      },
    },
    async (_request, reply) => {
      const reviews = await reads.read((db) => feedReviews(db));
      const { name } = (await cachedSite(app)).store;
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', FEED_CACHE)
        .send(googleReviewsXml(reviews, { name, publicUrl: config.publicUrl }));
    },
  );
  app.get(
    '/feeds/meta.csv',
    { schema: { tags: ['feeds'], summary: 'Meta catalog product feed (CSV)' } },
    async (_request, reply) => {
      const feed = await reads.read((db) => buildFeed(db, config.publicUrl));
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', FEED_CACHE)
        .send(metaFeedCsv(feed.items));
    },
  );
};

/** The back office's Shop channel (managers and admins). */
export const salesChannelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  announceProductUpdates(app);
  app.get(
    '/admin/channels/shop',
    {
      schema: {
        tags: ['admin'],
        summary: 'The product feeds, their item counts and the products they leave out',
        response: { 200: shopChannelContract },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return shopChannel(db, config.publicUrl);
    },
  );
  app.post(
    '/admin/channels/shop/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Include or exclude products from the sales channels',
        body: bulkSalesChannelsBody,
        response: { 200: bulkSalesChannelsResult, 400: errorBody },
      },
    },
    async (request) => bulkSetSalesChannels(db, request.body.ids, request.body.included),
  );
  const productParams = z.object({ productId: z.uuid('productId must be a product id') });
  app.get(
    '/admin/products/:productId/sales-channels',
    {
      schema: {
        tags: ['admin products'],
        summary: "A product's 'Include in sales channels' switch, GTIN and MPN",
        params: productParams,
        response: { 200: productSalesChannels, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => getProductSalesChannels(db, request.params.productId),
  );
  app.put(
    '/admin/products/:productId/sales-channels',
    {
      schema: {
        tags: ['admin products'],
        summary: "A product's 'Include in sales channels' switch, GTIN and MPN",
        params: productParams,
        body: productSalesChannelsBody,
        response: { 200: productSalesChannels, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => setProductSalesChannels(db, request.params.productId, request.body),
  );
};
