import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  exchangeRate,
  exchangeRateInput,
  exchangeRateParams,
  fixedPriceInput,
  fixedPriceList,
  fixedPriceParams,
  type Market,
  market,
  marketInput,
  marketList,
  marketParams,
} from '@cartwheel/shared/contracts/markets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/audit.service.ts';
import {
  createMarket,
  deleteExchangeRate,
  deleteMarket,
  getMarket,
  listFixedPrices,
  listMarkets,
  listRates,
  replaceFixedPrices,
  setExchangeRate,
  updateMarket,
} from './markets.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const deleted = z.object({ deleted: z.literal(true) });

const marketTarget = (m: Market) => ({ type: 'market', id: m.id, label: m.name });

/** A market's settings as the audit log compares them: not its count of fixed prices. */
function marketFields(m: Market) {
  const { fixed_prices, ...fields } = m;
  return fields;
}

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
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const made = await createMarket(tx, request.body);
        await audit.record(tx, request, {
          action: 'market.created',
          target: marketTarget(made),
          changes: audit.changesBetween(null, marketFields(made)),
        });
        return made;
      });
      return reply.status(201).send(created);
    },
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
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getMarket(tx, request.params.marketId);
        const after = await updateMarket(tx, before.id, request.body);
        const changes = audit.changesBetween(marketFields(before), marketFields(after));
        if (Object.keys(changes).length) {
          await audit.record(tx, request, { action: 'market.updated', target: marketTarget(after), changes });
        }
        return after;
      }),
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
      await db.transaction(async (tx) => {
        const before = await getMarket(tx, request.params.marketId);
        await deleteMarket(tx, before.id);
        await audit.record(tx, request, {
          action: 'market.deleted',
          target: marketTarget(before),
          changes: audit.changesBetween(marketFields(before), null),
        });
      });
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
    async (request) =>
      db.transaction(async (tx) => {
        const { currency } = request.params;
        const before = (await listRates(tx)).find((r) => r.currency === currency);
        const after = await setExchangeRate(tx, currency, request.body.rate);
        if (before?.rate !== after.rate || before?.source !== after.source) {
          await audit.record(tx, request, {
            action: 'exchange_rate.set',
            target: { type: 'exchange_rate', id: currency, label: currency },
            changes: audit.changesBetween(before ? { rate: before.rate, source: before.source } : null, {
              rate: after.rate,
              source: after.source,
            }),
          });
        }
        return after;
      }),
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
      await db.transaction(async (tx) => {
        const { currency } = request.params;
        const before = (await listRates(tx)).find((r) => r.currency === currency);
        await deleteExchangeRate(tx, currency);
        await audit.record(tx, request, {
          action: 'exchange_rate.deleted',
          target: { type: 'exchange_rate', id: currency, label: currency },
          changes: { rate: [before?.rate ?? null, null] },
        });
      });
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
