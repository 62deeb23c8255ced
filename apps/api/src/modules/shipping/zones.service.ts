import type { ShippingZone, zoneInput } from '@cartwheel/shared/contracts/shipping';
import { countryName, isCountryCode, subdivisionName, subdivisions } from '@cartwheel/shared/countries';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { shippingMethods, shippingZones } from './shipping.schema.ts';

type ZoneInput = z.output<typeof zoneInput>;
type ZoneRow = typeof shippingZones.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;

const zoneNotFound = () => notFound('zone_not_found', 'Shipping zone not found');

function fieldError(field: string, message: string): never {
  throw invalid('invalid_request', `${field}: ${message}`, [{ field: `body.${field}`, message }]);
}

function toZone(zone: ZoneRow, methods: MethodRow[]): ShippingZone {
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    states: zone.states,
    rest_of_world: zone.restOfWorld,
    methods: methods.map((m) => ({
      id: m.id,
      name: m.name,
      delivery_estimate: m.deliveryEstimate,
      kind: m.kind,
      amount_cents: m.amountCents,
      currency: m.currency,
      free_over_cents: m.freeOverCents,
      weight_bands: m.weightBands.map((b) => ({ up_to_grams: b.upToGrams, amount_cents: b.amountCents })),
      is_active: m.isActive,
    })),
    created_at: zone.createdAt.toISOString(),
    updated_at: zone.updatedAt.toISOString(),
  };
}

async function loadZones(db: Db | Tx, zoneRows: ZoneRow[]): Promise<ShippingZone[]> {
  if (zoneRows.length === 0) return [];
  const ids = zoneRows.map((z) => z.id);
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(inArray(shippingMethods.zoneId, ids))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zoneRows.map((zone) =>
    toZone(
      zone,
      methods.filter((m) => m.zoneId === zone.id),
    ),
  );
}

export async function listZones(db: Db | Tx): Promise<ShippingZone[]> {
  return loadZones(
    db,
    await db.select().from(shippingZones).orderBy(asc(shippingZones.name), asc(shippingZones.id)),
  );
}

export async function getZone(db: Db | Tx, zoneId: string): Promise<ShippingZone> {
  const [zone] = await loadZones(
    db,
    await db.select().from(shippingZones).where(eq(shippingZones.id, zoneId)),
  );
  if (!zone) throw zoneNotFound();
  return zone;
}

/** Checks the countries, states and methods; answers them cleaned (sorted, without repeats). */
function checkZone(input: ZoneInput): { countries: string[]; states: string[] } {
  const countries = [...new Set(input.countries)].sort();
  countries.forEach((code, index) => {
    if (!isCountryCode(code)) fieldError(`countries.${index}`, `${code} is not a country we know`);
  });
  const states = [...new Set(input.states)].sort();
  states.forEach((code, index) => {
    const [country = '', sub = ''] = code.split('-');
    if (!countries.includes(country)) {
      fieldError(`states.${index}`, `${code}: add ${countryName(country)} to the zone's countries first`);
    }
    if (subdivisionName(country, sub) === null)
      fieldError(`states.${index}`, `${code} is not a state we know`);
  });
  input.methods.forEach((method, index) => {
    const at = `methods.${index}`;
    if (method.kind === 'free_over' && method.free_over_cents === null) {
      fieldError(`${at}.free_over_cents`, 'Enter the amount over which shipping is free');
    }
    if (method.kind === 'weight') {
      const bands = method.weight_bands;
      if (bands.length === 0) fieldError(`${at}.weight_bands`, 'Add at least one weight band');
      bands.forEach((band, b) => {
        const previous = bands[b - 1];
        if (band.up_to_grams === null && b !== bands.length - 1) {
          fieldError(`${at}.weight_bands.${b}.up_to_grams`, 'Only the last band can have no upper weight');
        }
        if (
          previous?.up_to_grams != null &&
          band.up_to_grams !== null &&
          band.up_to_grams <= previous.up_to_grams
        ) {
          fieldError(
            `${at}.weight_bands.${b}.up_to_grams`,
            'Weight bands must go up: each above the one before',
          );
        }
      });
    }
  });
  return { countries, states };
}

/** What a zone covers: whole countries, and the states of the countries it covers only in part. */
function coverage(countries: string[], states: string[]): { whole: Set<string>; states: Set<string> } {
  const partial = new Set(states.map((code) => code.split('-')[0]));
  return { whole: new Set(countries.filter((c) => !partial.has(c))), states: new Set(states) };
}

/**
 * Refuses a country or state another zone of the same kind already ships to, naming that zone: a
 * specific zone may take a country a "Rest of world" zone lists (the specific one wins at checkout).
 */
