import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryPrepared } from '../../db/client.ts';
import type { PlaceTaxRate } from '../pricing/tax-table.ts';
import type { ShippingMethodInput } from '../pricing/types.ts';
import {
  loadCheckoutSettings,
  readCheckoutSettings,
  SETTING_KEYS,
  type StoredCheckoutSettings,
} from './checkout-settings.ts';
import type { WeightBand } from './shipping.schema.ts';

export interface Destination {
  zone: { id: string; name: string };
  /** The zone's active methods, in the admin's order. */
  methods: ShippingMethodInput[];
  /** The shop's checkout settings, read with the zones (checkout needs the stock hold). */
  settings: StoredCheckoutSettings;
}

export interface ZoneRow {
  id: string;
  name: string;
  countries: string[];
  states: string[];
  rest_of_world: boolean;
  methods: {
    id: string;
    name: string;
    delivery_estimate: string | null;
    kind: ShippingMethodInput['kind'];
    amount_cents: number;
    free_over_cents: number | null;
    weight_bands: WeightBand[];
  }[];
}

/**
 * Which of the zones listing `country` serves this address: a zone naming the address's state wins;
 * else a zone taking the whole country (none of its states listed). `state` is the subdivision
 * code without the country prefix ('CA'), or 'US-CA'.
 */
export function pickZone<Z extends { states: string[] }>(
  zones: Z[],
  country: string,
  state: string | null | undefined,
): Z | null {
  const prefix = `${country}-`;
  const stateCode = state ? (state.startsWith(prefix) ? state : `${prefix}${state}`).toUpperCase() : null;
  const byState = stateCode ? zones.find((zone) => zone.states.includes(stateCode)) : undefined;
  if (byState) return byState;
  return zones.find((zone) => !zone.states.some((code) => code.startsWith(prefix))) ?? null;
}

/**
 * Every zone with its active methods, oldest first, as one JSON value: a scalar
 * subquery, so it is read in one statement with the settings (and, for the rules cache, the
 * discounts and the rules' version).
 */
export function zoneRowsSql(): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('id', z.id, 'name', z.name,
        'countries', z.countries, 'states', z.states, 'rest_of_world', z.rest_of_world,
        'methods', COALESCE((SELECT json_agg(json_build_object(
            'id', m.id, 'name', m.name, 'delivery_estimate', m.delivery_estimate, 'kind', m.kind,
            'amount_cents', m.amount_cents, 'free_over_cents', m.free_over_cents,
            'weight_bands', m.weight_bands) ORDER BY m.position, m.id)
          FROM shipping_methods m WHERE m.zone_id = z.id AND m.is_active), '[]'::json))
      ORDER BY z.created_at, z.id), '[]'::json)
    FROM shipping_zones z)`;
}

/** Every tax rate by place as one JSON value (a scalar subquery, read with the zones). */
export function taxRatesSql(): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('country', t.country, 'state', t.state,
        'name', t.name, 'rate_bps', t.rate_bps::float8, 'taxes_shipping', t.taxes_shipping)
      ORDER BY t.country, t.state NULLS FIRST, t.position, t.name), '[]'::json)
    FROM tax_rates t)`;
}

/** The answer of taxRatesSql as rates. */
export function placeTaxRates(json: PlaceTaxRateRow[] | string | null): PlaceTaxRate[] {
  return (parsed(json) ?? []).map((r) => ({
    country: r.country,
    state: r.state,
    name: r.name,
    rateBps: Number(r.rate_bps),
    taxesShipping: r.taxes_shipping,
  }));
}

export interface PlaceTaxRateRow {
  country: string;
  state: string | null;
  name: string;
  rate_bps: number;
  taxes_shipping: boolean;
}

/** The shop's checkout and tax settings as one JSON object (a scalar subquery; null when none is stored). */
export function checkoutSettingsSql(): SQL {
  return sql`(SELECT json_object_agg(s.key, s.value) FROM settings s
    WHERE s.key IN (${sql.join(
      SETTING_KEYS.map((key) => sql`${key}`),
      sql`, `,
    )}))`;
}

/** A zone ready to serve checkouts: what it covers, and the destination it prices. */
export interface ZoneDestination {
  countries: string[];
  states: string[];
  restOfWorld: boolean;
  destination: Destination;
}

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The answers of zoneRowsSql and checkoutSettingsSql as destinations (built once, then only read). */
export function zoneDestinations(
  zonesJson: ZoneRow[] | string | null,
  settingsJson: Record<string, unknown> | string | null,
): { zones: ZoneDestination[]; settings: StoredCheckoutSettings } {
  const stored = readCheckoutSettings(parsed(settingsJson) ?? {});
  const zones = (parsed(zonesJson) ?? []).map((zone) => ({
    countries: zone.countries,
    states: zone.states,
    restOfWorld: zone.rest_of_world === true,
    destination: {
      zone: { id: zone.id, name: zone.name },
      methods: zone.methods.map((m) => ({
        id: m.id,
        name: m.name,
        deliveryEstimate: m.delivery_estimate,
        kind: m.kind,
        amountCents: m.amount_cents,
        freeOverCents: m.free_over_cents,
        weightBands: m.weight_bands.map((band) => ({
          upToGrams: band.upToGrams,
          amountCents: band.amountCents,
        })),
      })),
      settings: stored,
    },
  }));
  return { zones, settings: stored };
}

/** The destination of the zone that serves this address, or null: the shop does not ship there. */
export function destinationFor(
  zones: ZoneDestination[],
  place: { country: string; state?: string | null },
): Destination | null {
  const country = place.country.trim().toUpperCase();
  const listing = zones.filter((zone) => zone.countries.includes(country));
  // A specific zone wins over "Rest of world" for the countries both list.
  const specific = pickZone(
    listing.filter((zone) => !zone.restOfWorld),
    country,
    place.state,
  );
  return (
    (
      specific ??
      pickZone(
        listing.filter((zone) => zone.restOfWorld),
        country,
        place.state,
      )
    )?.destination ?? null
  );
}

/**
 * The zone that ships to this address and its methods, or null when the shop does not ship
 * there. One statement.
 */
export async function resolveDestination(
  db: Db | Tx,
  place: { country: string; state?: string | null },
): Promise<Destination | null> {
  const [row] = await queryPrepared<{ zones: ZoneRow[] | string | null; settings: string | null }>(
    db,
    sql`SELECT ${zoneRowsSql()} AS zones, ${checkoutSettingsSql()} AS settings`,
  );
  return destinationFor(zoneDestinations(row?.zones ?? null, row?.settings ?? null).zones, place);
}

/** Whether guests may check out, and how long a checkout holds its stock. */
export async function getCheckoutSettings(
  db: Db | Tx,
): Promise<{ guestEnabled: boolean; holdMinutes: number }> {
  const stored = await loadCheckoutSettings(db);
  return { guestEnabled: stored.guestEnabled, holdMinutes: stored.holdMinutes };
}
