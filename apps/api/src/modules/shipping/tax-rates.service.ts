import type { PlaceTaxesInput, placeTaxInput, TaxPlace } from '@cartwheel/shared/contracts/shipping';
import { countryName, isCountryCode, subdivisionName } from '@cartwheel/shared/countries';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { DEFAULT_TAX_RATES } from './default-tax-rates.ts';
import { taxRates } from './shipping.schema.ts';

type TaxRow = typeof taxRates.$inferSelect;
type PlaceTax = z.output<typeof placeTaxInput>;

function fieldError(field: string, message: string): never {
  throw invalid('invalid_request', `${field}: ${message}`, [{ field, message }]);
}

/** "Germany", or "California, United States". */
function placeName(country: string, state: string | null): string {
  const whole = countryName(country);
  return state ? `${subdivisionName(country, state) ?? state}, ${whole}` : whole;
}

function toPlaces(rows: TaxRow[]): TaxPlace[] {
  const places = new Map<string, TaxPlace>();
  for (const row of rows) {
    const place = row.state ? `${row.country}-${row.state}` : row.country;
    let entry = places.get(place);
    if (!entry) {
      entry = {
        place,
        country: row.country,
        state: row.state,
        name: placeName(row.country, row.state),
        rates: [],
      };
      places.set(place, entry);
    }
    entry.rates.push({ name: row.name, rate_bps: Number(row.rateBps), taxes_shipping: row.taxesShipping });
  }
  return [...places.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every place with taxes of its own, by name; each place's taxes in their order. */
export async function listTaxPlaces(db: Db | Tx): Promise<TaxPlace[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.country), asc(taxRates.state), asc(taxRates.position), asc(taxRates.name));
  return toPlaces(rows);
}

/** 'US-CA' → ['US', 'CA'] when both are places we know; a 400 naming the place otherwise. */
function parsePlace(place: string): { country: string; state: string | null } {
  const [country = '', state = null] = place.split('-');
  if (!isCountryCode(country)) fieldError('params.place', `${country} is not a country we know`);
  if (state !== null && subdivisionName(country, state) === null) {
    fieldError('params.place', `${place} is not a state or province we know`);
  }
  return { country, state };
}

/** Replaces what a place charges with these taxes (none: it charges none of its own). */
export async function replacePlaceTaxes(
  db: Db,
  place: string,
  input: PlaceTaxesInput & { rates: PlaceTax[] },
): Promise<TaxPlace> {
  const { country, state } = parsePlace(place);
  const seen = new Set<string>();
  input.rates.forEach((rate, index) => {
    const key = rate.name.toLowerCase();
    if (seen.has(key)) fieldError(`body.rates.${index}.name`, `${rate.name} is listed twice`);
    seen.add(key);
  });
  await db.transaction(async (tx) => {
    await tx
      .delete(taxRates)
      .where(and(eq(taxRates.country, country), state ? eq(taxRates.state, state) : isNull(taxRates.state)));
    if (input.rates.length) await tx.insert(taxRates).values(placeRows(country, state, input.rates));
  });
  const rows = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.country, country), state ? eq(taxRates.state, state) : isNull(taxRates.state)))
    .orderBy(asc(taxRates.position));
  return (
    toPlaces(rows)[0] ?? {
      place: state ? `${country}-${state}` : country,
      country,
      state,
      name: placeName(country, state),
      rates: [],
    }
  );
}

/** Rows of a place's taxes, in the order given. */
function placeRows(
  country: string,
  state: string | null,
  rates: ReadonlyArray<{ name: string; rate_bps: number; taxes_shipping: boolean }>,
): (typeof taxRates.$inferInsert)[] {
  return rates.map((rate, position) => ({
    country,
    state,
    name: rate.name,
    rateBps: rate.rate_bps,
    taxesShipping: rate.taxes_shipping,
    position,
  }));
}

/** Whether the shop has any tax rate (a shop's first start fills an empty table). */
export async function hasTaxRates(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ id: taxRates.id }).from(taxRates).limit(1);
  return row !== undefined;
}

/**
 * Adds the standard rates (DEFAULT_TAX_RATES) of every place that has no taxes of its own yet; the
 * places an admin set stay as they are. Answers every place after.
 */
export async function addStandardTaxes(db: Db): Promise<TaxPlace[]> {
  await db.transaction(async (tx) => {
    const taken = new Set(
      (await tx.select({ country: taxRates.country, state: taxRates.state }).from(taxRates)).map(
        (r) => `${r.country}-${r.state ?? ''}`,
      ),
    );
    const rows = DEFAULT_TAX_RATES.filter((r) => !taken.has(`${r.country}-${r.state ?? ''}`));
    if (rows.length) await tx.insert(taxRates).values(rows.map((r) => ({ ...r })));
  });
  return listTaxPlaces(db);
}
