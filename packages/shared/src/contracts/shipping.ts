import { z } from 'zod';

/** Methods a zone can offer: one price, free over an amount, or priced by the cart's weight. */
export const SHIPPING_METHOD_KINDS = ['flat', 'free_over', 'weight'] as const;
export type ShippingMethodKind = (typeof SHIPPING_METHOD_KINDS)[number];

/** How long a checkout may hold stock: the bounds of the setting, in minutes. */
export const HOLD_MINUTES_MAX = 24 * 60;
/** Stripe Checkout sessions last at least 30 minutes; the offline page and PayPal orders have no such floor. */
export const HOLD_MINUTES_MIN = { stripe: 30, local: 5, paypal: 5 } as const;
export const DEFAULT_HOLD_MINUTES = 30;
export const MAX_ZONE_METHODS = 20;
export const MAX_WEIGHT_BANDS = 20;

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} can't be negative`)
    .max(100_000_000, `${label} is too large`);

const name = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const weightBand = z.object({
  up_to_grams: z
    .number({ error: 'Weight must be a number of grams' })
    .int('Weight must be in whole grams')
    .min(1, 'Weight must be at least 1 gram')
    .max(10_000_000, 'Weight is too large')
    .nullable(),
  amount_cents: cents('Price'),
});
export type WeightBandJson = z.infer<typeof weightBand>;

export const shippingMethodInput = z.object({
  id: z.uuid('id must be a UUID').optional(),
  name: name('Name', 100),
  delivery_estimate: z
    .string()
    .trim()
    .max(100, 'Delivery estimate must be at most 100 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  kind: z.enum(SHIPPING_METHOD_KINDS, { error: 'Choose flat, free over an amount, or by weight' }),
  amount_cents: cents('Price').default(0),
  free_over_cents: cents('Free over')
    .nullish()
    .transform((value) => value ?? null),
  weight_bands: z
    .array(weightBand)
    .max(MAX_WEIGHT_BANDS, `At most ${MAX_WEIGHT_BANDS} weight bands`)
    .default([]),
  is_active: z.boolean().default(true),
});
export type ShippingMethodInputJson = z.input<typeof shippingMethodInput>;

/** POST/PUT /api/admin/shipping/zones…: a zone with its methods (taxes are by place: taxPlaceInput). */
export const zoneInput = z.object({
  name: name('Name', 100),
  /** ISO 3166-1 alpha-2 codes. */
  countries: z
    .array(z.string().trim().toUpperCase(), { error: 'Choose at least one country' })
    .min(1, 'Choose at least one country')
    .max(300, 'Too many countries'),
  /** 'US-CA' style codes; a country with none of its states listed is shipped to whole. */
  states: z.array(z.string().trim().toUpperCase()).max(500, 'Too many states').default([]),
  /** Ships to its countries only where no specific zone does (a specific zone wins). */
  rest_of_world: z.boolean({ error: 'rest_of_world must be true or false' }).default(false),
  methods: z
    .array(shippingMethodInput)
    .max(MAX_ZONE_METHODS, `At most ${MAX_ZONE_METHODS} methods per zone`)
    .default([]),
});
export type ZoneInput = z.input<typeof zoneInput>;

export const zoneParams = z.object({ zoneId: z.uuid('zoneId must be a UUID') });

export const shippingMethod = z.object({
  id: z.uuid(),
  name: z.string(),
  delivery_estimate: z.string().nullable(),
  kind: z.enum(SHIPPING_METHOD_KINDS),
  amount_cents: z.number(),
  /** The ISO 4217 code of the rates: the base currency. */
  currency: z.string(),
  free_over_cents: z.number().nullable(),
  weight_bands: z.array(z.object({ up_to_grams: z.number().nullable(), amount_cents: z.number() })),
  is_active: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

export const shippingZone = z.object({
  id: z.uuid(),
  name: z.string(),
  countries: z.array(z.string()),
  states: z.array(z.string()),
  rest_of_world: z.boolean(),
  methods: z.array(shippingMethod),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingZone = z.infer<typeof shippingZone>;

export const shippingZoneList = z.object({ items: z.array(shippingZone) });
export type ShippingZoneList = z.infer<typeof shippingZoneList>;

/** GET /api/shipping/countries: where the shop ships, with the states to choose from. */
export const shippingCountries = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      states: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
});
export type ShippingCountries = z.infer<typeof shippingCountries>;

/** GET /api/checkout/settings: what the storefront needs to know before a checkout. */
export const publicCheckoutSettings = z.object({ guest_enabled: z.boolean() });
export type PublicCheckoutSettings = z.infer<typeof publicCheckoutSettings>;

/** GET /api/admin/settings/checkout: the checkout and tax settings, with the hold's bounds. */
export const checkoutSettings = z.object({
  guest_enabled: z.boolean(),
  hold_minutes: z.number().int(),
  prices_include_tax: z.boolean(),
  hold_minutes_min: z.number().int(),
  hold_minutes_max: z.number().int(),
});
export type CheckoutSettings = z.infer<typeof checkoutSettings>;

/** PATCH /api/admin/settings/checkout: only the fields sent change. */
export const checkoutSettingsPatch = z.object({
  guest_enabled: z.boolean({ error: 'Choose on or off' }).optional(),
  hold_minutes: z
    .number({ error: 'Hold time must be a number of minutes' })
    .int('Hold time must be in whole minutes')
    .optional(),
  prices_include_tax: z.boolean({ error: 'Choose on or off' }).optional(),
});
export type CheckoutSettingsPatch = z.infer<typeof checkoutSettingsPatch>;

/** At most this many taxes in one place (British Columbia has two). */
const MAX_PLACE_TAXES = 5;

/** One tax of a place: its name, its rate in basis points to a thousandth, whether it taxes shipping. */
export const placeTaxInput = z.object({
  name: name('Tax name', 60),
  rate_bps: z
    .number({ error: 'Rate must be a number' })
    .min(0, "Rate can't be negative")
    .max(10_000, 'Rate must be at most 100%')
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, {
      message: 'Rate can have at most five decimals of a percent',
    }),
  taxes_shipping: z.boolean().default(false),
});

/** PUT /api/admin/shipping/taxes/:place: the place's taxes, replacing what it had (none: it charges none). */
export const placeTaxesInput = z.object({
  rates: z.array(placeTaxInput).max(MAX_PLACE_TAXES, `At most ${MAX_PLACE_TAXES} taxes in one place`),
});
export type PlaceTaxesInput = z.input<typeof placeTaxesInput>;

/** A country ('DE') or one of its states or provinces ('US-CA'). */
export const taxPlaceParams = z.object({
  place: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'Place must be a country code (DE) or a state code (US-CA)'),
});

/** A place's taxes as the back office shows them. */
export const taxPlace = z.object({
  /** 'DE' or 'US-CA'. */
  place: z.string(),
  country: z.string(),
  state: z.string().nullable(),
  /** "Germany", "California, United States". */
  name: z.string(),
  rates: z.array(z.object({ name: z.string(), rate_bps: z.number(), taxes_shipping: z.boolean() })),
});
export type TaxPlace = z.infer<typeof taxPlace>;

export const taxPlaceList = z.object({ items: z.array(taxPlace) });
export type TaxPlaceList = z.infer<typeof taxPlaceList>;
