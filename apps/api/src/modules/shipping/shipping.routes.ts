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
import { audit } from '../audit/audit.service.ts';
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
      return db.transaction(async (tx) => {
        const created = await createZone(tx, request.body);
        await audit.record(tx, request, {
          action: 'shipping_zone.created',
          target: { type: 'shipping_zone', id: created.id, label: created.name },
          changes: audit.changesBetween(null, created),
        });
        return created;
      });
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
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getZone(tx, request.params.zoneId);
        const after = await updateZone(tx, before.id, request.body);
        const changes = audit.changesBetween(before, after);
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'shipping_zone.updated',
            target: { type: 'shipping_zone', id: after.id, label: after.name },
            changes,
          });
        }
        return after;
      }),
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
      await db.transaction(async (tx) => {
        const before = await getZone(tx, request.params.zoneId);
        await deleteZone(tx, before.id);
        await audit.record(tx, request, {
          action: 'shipping_zone.deleted',
          target: { type: 'shipping_zone', id: before.id, label: before.name },
          changes: audit.changesBetween(before, null),
        });
      });
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
    async (request) =>
      db.transaction(async (tx) => {
        const before = new Set((await listTaxPlaces(tx)).map((p) => p.place));
        const items = await addStandardTaxes(tx);
        const added = items.filter((p) => !before.has(p.place)).map((p) => p.place);
        if (added.length) {
          await audit.record(tx, request, {
            action: 'tax_places.standard_added',
            target: { type: 'tax_places' },
            changes: { places: [null, added] },
          });
        }
        return { items };
      }),
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
    async (request) =>
      db.transaction(async (tx) => {
        const before = (await listTaxPlaces(tx)).find((p) => p.place === request.params.place);
        const after = await replacePlaceTaxes(tx, request.params.place, request.body);
        const changes = audit.changesBetween({ rates: before?.rates ?? [] }, { rates: after.rates });
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'tax_place.updated',
            target: { type: 'tax_place', id: after.place, label: after.name },
            changes,
          });
        }
        return after;
      }),
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
    async (request) =>
      db.transaction(async (tx) => {
        // The hold's floor is the provider's that new checkouts use (Settings → Payments).
        const current = await loadCheckoutSettings(tx);
        const active = current.paymentProvider ?? provider;
        const before = toCheckoutSettingsJson(current, active);
        const after = toCheckoutSettingsJson(await updateCheckoutSettings(tx, request.body, active), active);
        const changes = audit.changesBetween(before, after);
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'checkout_settings.updated',
            target: { type: 'settings', id: 'checkout' },
            changes,
          });
        }
        return after;
      }),
  );
};
