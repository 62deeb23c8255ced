import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  checkoutSettings,
  checkoutSettingsPatch,
  placeTaxesInput,
  publicCheckoutSettings,
  shippingCountries,
  shippingZone,
  shippingZoneList,
  taxPlace,
  taxPlaceList,
  taxPlaceParams,
  zoneInput,
  zoneParams,
} from '@cartwheel/shared/contracts/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadCheckoutSettings, toCheckoutSettingsJson, updateCheckoutSettings } from './checkout-settings.ts';
import { addStandardTaxes, listTaxPlaces, replacePlaceTaxes } from './tax-rates.service.ts';
import {
  createZone,
  deleteZone,
  getZone,
  listZones,
  shippingCountryList,
  updateZone,
} from './zones.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/** Where the shop ships and what checkout allows (public), and the admin's zones and settings. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const provider = app.config.payments.provider;

  app.get(
    '/shipping/countries',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The countries the shop ships to, with the states to choose from',
        response: { 200: shippingCountries },
      },
    },
    async () => ({ countries: await app.catalogReads.read(shippingCountryList) }),
  );

  app.get(
    '/checkout/settings',
    {
      schema: {
        tags: ['checkout'],
        summary: 'What the storefront needs before a checkout (whether guests may check out)',
        response: { 200: publicCheckoutSettings },
      },
    },
    async () => ({ guest_enabled: (await app.catalogReads.read(loadCheckoutSettings)).guestEnabled }),
  );

  app.get(
    '/admin/shipping/zones',
    {
      schema: {
        tags: ['admin'],
        summary: 'Shipping zones with their methods',
        response: { 200: shippingZoneList },
      },
    },
    async () => ({ items: await listZones(db) }),
  );

  app.post(
    '/admin/shipping/zones',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a shipping zone (a country or state in another zone is refused)',
        body: zoneInput,
        response: { 201: shippingZone, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createZone(db, request.body);
    },
  );

  app.get(
    '/admin/shipping/zones/:zoneId',
    {
      schema: {
        tags: ['admin'],
        summary: 'A shipping zone',
        params: zoneParams,
        response: { 200: shippingZone, ...errors },
      },
    },
    async (request) => getZone(db, request.params.zoneId),
  );

  app.put(
    '/admin/shipping/zones/:zoneId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a shipping zone: its countries and methods (kept by id)',
        params: zoneParams,
        body: zoneInput,
        response: { 200: shippingZone, ...errors },
      },
    },
    async (request) => updateZone(db, request.params.zoneId, request.body),
  );

  app.delete(
    '/admin/shipping/zones/:zoneId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a shipping zone with its methods',
        params: zoneParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await deleteZone(db, request.params.zoneId);
      return { deleted: true as const };
    },
  );

  app.get(
    '/admin/shipping/taxes',
    {
      schema: {
        tags: ['admin'],
        summary: 'The taxes of each country and state that has its own',
        response: { 200: taxPlaceList },
      },
    },
    async () => ({ items: await listTaxPlaces(db) }),
  );

  app.post(
    '/admin/shipping/taxes/standard',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Add the standard rates (US states, Canada, EU and UK VAT, Japan) of the places without taxes',
        response: { 200: taxPlaceList },
      },
    },
    async () => ({ items: await addStandardTaxes(db) }),
  );

  app.put(
    '/admin/shipping/taxes/:place',
    {
      schema: {
        tags: ['admin'],
        summary: "Replace a country's or state's taxes ('DE', 'US-CA'); none: it has none of its own",
        params: taxPlaceParams,
        body: placeTaxesInput,
        response: { 200: taxPlace, ...errors },
      },
    },
    async (request) => replacePlaceTaxes(db, request.params.place, request.body),
  );

  app.get(
    '/admin/settings/checkout',
    {
      schema: { tags: ['admin'], summary: 'Checkout and tax settings', response: { 200: checkoutSettings } },
    },
    async () => {
      const stored = await loadCheckoutSettings(db);
      return toCheckoutSettingsJson(stored, stored.paymentProvider ?? provider);
    },
  );

  app.patch(
    '/admin/settings/checkout',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change checkout and tax settings (only the fields sent)',
        body: checkoutSettingsPatch,
        response: { 200: checkoutSettings, 400: errorBody },
      },
    },
    async (request) => {
      // The hold's floor is the provider's that new checkouts use (Settings → Payments).
      const active = (await loadCheckoutSettings(db)).paymentProvider ?? provider;
      return toCheckoutSettingsJson(await updateCheckoutSettings(db, request.body, active), active);
    },
  );
};
