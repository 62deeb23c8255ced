import { errorBody } from '@cartwheel/shared/contracts/errors';
import { productGiftCardBody } from '@cartwheel/shared/contracts/gift-card-lines';
import {
  giftCardBalance,
  giftCardBalanceBody,
  giftCardDetail,
  giftCardList,
  giftCardListQuery,
  giftCardParams,
  issuedGiftCard,
  issueGiftCardBody,
  storeCredit,
  storeCreditBody,
  storeCreditParams,
  updateGiftCardBody,
} from '@cartwheel/shared/contracts/gift-cards';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITED_MESSAGE } from '../accounts/rate-limit.ts';
import { requireViewer } from '../accounts/viewer.ts';
import {
  changeStoreCredit,
  checkBalance,
  getGiftCard,
  getStoreCredit,
  issueByStaff,
  listGiftCards,
  setDisabled,
  setGiftCardProduct,
} from './gift-cards.admin.ts';

const productParams = z.object({ productId: z.uuid('productId must be a product id') });

const errors = { 400: errorBody, 404: errorBody, 422: errorBody };
const tags = ['gift-cards'];
const actorId = async (request: FastifyRequest) => (await requireViewer(request)).userId;

/** Look-ups of gift card codes one address may make per window: enough for a shopper, not for guessing. */
const BALANCE_CHECKS_PER_IP = 10;
const BALANCE_WINDOW_SECONDS = 60;

/** Gift cards and store credit: the back office's (roles in ADMIN_ROUTE_ROLES) and the shopper's balance check. */
export const giftCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/products/:productId/gift-card',
    {
      schema: {
        tags,
        summary: 'Whether a product is sold as a gift card',
        params: productParams,
        response: { 200: productGiftCardBody, 404: errorBody },
      },
    },
    async (request) => ({ is_gift_card: await setGiftCardProduct(db, request.params.productId) }),
  );

  app.put(
    '/admin/products/:productId/gift-card',
    {
      schema: {
        tags,
        summary: 'Sells a product as a gift card (its variants are the amounts), or as goods again',
        params: productParams,
        body: productGiftCardBody,
        response: { 200: productGiftCardBody, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      is_gift_card: await setGiftCardProduct(db, request.params.productId, request.body.is_gift_card),
    }),
  );

  app.get(
    '/admin/gift-cards',
    {
      schema: {
        tags,
        summary: 'Gift cards, newest first (q: the last characters of a code)',
        querystring: giftCardListQuery,
        response: { 200: giftCardList, 400: errorBody },
      },
    },
    async (request) => ({ items: await listGiftCards(db, request.query.q) }),
  );

  app.post(
    '/admin/gift-cards',
    {
      schema: {
        tags,
        summary: 'Issue a gift card; the answer carries its code, shown only this once',
        body: issueGiftCardBody,
        response: { 201: issuedGiftCard, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return issueByStaff({ ...app.checkout.ctx, db }, request.body, await actorId(request));
    },
  );

  app.get(
    '/admin/gift-cards/:giftCardId',
    {
      schema: {
        tags,
        summary: 'A gift card and its ledger',
        params: giftCardParams,
        response: { 200: giftCardDetail, ...errors },
      },
    },
    async (request) => getGiftCard(db, request.params.giftCardId),
  );

  app.patch(
    '/admin/gift-cards/:giftCardId',
    {
      schema: {
        tags,
        summary: 'Disable a gift card (or enable it again)',
        params: giftCardParams,
        body: updateGiftCardBody,
        response: { 200: giftCardDetail, ...errors },
      },
    },
    async (request) => setDisabled(db, request.params.giftCardId, request.body.disabled),
  );

  app.get(
    '/admin/customers/:customerId/store-credit',
    {
      schema: {
        tags,
        summary: "A customer's store credit and its ledger",
        params: storeCreditParams,
        response: { 200: storeCredit, ...errors },
      },
    },
    async (request) => getStoreCredit(db, request.params.customerId),
  );

  app.post(
    '/admin/customers/:customerId/store-credit',
    {
      schema: {
        tags,
        summary: 'Give store credit to a customer (or take some back with a negative amount)',
        params: storeCreditParams,
        body: storeCreditBody,
        response: { 200: storeCredit, ...errors },
      },
    },
    async (request) => changeStoreCredit(db, request.params.customerId, request.body, await actorId(request)),
  );

  app.post(
    '/gift-cards/balance',
    {
      schema: {
        tags,
        summary: "A gift card's balance and expiry (rate limited per address)",
        body: giftCardBalanceBody,
        response: { 200: giftCardBalance, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const limited = await hitRateLimit(
        db,
        [{ key: `gift-card-balance:ip:${request.ip}`, limit: BALANCE_CHECKS_PER_IP }],
        BALANCE_WINDOW_SECONDS,
      );
      if (!limited.ok) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_MESSAGE);
      }
      return checkBalance(db, request.body.code);
    },
  );
};
