import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  locationParams,
  productStock,
  type StockLocation,
  type StockTransfer,
  stockCountInput,
  stockHistory,
  stockHistoryQuery,
  stockLocation,
  stockLocationInput,
  stockLocationList,
  stockTransfer,
  stockTransferInput,
  stockTransferList,
  transferParams,
} from '@cartwheel/shared/contracts/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { countAtLocation, onHandAt } from './location-stock.ts';
import {
  createLocation,
  getLocation,
  stockHistory as historyOf,
  listLocations,
  productStock as productStockOf,
  resolveItem,
  updateLocation,
} from './locations.service.ts';
import {
  cancelTransfer,
  createTransfer,
  getTransfer,
  listTransfers,
  receiveTransfer,
  sendTransfer,
} from './transfers.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const productParams = z.object({ productId: z.uuid('productId must be a UUID') });

const locationTarget = (l: StockLocation) => ({ type: 'location', id: l.id, label: l.name });
const locationFields = ({ on_hand, incoming, ...fields }: StockLocation) => fields;
const transferTarget = (t: StockTransfer) => ({
  type: 'transfer',
  id: t.id,
  label: `${t.origin_name} → ${t.destination_name}`,
});

/**
 * Stock locations, stock per location, counts, the stock history and transfers (back office;
 * permissions in accounts/admin-access.ts; docs/decisions/0095-stock-locations.md).
 */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['admin: stock locations'];

  app.get(
    '/admin/locations',
    {
      schema: { tags, summary: 'Stock locations with what they hold', response: { 200: stockLocationList } },
    },
    async () => ({ items: await listLocations(db) }),
  );

  app.post(
    '/admin/locations',
    {
      schema: {
        tags,
        summary: 'Create a stock location',
        body: stockLocationInput,
        response: { 201: stockLocation, ...errors },
      },
    },
    async (request, reply) => {
      const made = await db.transaction(async (tx) => {
        const location = await createLocation(tx, request.body);
        await audit.record(tx, request, {
          action: 'location.created',
          target: locationTarget(location),
          changes: audit.changesBetween(null, locationFields(location)),
        });
        return location;
      });
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/admin/locations/:locationId',
    {
      schema: {
        tags,
        summary:
          "Replace a location's details; its stock counts online only while active and serving online orders",
        params: locationParams,
        body: stockLocationInput,
        response: { 200: stockLocation, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getLocation(tx, request.params.locationId);
        const after = await updateLocation(tx, before.id, request.body);
        const changes = audit.changesBetween(locationFields(before), locationFields(after));
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'location.updated',
            target: locationTarget(after),
            changes,
          });
        }
        return after;
      }),
  );

  app.get(
    '/admin/products/:productId/stock',
    {
      schema: {
        tags,
        summary: "A product's items with their stock at each location",
        params: productParams,
        response: { 200: productStock, ...errors },
      },
    },
    async (request) => ({ items: await productStockOf(db, request.params.productId) }),
  );

  app.put(
    '/admin/stock/levels',
    {
      schema: {
        tags,
        summary: 'Count: set what is on hand of an item at a location (the difference is recorded)',
        body: stockCountInput,
        response: { 200: productStock, ...errors },
      },
    },
    async (request) => {
      const actor = await audit.actorOf(request);
      const body = request.body;
      const productId = await db.transaction(async (tx) => {
        const location = await getLocation(tx, body.location_id);
        const line = await resolveItem(tx, body);
        const before = await onHandAt(tx, location.id, line.variantId ?? line.productId);
        await countAtLocation(tx, location.id, line, body.on_hand, actor.userId);
        await audit.record(tx, actor, {
          action: 'stock.counted',
          target: { type: 'location', id: location.id, label: `${line.label} at ${location.name}` },
          changes: { on_hand: [before, body.on_hand] },
        });
        return line.productId;
      });
      return { items: await productStockOf(db, productId) };
    },
  );

  app.get(
    '/admin/stock/history',
    {
      schema: {
        tags,
        summary: 'The stock history, newest first: of an item, of a location, or of the whole shop',
        querystring: stockHistoryQuery,
        response: { 200: stockHistory, ...errors },
      },
    },
    async (request) => ({ items: await historyOf(db, request.query) }),
  );

  app.get(
    '/admin/transfers',
    {
      schema: {
        tags,
        summary: 'Transfers between locations, newest first',
        response: { 200: stockTransferList },
      },
    },
    async () => ({ items: await listTransfers(db) }),
  );

  app.get(
    '/admin/transfers/:transferId',
    {
      schema: {
        tags,
        summary: 'A transfer',
        params: transferParams,
        response: { 200: stockTransfer, ...errors },
      },
    },
    async (request) => getTransfer(db, request.params.transferId),
  );

  app.post(
    '/admin/transfers',
    {
      schema: {
        tags,
        summary: 'Create a draft transfer between two locations',
        body: stockTransferInput,
        response: { 201: stockTransfer, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await audit.actorOf(request);
      const made = await db.transaction(async (tx) => {
        const transfer = await createTransfer(tx, request.body, actor.userId);
        await audit.record(tx, actor, { action: 'transfer.created', target: transferTarget(transfer) });
        return transfer;
      });
      return reply.status(201).send(made);
    },
  );

  const steps = [
    ['send', sendTransfer, 'transfer.sent', 'Send a draft transfer: its units leave the origin'],
    ['receive', receiveTransfer, 'transfer.received', 'Receive a sent transfer: its units arrive'],
    ['cancel', cancelTransfer, 'transfer.cancelled', "Cancel a transfer; a sent one's units go back"],
  ] as const;
  for (const [path, step, action, summary] of steps) {
    app.post(
      `/admin/transfers/:transferId/${path}`,
      { schema: { tags, summary, params: transferParams, response: { 200: stockTransfer, ...errors } } },
      async (request) => {
        const actor = await audit.actorOf(request);
        return db.transaction(async (tx) => {
          const before = await getTransfer(tx, request.params.transferId);
          const after = await step(tx, before.id, actor.userId);
          await recordStep(tx, actor, action, after, before.status);
          return after;
        });
      },
    );
  }
};

async function recordStep(
  tx: Tx,
  actor: AuditActor,
  action: 'transfer.sent' | 'transfer.received' | 'transfer.cancelled',
  after: StockTransfer,
  from: string,
) {
  await audit.record(tx, actor, {
    action,
    target: transferTarget(after),
    changes: { status: [from, after.status] },
  });
}
