import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  exchangeRate,
  exchangeRateInput,
  exchangeRateParams,
  fixedPriceInput,
  fixedPriceList,
  fixedPriceParams,
  market,
  marketInput,
  marketList,
  marketParams,
} from '@cartwheel/shared/contracts/markets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMarket,
  deleteExchangeRate,
  deleteMarket,
  listFixedPrices,
  listMarkets,
  replaceFixedPrices,
  setExchangeRate,
  updateMarket,
} from './markets.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const deleted = z.object({ deleted: z.literal(true) });

/** The back office's markets, exchange rates and fixed prices (roles: accounts/admin-access.ts). */
export const marketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['admin: markets'];

  app.get(
    '/admin/markets',
    {
      schema: {
        tags,
        summary: 'Markets, the base currency and the exchange rates',
        response: { 200: marketList },
      },
    },
    async () => listMarkets(db, Boolean(app.config.exchangeRatesUrl)),
  );

  app.post(
    '/admin/markets',
    {
      schema: {
        tags,
        summary: 'Create a market (a country sells in one active market)',
        body: marketInput,
        response: { 201: market, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createMarket(db, request.body)),
  );

  app.put(
    '/admin/markets/:marketId',
    {
      schema: {
        tags,
        summary: "Replace a market's settings",
        params: marketParams,
        body: marketInput,
        response: { 200: market, ...errors },
      },
    },
    async (request) => updateMarket(db, request.params.marketId, request.body),
  );

  app.delete(
    '/admin/markets/:marketId',
    {
      schema: {
        tags,
        summary: 'Delete a market with its fixed prices (not the base market)',
        params: marketParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await deleteMarket(db, request.params.marketId);
      return { deleted: true as const };
    },
  );

  app.put(
    '/admin/exchange-rates/:currency',
    {
      schema: {
        tags,
        summary: 'Set an exchange rate by hand: units of the currency per one unit of the base currency',
        params: exchangeRateParams,
        body: exchangeRateInput,
        response: { 200: exchangeRate, ...errors },
      },
    },
    async (request) => setExchangeRate(db, request.params.currency, request.body.rate),
  );

  app.delete(
    '/admin/exchange-rates/:currency',
    {
      schema: {
        tags,
        summary: 'Delete an exchange rate (a market in that currency cannot sell until it has one)',
        params: exchangeRateParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await deleteExchangeRate(db, request.params.currency);
      return { deleted: true as const };
    },
  );

  app.get(
    '/admin/markets/:marketId/prices/:productId',
    {
      schema: {
        tags,
        summary: "A product's fixed prices in a market",
        params: fixedPriceParams,
        response: { 200: fixedPriceList, ...errors },
      },
    },
    async (request) => listFixedPrices(db, request.params.marketId, request.params.productId),
  );

  app.put(
    '/admin/markets/:marketId/prices/:productId',
    {
      schema: {
        tags,
        summary:
          "Replace a product's fixed prices in a market (the others are converted from the base price)",
        params: fixedPriceParams,
        body: fixedPriceInput,
        response: { 200: fixedPriceList, ...errors },
      },
    },
    async (request) =>
      replaceFixedPrices(db, request.params.marketId, request.params.productId, request.body.items),
  );
};
