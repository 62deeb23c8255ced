import { SHIPPING_METHOD_KINDS, type ShippingZone, zoneInput } from '@cartwheel/shared/contracts/shipping';
import { toMajorString, toMinorUnits } from '@cartwheel/shared/money';
import { z } from 'zod';

const band = z.object({ up_to_grams: z.string(), amount_cents: z.string() });

/** A shipping method as the editor holds it: amounts as typed (dollars, grams). */
const methodValues = z.object({
  id: z.string().optional(),
  name: z.string(),
  delivery_estimate: z.string(),
  kind: z.enum(SHIPPING_METHOD_KINDS),
  /** Dollars. */
  amount_cents: z.string(),
  /** Dollars, "" for none. */
  free_over_cents: z.string(),
  weight_bands: z.array(band),
  is_active: z.boolean(),
});
export type MethodValues = z.input<typeof methodValues>;

/**
 * The zone editor's fields, named after the body's fields they become (so the contract's messages
 * and the server's land on them): amounts as typed.
 */
const zoneValues = z.object({
  name: z.string(),
  countries: z.array(z.string()),
  states: z.array(z.string()),
  rest_of_world: z.boolean(),
  methods: z.array(methodValues),
});
export type ZoneValues = z.input<typeof zoneValues>;

export const newBand = () => ({ up_to_grams: '', amount_cents: '0.00' });

export const newMethod = (): MethodValues => ({
  name: '',
  delivery_estimate: '',
  kind: 'flat',
  amount_cents: '0.00',
  free_over_cents: '',
  weight_bands: [newBand()],
  is_active: true,
});

export const emptyZone = (): ZoneValues => ({
  name: '',
  countries: [],
  states: [],
  rest_of_world: false,
  methods: [],
});

export function zoneToDraft(zone: ShippingZone): ZoneValues {
  return {
    name: zone.name,
    countries: zone.countries,
    states: zone.states,
    rest_of_world: zone.rest_of_world,
    methods: zone.methods.map((m) => ({
      id: m.id,
      name: m.name,
      delivery_estimate: m.delivery_estimate ?? '',
      kind: m.kind,
      amount_cents: toMajorString(m.amount_cents, m.currency),
      free_over_cents: m.free_over_cents === null ? '' : toMajorString(m.free_over_cents, m.currency),
      weight_bands:
        m.weight_bands.length > 0
          ? m.weight_bands.map((b) => ({
              up_to_grams: b.up_to_grams === null ? '' : String(b.up_to_grams),
              amount_cents: toMajorString(b.amount_cents, m.currency),
            }))
          : [newBand()],
      is_active: m.is_active,
    })),
  };
}

/** The POST/PUT body: each method carries only what its kind uses. */
function draftToInput(draft: ZoneValues, currency: string): z.input<typeof zoneInput> {
  return {
    name: draft.name,
    countries: draft.countries,
    states: draft.states,
    rest_of_world: draft.rest_of_world,
    methods: draft.methods.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      name: m.name,
      delivery_estimate: m.delivery_estimate || null,
      kind: m.kind,
      amount_cents: m.kind === 'weight' ? 0 : toMinorUnits(m.amount_cents, currency),
      free_over_cents:
        m.kind === 'free_over'
          ? m.free_over_cents.trim()
            ? toMinorUnits(m.free_over_cents, currency)
            : null
          : null,
      weight_bands:
        m.kind === 'weight'
          ? m.weight_bands.map((b) => ({
              up_to_grams: b.up_to_grams.trim() ? Math.round(Number(b.up_to_grams)) : null,
              amount_cents: toMinorUnits(b.amount_cents, currency),
            }))
          : [],
      is_active: m.is_active,
    })),
  };
}

/** The editor's values checked by the zone contract; what passes is the body to send. Rates are in `currency`, the base currency. */
export const zoneForm = (currency: string) =>
  zoneValues.transform((draft) => draftToInput(draft, currency)).pipe(zoneInput);

/** Where the form shows a server message about `field` (a country or state shows on the place picker). */
export function zoneFieldOf(field: string): string {
  if (/^(countries|states)(\.|$)/.test(field)) return 'countries';
  return field;
}
