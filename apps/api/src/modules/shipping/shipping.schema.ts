import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A weight band of a by-weight method: up to this many grams (null: no upper bound) costs this much. */
export interface WeightBand {
  upToGrams: number | null;
  amountCents: number;
}

/**
 * Where the shop ships: a set of countries, and optionally some of their states ('US-CA'). A country
 * listed without any of its states is shipped to whole; a zone naming a state wins over a zone
 * naming the whole country.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    /** Serves its countries only where no specific zone (rest_of_world false) lists them. */
    restOfWorld: boolean('rest_of_world').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_zones_countries_idx').using('gin', t.countries)],
);

/** How a zone's orders travel and what that costs: flat, free over an amount, or by weight. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deliveryEstimate: text('delivery_estimate'),
    kind: text('kind', { enum: ['flat', 'free_over', 'weight'] }).notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    freeOverCents: integer('free_over_cents'),
    /** The currency of the rates: the base currency when they were written. */
    currency: text('currency').notNull().default('USD'),
    weightBands: jsonb('weight_bands').$type<WeightBand[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('shipping_methods_zone_id_idx').on(t.zoneId),
    check('shipping_methods_kind_check', sql`${t.kind} IN ('flat', 'free_over', 'weight')`),
    check('shipping_methods_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('shipping_methods_amount_check', sql`${t.amountCents} >= 0`),
    check('shipping_methods_free_over_check', sql`${t.freeOverCents} >= 0`),
  ],
);

/**
 * One tax a place charges: a country (state null) or one of its states or provinces ('CA' of 'US').
 * A place may charge several (British Columbia: GST and PST); a state with rows of its own charges
 * those instead of its country's. The rate is in basis points to a thousandth (997.5 = 9.975%).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    state: text('state'),
    name: text('name').notNull(),
    rateBps: numeric('rate_bps', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    taxesShipping: boolean('taxes_shipping').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_rates_rate_bps_check', sql`${t.rateBps} >= 0 AND ${t.rateBps} <= 10000`),
    check(
      'tax_rates_place_check',
      sql`${t.country} ~ '^[A-Z]{2}$' AND (${t.state} IS NULL OR ${t.state} ~ '^[A-Z0-9]{1,3}$')`,
    ),
    uniqueIndex('tax_rates_place_name_idx').on(t.country, sql`COALESCE(${t.state}, '')`, t.name),
  ],
);
