import { marketParam } from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  mergeWishlistBody,
  mergeWishlistResult,
  sharedWishlistParams,
  wishlist,
  wishlistItemBody,
  wishlistItemParams,
  wishlistPreview,
} from '@cartwheel/shared/contracts/wishlist';
import { unitPrice } from '@cartwheel/shared/money';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { converts, fixedKey, marketAmount, readFixedPrices } from '../markets/market-prices.ts';
import { translateCartLines } from '../translations/translate-lines.ts';
import { readLanguage } from '../translations/translated-sql.ts';
import {
  addWishlistItem,
  getSharedWishlist,
  getWishlist,
  mergeWishlist,
  previewWishlist,
  removeWishlistItem,
} from './wishlists.service.ts';

const inMarket = z.object(marketParam);
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

type PricedItem = {
  product_id: string;
  variant_id: string | null;
  product_name: string;
  variant_title: string | null;
  unit_price: number;
  regular_price: number;
};

/** A list's items in the shopper's market and language (fixed prices win), with `currency`. */
async function inShoppersMarket<T extends { items: PricedItem[] }>(
  app: FastifyInstance,
  query: unknown,
  answer: T,
): Promise<T & { currency: string }> {
  const { market, locale } = query as { market?: string; locale?: string };
  await translateCartLines(app.db, readLanguage(locale), answer.items);
  const pricing = await app.markets.resolve(app.db, market, locale);
  if (converts(pricing)) {
    const fixed = await readFixedPrices(app.db, pricing, [...new Set(answer.items.map((i) => i.product_id))]);
    for (const item of answer.items) {
      const own = fixed.get(fixedKey(item.product_id, item.variant_id));
      item.regular_price = own ? own.price : marketAmount(pricing, item.regular_price);
      item.unit_price = own ? unitPrice(own) : marketAmount(pricing, item.unit_price);
    }
  }
  return Object.assign(answer, { currency: pricing.market.currency });
}

/**
 * The signed-in shopper's wishlist (every query scoped to the viewer), the merge of a guest's list
 * at sign-in, and the read-only page a share link opens.
 */
export const wishlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        querystring: inMarket,
        summary: "The signed-in shopper's wishlist, newest first, priced by the server",
        response: { 200: wishlist, 401: errorBody },
      },
    },
    async (request) =>
      inShoppersMarket(app, request.query, await getWishlist(db, (await requireViewer(request)).userId)),
  );

  app.put(
    '/wishlist/items',
    {
      schema: {
        tags: ['wishlist'],
        querystring: inMarket,
        summary: 'Save a product (and variant) to the wishlist; saving it again changes nothing',
        body: wishlistItemBody,
        response: { 200: wishlist, ...errors },
      },
    },
    async (request) => {
      const userId = (await requireViewer(request)).userId;
      return inShoppersMarket(app, request.query, await addWishlistItem(db, userId, request.body));
    },
  );

  app.delete(
    '/wishlist/items/:itemId',
    {
      schema: {
        tags: ['wishlist'],
        querystring: inMarket,
        summary: 'Remove one item from the wishlist',
        params: wishlistItemParams,
        response: { 200: wishlist, ...errors },
      },
    },
    async (request) => {
      const userId = (await requireViewer(request)).userId;
      return inShoppersMarket(
        app,
        request.query,
        await removeWishlistItem(db, userId, request.params.itemId),
      );
    },
  );

  app.post(
    '/wishlist/merge',
    {
      schema: {
        tags: ['wishlist'],
        querystring: inMarket,
        summary: "Add a guest's wishlist (kept in the browser) to the shopper's at sign-in",
        body: mergeWishlistBody,
        response: { 200: mergeWishlistResult, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const userId = (await requireViewer(request)).userId;
      return inShoppersMarket(app, request.query, await mergeWishlist(db, userId, request.body.items));
    },
  );

  app.post(
    '/wishlist/preview',
    {
      schema: {
        tags: ['wishlist'],
        querystring: inMarket,
        summary: "Show a guest's wishlist (kept in the browser) with today's prices, storing nothing",
        body: mergeWishlistBody,
        response: { 200: wishlistPreview, 400: errorBody },
      },
    },
    async (request) => inShoppersMarket(app, request.query, await previewWishlist(db, request.body.items)),
  );

  app.get(
    '/wishlists/shared/:token',
    {
      schema: {
        tags: ['wishlist'],
        querystring: inMarket,
        summary: 'A wishlist its owner shared: the items, read-only, without who owns it',
        params: sharedWishlistParams,
        response: { 200: wishlistPreview, 400: errorBody, 404: errorBody },
      },
    },
    async (request) =>
      inShoppersMarket(app, request.query, await getSharedWishlist(db, request.params.token)),
  );
};
