import {
  addCartItemBody,
  cart,
  cartChange,
  cartItemParams,
  guestCartBody,
  guestCartPreview,
  mergeCartResult,
  updateCartItemBody,
} from '@cartwheel/shared/contracts/cart';
import { marketParam } from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { cartInMarket } from '../markets/market-answers.ts';
import { translateCartLines } from '../translations/translate-lines.ts';
import { readLanguage } from '../translations/translated-sql.ts';
import { cartAtGroupPrices } from '../wholesale/member-prices.ts';
import { addCartItem, clearCart, getCart, removeCartItem, updateCartItem } from './cart.service.ts';
import { mergeGuestCart, previewGuestCart } from './guest-cart.service.ts';

const inMarket = z.object(marketParam);
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/**
 * The signed-in shopper's cart (every query scoped to the viewer), plus pricing of a guest cart.
 * Prices are always the server's; a price in a request body is not part of any contract.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Carts read in the shopper's market (`?market=`): its currency, its fixed prices.
  const priced = async <T extends Parameters<typeof cartInMarket>[2]>(
    request: Pick<FastifyRequest, 'query' | 'getViewer'>,
    answer: T,
    signedIn = true,
  ) => {
    const query = request.query as { market?: string; locale?: string };
    await translateCartLines(db, readLanguage(query.locale), answer.items);
    const inMarket = await cartInMarket(
      db,
      await app.markets.resolve(db, query.market, query.locale),
      answer,
    );
    // A wholesale customer's cart shows their group's prices (the route has read the viewer already;
    // a guest's preview asks for no viewer: it is priced retail).
    const groupId = signedIn ? (await request.getViewer())?.customerGroupId : null;
    return groupId ? cartAtGroupPrices(db, groupId, inMarket) : inMarket;
  };

  // A cart is personal and changes often: never let a cache or proxy keep it. (Callback style: no
  // promise per response.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: "The signed-in shopper's cart, newest line first, priced by the server",
        response: { 200: cart, 401: errorBody },
      },
    },
    async (request) => priced(request, await getCart(db, (await requireViewer(request)).userId)),
  );

  app.post(
    '/cart/items',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: 'Add a product (and variant); adding the same one again increases its quantity',
        body: addCartItemBody,
        response: { 200: cartChange, ...errors },
      },
    },
    async (request) => {
      const change = await addCartItem(db, (await requireViewer(request)).userId, request.body);
      return { ...change, cart: await priced(request, change.cart) };
    },
  );

  app.patch(
    '/cart/items/:itemId',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: "Set a line's quantity (capped by the stock); 0 or less removes the line",
        params: cartItemParams,
        body: updateCartItemBody,
        response: { 200: cartChange, ...errors },
      },
    },
    async (request) => {
      const userId = (await requireViewer(request)).userId;
      const change = await updateCartItem(db, userId, request.params.itemId, request.body.quantity);
      return { ...change, cart: await priced(request, change.cart) };
    },
  );

  app.delete(
    '/cart/items/:itemId',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: 'Remove one line',
        params: cartItemParams,
        response: { 200: cart, ...errors },
      },
    },
    async (request) =>
      priced(request, await removeCartItem(db, (await requireViewer(request)).userId, request.params.itemId)),
  );

  app.delete(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: 'Empty the cart',
        response: { 200: cart, 401: errorBody },
      },
    },
    async (request) => priced(request, await clearCart(db, (await requireViewer(request)).userId)),
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: 'Merge a guest cart into the server cart (quantities added, capped by stock)',
        body: guestCartBody,
        response: { 200: mergeCartResult, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const merged = await mergeGuestCart(db, (await requireViewer(request)).userId, request.body.items);
      return { ...merged, cart: await priced(request, merged.cart) };
    },
  );

  app.post(
    '/cart/preview',
    {
      schema: {
        tags: ['cart'],
        querystring: inMarket,
        summary: 'Price a guest cart without storing it (no sign-in needed)',
        body: guestCartBody,
        response: { 200: guestCartPreview, 400: errorBody },
      },
    },
    async (request) => priced(request, await previewGuestCart(db, request.body.items), false),
  );
};
