import {
  addressInput,
  addressList,
  addressParams,
  addressPatch,
  savedAddress,
} from '@cartwheel/shared/contracts/addresses';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../accounts/viewer.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** The signed-in shopper's address book; every query is scoped to the viewer. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Addresses are personal: never let a cache or proxy keep them.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  app.get(
    '/account/addresses',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in shopper's saved addresses, the default first",
        response: { 200: addressList, 401: errorBody },
      },
    },
    async (request) => ({ items: await listAddresses(db, (await requireViewer(request)).userId) }),
  );

  app.post(
    '/account/addresses',
    {
      schema: {
        tags: ['account'],
        summary: 'Save an address (the first one, or one sent with is_default, becomes the default)',
        body: addressInput,
        response: { 201: savedAddress, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.status(201);
      return createAddress(db, viewer.userId, request.body);
    },
  );

  app.patch(
    '/account/addresses/:addressId',
    {
      schema: {
        tags: ['account'],
        summary: 'Change a saved address; the fields not sent stay as they are',
        params: addressParams,
        body: addressPatch,
        response: { 200: savedAddress, ...errors },
      },
    },
    async (request) =>
      updateAddress(db, (await requireViewer(request)).userId, request.params.addressId, request.body),
  );

  app.delete(
    '/account/addresses/:addressId',
    {
      schema: {
        tags: ['account'],
        summary:
          'Delete a saved address (a deleted default passes to the newest remaining one); answers the addresses left',
        params: addressParams,
        response: { 200: addressList, ...errors },
      },
    },
    async (request) => {
      const { userId } = await requireViewer(request);
      await deleteAddress(db, userId, request.params.addressId);
      return { items: await listAddresses(db, userId) };
    },
  );

  app.post(
    '/account/addresses/:addressId/default',
    {
      schema: {
        tags: ['account'],
        summary: 'Make a saved address the default',
        params: addressParams,
        response: { 200: savedAddress, ...errors },
      },
    },
    async (request) => setDefaultAddress(db, (await requireViewer(request)).userId, request.params.addressId),
  );
};
