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
  /** The shop's checkout settings, read in the same statement (checkout needs the stock hold). */
  settings: StoredCheckoutSettings;
}

export interface ZoneRow {
  id: string;
  name: string;
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
  settings: Record<string, unknown> | null;
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
 * The zones listing `country` with their methods, tax and the shop's checkout settings, as one JSON
 * value: a scalar subquery, so the checkout can read it in the same statement as its discounts.
 */
export function zonesForCountrySql(country: string): SQL {
  const code = country.trim().toUpperCase();
  return sql`(SELECT COALESCE(json_agg(json_build_object('id', z.id, 'name', z.name, 'states', z.states,
        'tax_name', t.name, 'rate_bps', t.rate_bps,
        'methods', COALESCE((SELECT json_agg(json_build_object(
            'id', m.id, 'name', m.name, 'delivery_estimate', m.delivery_estimate, 'kind', m.kind,
            'amount_cents', m.amount_cents, 'free_over_cents', m.free_over_cents,
            'weight_bands', m.weight_bands) ORDER BY m.position, m.id)
          FROM shipping_methods m WHERE m.zone_id = z.id AND m.is_active), '[]'::json),
        'settings', (SELECT json_object_agg(s.key, s.value) FROM settings s
          WHERE s.key IN (${sql.join(
            SETTING_KEYS.map((key) => sql`${key}`),
            sql`, `,
          )})))
      ORDER BY z.created_at, z.id), '[]'::json)
    FROM shipping_zones z LEFT JOIN tax_rates t ON t.zone_id = z.id
    WHERE z.countries @> ARRAY[${code}]::text[])`;
}

/** The zone of zonesForCountrySql's answer that serves this address, or null: the shop does not ship there. */
export function destinationFrom(
  zonesJson: ZoneRow[] | string | null,
  place: { country: string; state?: string | null },
): Destination | null {
  const rows: ZoneRow[] = typeof zonesJson === 'string' ? JSON.parse(zonesJson) : (zonesJson ?? []);
  const zone = pickZone(rows, place.country.trim().toUpperCase(), place.state);
  if (!zone) return null;
  const stored = readCheckoutSettings(zone.settings ?? {});
  return {
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
  };
}

/**
 * The zone that ships to this address, its methods and its tax, or null when the shop does not ship
 * there. One statement.
 */
export async function resolveDestination(
  db: Db | Tx,
  place: { country: string; state?: string | null },
): Promise<Destination | null> {
  const [row] = await queryPrepared<{ zones: ZoneRow[] | string | null }>(
    db,
    sql`SELECT ${zonesForCountrySql(place.country)} AS zones`,
  );
  return destinationFrom(row?.zones ?? null, place);
}

/** Whether guests may check out, and how long a checkout holds its stock. */
export async function getCheckoutSettings(
  db: Db | Tx,
): Promise<{ guestEnabled: boolean; holdMinutes: number }> {
  const stored = await loadCheckoutSettings(db);
  return { guestEnabled: stored.guestEnabled, holdMinutes: stored.holdMinutes };
}