async function checkOverlap(
  tx: Tx,
  zoneId: string | null,
  countries: string[],
  states: string[],
  restOfWorld: boolean,
): Promise<void> {
  const mine = coverage(countries, states);
  const others = await tx
    .select()
    .from(shippingZones)
    .where(and(zoneId ? ne(shippingZones.id, zoneId) : undefined, eq(shippingZones.restOfWorld, restOfWorld)))
    .orderBy(asc(shippingZones.name));
  for (const other of others) {
    const theirs = coverage(other.countries, other.states);
    const country = [...mine.whole].find((c) => theirs.whole.has(c));
    const state = [...mine.states].find((s) => theirs.states.has(s));
    const place = country ? countryName(country) : state ? stateLabel(state) : null;
    if (place) {
      const field = country
        ? `countries.${countries.indexOf(country)}`
        : `states.${states.indexOf(state ?? '')}`;
      const message = `${place} is already in the zone "${other.name}"`;
      throw conflict('zone_overlap', message, [{ field: `body.${field}`, message }]);
    }
  }
}

function stateLabel(code: string): string {
  const [country = '', sub = ''] = code.split('-');
  return `${subdivisionName(country, sub) ?? code}, ${countryName(country)}`;
}

/** Zone writes take turns, so two admins cannot put one country in two zones at once. */
async function lockZones(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cartwheel.shipping_zones'))`);
}

async function writeContents(tx: Tx, zoneId: string, input: ZoneInput): Promise<void> {
  const existing = await tx
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zoneId));
  const kept = new Set(existing.map((m) => m.id));
  const sentIds = new Set(input.methods.flatMap((m) => (m.id && kept.has(m.id) ? [m.id] : [])));
  const gone = [...kept].filter((id) => !sentIds.has(id));
  if (gone.length) await tx.delete(shippingMethods).where(inArray(shippingMethods.id, gone));
  // Rates are typed in the base currency of the moment they are saved (decision 0066).
  const currency = await loadBaseCurrency(tx);
  for (const [position, method] of input.methods.entries()) {
    const values = {
      zoneId,
      currency,
      name: method.name,
      deliveryEstimate: method.delivery_estimate,
      kind: method.kind,
      amountCents: method.kind === 'weight' ? 0 : method.amount_cents,
      freeOverCents: method.kind === 'free_over' ? method.free_over_cents : null,
      weightBands:
        method.kind === 'weight'
          ? method.weight_bands.map((b) => ({ upToGrams: b.up_to_grams, amountCents: b.amount_cents }))
          : [],
      position,
      isActive: method.is_active,
    };
    if (method.id && sentIds.has(method.id)) {
      await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, method.id));
    } else {
      await tx.insert(shippingMethods).values(values);
    }
  }
}

export async function createZone(db: Db, input: ZoneInput): Promise<ShippingZone> {
  const { countries, states } = checkZone(input);
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const restOfWorld = input.rest_of_world ?? false;
    await checkOverlap(tx, null, countries, states, restOfWorld);
    const [zone] = await tx
      .insert(shippingZones)
      .values({ name: input.name, countries, states, restOfWorld })
      .returning();
    if (!zone) throw new Error('zone insert returned nothing');
    await writeContents(tx, zone.id, input);
    return getZone(tx, zone.id);
  });
}

export async function updateZone(db: Db, zoneId: string, input: ZoneInput): Promise<ShippingZone> {
  const { countries, states } = checkZone(input);
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const [zone] = await tx
      .update(shippingZones)
      .set({
        name: input.name,
        countries,
        states,
        restOfWorld: input.rest_of_world ?? false,
        updatedAt: sql`now()`,
      })
      .where(eq(shippingZones.id, zoneId))
      .returning();
    if (!zone) throw zoneNotFound();
    await checkOverlap(tx, zoneId, countries, states, zone.restOfWorld);
    await writeContents(tx, zoneId, input);
    return getZone(tx, zoneId);
  });
}

export async function deleteZone(db: Db, zoneId: string): Promise<void> {
  const deleted = await db
    .delete(shippingZones)
    .where(eq(shippingZones.id, zoneId))
    .returning({ id: shippingZones.id });
  if (deleted.length === 0) throw zoneNotFound();
}

/**
 * The countries some zone ships to, by name, each with the states to choose from: all of them when a
 * zone takes the whole country, else only the states the zones list.
 */
export async function shippingCountryList(
  db: Db | Tx,
): Promise<{ code: string; name: string; states: { code: string; name: string }[] }[]> {
  const zones = await db
    .select({ countries: shippingZones.countries, states: shippingZones.states })
    .from(shippingZones);
  const whole = new Set<string>();
  const listed = new Set<string>();
  for (const zone of zones) {
    const { whole: w, states } = coverage(zone.countries, zone.states);
    for (const c of w) whole.add(c);
    for (const s of states) listed.add(s);
  }
  const codes = new Set([...whole, ...[...listed].map((s) => s.split('-')[0] ?? '')]);
  return [...codes]
    .filter(isCountryCode)
    .map((code) => ({
      code,
      name: countryName(code),
      states: subdivisions(code).filter((s) => whole.has(code) || listed.has(`${code}-${s.code}`)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
