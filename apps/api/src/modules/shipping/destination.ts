import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryPrepared } from '../../db/client.ts';
import type { ShippingMethodInput, TaxInput } from '../pricing/types.ts';
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
  /** null: the zone charges no tax. */
  tax: TaxInput | null;
  /** The shop's checkout settings, read with the zones (checkout needs the stock hold). */
  settings: StoredCheckoutSettings;
}

export interface ZoneRow {
  id: string;
  name: string;
  countries: string[];
  states: string[];
  tax_name: string | null;
  rate_bps: number | null;
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
 * Every zone with its active methods and its tax, oldest first, as one JSON value: a scalar
 * subquery, so it is read in one statement with the settings (and, for the rules cache, the
 * discounts and the rules' version).
 */
export function zoneRowsSql(): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('id', z.id, 'name', z.name,
        'countries', z.countries, 'states', z.states, 'tax_name', t.name, 'rate_bps', t.rate_bps,
        'methods', COALESCE((SELECT json_agg(json_build_object(
            'id', m.id, 'name', m.name, 'delivery_estimate', m.delivery_estimate, 'kind', m.kind,
            'amount_cents', m.amount_cents, 'free_over_cents', m.free_over_cents,
            'weight_bands', m.weight_bands) ORDER BY m.position, m.id)
          FROM shipping_methods m WHERE m.zone_id = z.id AND m.is_active), '[]'::json))
      ORDER BY z.created_at, z.id), '[]'::json)
    FROM shipping_zones z LEFT JOIN tax_rates t ON t.zone_id = z.id)`;
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
      tax:
        zone.tax_name !== null && zone.rate_bps !== null
          ? {
              name: zone.tax_name,
              rateBps: zone.rate_bps,
              pricesIncludeTax: stored.pricesIncludeTax,
              chargeTaxOnShipping: stored.chargeTaxOnShipping,
            }
          : null,
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
  return pickZone(listing, country, place.state)?.destination ?? null;
}

/**
 * The zone that ships to this address, its methods and its tax, or null when the shop does not ship
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
