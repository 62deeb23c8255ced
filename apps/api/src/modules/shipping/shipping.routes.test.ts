import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { type Method, sendAs } from '../../../test/requests.ts';
import { ensureShippingZones } from './default-zones.ts';
import { getCheckoutSettings, pickZone, resolveDestination } from './destination.ts';

const suite = appWithAdminPerFile();

const call = (method: Method, url: string, payload?: unknown) =>
  sendAs(suite.ctx.app, suite.admin.cookie, method, url, payload);

const usZone = {
  name: 'United States',
  countries: ['US'],
  methods: [
    {
      name: 'Standard',
      delivery_estimate: '3–5 days',
      kind: 'free_over',
      amount_cents: 599,
      free_over_cents: 5000,
    },
    { name: 'Express', kind: 'flat', amount_cents: 1499 },
  ],
};

async function clearZones() {
  await suite.ctx.db.execute(sql`DELETE FROM shipping_zones`);
  await suite.ctx.db.execute(sql`DELETE FROM tax_rates`);
}

async function create(body: unknown) {
  const res = await call('POST', '/api/admin/shipping/zones', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('shipping zones (admin)', () => {
  it('creates a zone with its methods, lists, reads and deletes it', async () => {
    await clearZones();
    const zone = await create(usZone);
    expect(zone.methods.map((m: { name: string }) => m.name)).toEqual(['Standard', 'Express']);
    const list = (await call('GET', '/api/admin/shipping/zones')).json();
    expect(list.items).toHaveLength(1);
    expect((await call('GET', `/api/admin/shipping/zones/${zone.id}`)).json().name).toBe('United States');
    expect((await call('DELETE', `/api/admin/shipping/zones/${zone.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/shipping/zones/${zone.id}`)).statusCode).toBe(404);
  });

  it('keeps a method id across an update, and removes methods not sent', async () => {
    await clearZones();
    const zone = await create(usZone);
    const standard = zone.methods[0];
    const res = await call('PUT', `/api/admin/shipping/zones/${zone.id}`, {
      ...usZone,
      methods: [{ ...standard, amount_cents: 699 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().methods).toEqual([expect.objectContaining({ id: standard.id, amount_cents: 699 })]);
  });

  it('refuses a country already in another zone with 409 naming that zone, and writes nothing', async () => {
    await clearZones();
    await create(usZone);
    const res = await call('POST', '/api/admin/shipping/zones', {
      name: 'North America',
      countries: ['CA', 'US'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('United States is already in the zone "United States"');
    expect(res.json().error.details[0].field).toBe('body.countries.1');
    expect((await call('GET', '/api/admin/shipping/zones')).json().items).toHaveLength(1);
  });

  it('allows a zone of some states beside a whole-country zone, but not the same state twice', async () => {
    await clearZones();
    await create(usZone);
    await create({ name: 'West coast', countries: ['US'], states: ['US-CA', 'US-OR'] });
    const res = await call('POST', '/api/admin/shipping/zones', {
      name: 'California',
      countries: ['US'],
      states: ['US-CA'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('California, United States is already in the zone "West coast"');
  });

  it('answers field errors for unknown countries, states and bands that do not go up', async () => {
    const bad = async (body: unknown) => {
      const res = await call('POST', '/api/admin/shipping/zones', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.details[0];
    };
    expect(await bad({ name: 'X', countries: ['XX'] })).toMatchObject({ field: 'body.countries.0' });
    expect(await bad({ name: 'X', countries: ['DE'], states: ['US-CA'] })).toMatchObject({
      field: 'body.states.0',
    });
    expect(await bad({ name: 'X', countries: [] })).toMatchObject({ message: 'Choose at least one country' });
    expect(
      await bad({
        name: 'X',
        countries: ['FR'],
        methods: [
          {
            name: 'By weight',
            kind: 'weight',
            weight_bands: [
              { up_to_grams: 1000, amount_cents: 500 },
              { up_to_grams: 500, amount_cents: 900 },
            ],
          },
        ],
      }),
    ).toMatchObject({ field: 'body.methods.0.weight_bands.1.up_to_grams' });
    expect(
      await bad({
        name: 'X',
        countries: ['FR'],
        methods: [{ name: 'Free', kind: 'free_over', amount_cents: 500 }],
      }),
    ).toMatchObject({ field: 'body.methods.0.free_over_cents' });
  });
});

describe('resolveDestination', () => {
  it('picks the state zone over the whole country, and answers null where nothing ships', async () => {
    await clearZones();
    await create(usZone);
    const west = await create({
      name: 'West coast',
      countries: ['US'],
      states: ['US-CA'],
      methods: [
        {
          name: 'Ground',
          kind: 'weight',
          weight_bands: [
            { up_to_grams: 1000, amount_cents: 500 },
            { up_to_grams: null, amount_cents: 900 },
          ],
        },
      ],
    });
    const db = suite.ctx.db;
    const ca = await resolveDestination(db, { country: 'US', state: 'CA' });
    expect(ca?.zone).toEqual({ id: west.id, name: 'West coast' });
    expect(ca?.methods[0]?.weightBands).toEqual([
      { upToGrams: 1000, amountCents: 500 },
      { upToGrams: null, amountCents: 900 },
    ]);
    const ny = await resolveDestination(db, { country: 'us', state: 'NY' });
    expect(ny?.zone.name).toBe('United States');
    expect(ny?.methods.map((m) => [m.name, m.kind, m.amountCents, m.freeOverCents])).toEqual([
      ['Standard', 'free_over', 599, 5000],
      ['Express', 'flat', 1499, null],
    ]);
    expect(await resolveDestination(db, { country: 'FR' })).toBeNull();
  });

  it('a country listed only with some states ships to those states alone', () => {
    const zones = [{ id: 'a', states: ['US-CA'] }];
    expect(pickZone(zones, 'US', 'CA')?.id).toBe('a');
    expect(pickZone(zones, 'US', 'US-CA')?.id).toBe('a');
    expect(pickZone(zones, 'US', 'NY')).toBeNull();
    expect(pickZone(zones, 'US', null)).toBeNull();
  });
});

describe('public routes', () => {
  it('lists the countries we ship to with their states', async () => {
    await clearZones();
    await create({ name: 'West coast', countries: ['US'], states: ['US-CA', 'US-OR'] });
    await create({ name: 'Europe', countries: ['FR', 'DE'] });
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/shipping/countries' });
    expect(res.statusCode).toBe(200);
    expect(res.json().countries).toEqual([
      { code: 'FR', name: 'France', states: [] },
      { code: 'DE', name: 'Germany', states: [] },
      {
        code: 'US',
        name: 'United States',
        states: [
          { code: 'CA', name: 'California' },
          { code: 'OR', name: 'Oregon' },
        ],
      },
    ]);
  });
});

describe('checkout settings', () => {
  it('starts with guests on and a 30-minute hold, and changes only the fields sent', async () => {
    const get = await call('GET', '/api/admin/settings/checkout');
    expect(get.json()).toEqual({
      guest_enabled: true,
      hold_minutes: 30,
      prices_include_tax: false,
      hold_minutes_min: 5,
      hold_minutes_max: 1440,
    });
    const res = await call('PATCH', '/api/admin/settings/checkout', {
      guest_enabled: false,
      hold_minutes: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ guest_enabled: false, hold_minutes: 10, prices_include_tax: false });
    expect(await getCheckoutSettings(suite.ctx.db)).toEqual({ guestEnabled: false, holdMinutes: 10 });
    const pub = await suite.ctx.app.inject({ method: 'GET', url: '/api/checkout/settings' });
    expect(pub.json()).toEqual({ guest_enabled: false });
    await call('PATCH', '/api/admin/settings/checkout', { guest_enabled: true, prices_include_tax: true });
    expect((await getCheckoutSettings(suite.ctx.db)).guestEnabled).toBe(true);
  });

  it('refuses a hold shorter than the payment provider allows, with a field message', async () => {
    const res = await call('PATCH', '/api/admin/settings/checkout', { hold_minutes: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'body.hold_minutes', message: 'Hold time must be between 5 and 1440 minutes' },
    ]);
  });
});

describe('ensureShippingZones', () => {
  it('creates "Everywhere" from the old flat rates once, and never again once a zone exists', async () => {
    await clearZones();
    const rates = {
      shippingFlatCents: 500,
      shippingFreeOverCents: 7500,
      taxRateBps: 700,
      sessionTtlMinutes: 30,
    };
    const runs = await Promise.all(
      [1, 2, 3].map(() => ensureShippingZones(suite.ctx.db, rates, 'everywhere')),
    );
    expect(runs.filter(Boolean)).toHaveLength(1);
    const zones = (await call('GET', '/api/admin/shipping/zones')).json().items;
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatchObject({
      name: 'Everywhere',
      methods: [expect.objectContaining({ kind: 'free_over', amount_cents: 500, free_over_cents: 7500 })],
    });
    expect(zones[0].countries).toHaveLength(249);
    // TAX_RATE_BPS: the one rate in every country, as before taxes were by place.
    const places = (await call('GET', '/api/admin/shipping/taxes')).json().items;
    expect(places).toHaveLength(249);
    expect(places.find((p: { place: string }) => p.place === 'FR').rates).toEqual([
      { name: 'Tax', rate_bps: 700, taxes_shipping: false },
    ]);
    expect(await ensureShippingZones(suite.ctx.db, rates, 'demo')).toBe(false);
  });

  it('lets a Canada zone take Canada from "Rest of world", where Canada then ships, and refuses it twice', async () => {
    await clearZones();
    await ensureShippingZones(
      suite.ctx.db,
      { shippingFlatCents: 0, shippingFreeOverCents: undefined, taxRateBps: 0, sessionTtlMinutes: 30 },
      'demo',
    );
    const world = (await call('GET', '/api/admin/shipping/zones'))
      .json()
      .items.find((z: { name: string }) => z.name === 'Rest of world');
    expect(world).toMatchObject({ rest_of_world: true });
    expect(world.countries).toContain('CA');

    const canada = await create({
      name: 'Canada',
      countries: ['CA'],
      methods: [{ name: 'Canada Post', kind: 'flat', amount_cents: 900 }],
    });
    expect(canada.rest_of_world).toBe(false);
    const there = await resolveDestination(suite.ctx.db, { country: 'CA', state: 'ON' });
    expect(there?.zone.name).toBe('Canada');
    expect(there?.methods.map((m) => m.name)).toEqual(['Canada Post']);
    expect((await resolveDestination(suite.ctx.db, { country: 'FR' }))?.zone.name).toBe('Rest of world');

    // Saving "Rest of world" again (still listing Canada) is fine; a second specific zone is not.
    const again = await call('PUT', `/api/admin/shipping/zones/${world.id}`, {
      name: world.name,
      countries: world.countries,
      rest_of_world: true,
      methods: world.methods,
    });
    expect(again.statusCode, again.body).toBe(200);
    const twice = await call('POST', '/api/admin/shipping/zones', { name: 'North', countries: ['CA'] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Canada is already in the zone "Canada"');
  });

  it('gives the demo shop a United States zone with two methods and a rest-of-world zone', async () => {
    await clearZones();
    await ensureShippingZones(
      suite.ctx.db,
      { shippingFlatCents: 0, shippingFreeOverCents: undefined, taxRateBps: 0, sessionTtlMinutes: 30 },
      'demo',
    );
    const us = await resolveDestination(suite.ctx.db, { country: 'US', state: 'TX' });
    expect(us?.methods.map((m) => [m.name, m.amountCents, m.freeOverCents])).toEqual([
      ['Standard', 599, 5000],
      ['Express', 1499, null],
    ]);
    expect((await resolveDestination(suite.ctx.db, { country: 'JP' }))?.zone.name).toBe('Rest of world');
    // And the standard taxes by place.
    const places = (await call('GET', '/api/admin/shipping/taxes')).json().items as { place: string }[];
    expect(places.find((p) => p.place === 'US-OR')).toMatchObject({ name: 'Oregon, United States' });
    expect(places.find((p) => p.place === 'CA-BC')).toMatchObject({
      rates: [
        { name: 'GST', rate_bps: 500, taxes_shipping: true },
        { name: 'PST', rate_bps: 700, taxes_shipping: false },
      ],
    });
    expect(places.find((p) => p.place === 'CA-QC')).toMatchObject({
      rates: [
        expect.objectContaining({ name: 'GST' }),
        expect.objectContaining({ name: 'QST', rate_bps: 997.5 }),
      ],
    });
    expect(places.find((p) => p.place === 'DE')).toMatchObject({
      rates: [{ name: 'VAT', rate_bps: 1900, taxes_shipping: true }],
    });
  });

  it('keeps the old CHECKOUT_SESSION_TTL_MINUTES as the hold setting once, never over a stored one', async () => {
    const hold = async () => (await call('GET', '/api/admin/settings/checkout')).json().hold_minutes;
    const rates = { shippingFlatCents: 500, shippingFreeOverCents: undefined, taxRateBps: 0 };
    await clearZones();
    await suite.ctx.db.execute(sql`DELETE FROM settings WHERE key = 'checkout.hold_minutes'`);
    await ensureShippingZones(suite.ctx.db, { ...rates, sessionTtlMinutes: 45 }, 'everywhere');
    expect(await hold()).toBe(45);
    // No TAX_RATE_BPS: a new shop charges no tax until its admin adds the places it is registered in.
    expect((await call('GET', '/api/admin/shipping/taxes')).json().items).toEqual([]);

    // An admin's choice stays when a later install step runs again with another value.
    expect((await call('PATCH', '/api/admin/settings/checkout', { hold_minutes: 20 })).statusCode).toBe(200);
    await clearZones();
    await ensureShippingZones(suite.ctx.db, { ...rates, sessionTtlMinutes: 90 }, 'everywhere');
    expect(await hold()).toBe(20);

    // Out of the back office's bounds: the nearest one.
    await clearZones();
    await suite.ctx.db.execute(sql`DELETE FROM settings WHERE key = 'checkout.hold_minutes'`);
    await ensureShippingZones(suite.ctx.db, { ...rates, sessionTtlMinutes: 1 }, 'everywhere');
    expect(await hold()).toBe(5);
  });
});
