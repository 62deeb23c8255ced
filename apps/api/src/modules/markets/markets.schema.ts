import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from '../catalog/catalog.schema.ts';

export const ROUNDING_RULES = ['none', 'whole', 'x.99', 'x.95'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/**
 * Where the shop sells in one currency: a set of countries, its languages (the first is its default)
 * and how its prices are made from the base prices. Exactly one market is the base market, in the
 * shop's base currency.
 */
export const markets = pgTable(
  'markets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    handle: text('handle').notNull().unique(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    currency: text('currency').notNull(),
    languages: text('languages').array().notNull().default(sql`'{en}'::text[]`),
    isBase: boolean('is_base').notNull().default(false),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    weightUnit: text('weight_unit', { enum: ['kg', 'lb'] })
      .notNull()
      .default('kg'),
    rounding: text('rounding', { enum: ROUNDING_RULES }).notNull().default('none'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('markets_one_base_idx').on(t.isBase).where(sql`${t.isBase}`),
    check('markets_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('markets_weight_unit_check', sql`${t.weightUnit} IN ('kg', 'lb')`),
    check('markets_rounding_check', sql`${t.rounding} IN ('none', 'whole', 'x.99', 'x.95')`),
  ],
);

/** Units of `currency` per one unit of the base currency; a market in a currency without a rate cannot sell. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').primaryKey(),
    rate: numeric('rate').notNull(),
    source: text('source', { enum: ['manual', 'feed'] })
      .notNull()
      .default('manual'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
    check('exchange_rates_source_check', sql`${t.source} IN ('manual', 'feed')`),
  ],
);

/**
 * A price fixed in a market's currency, overriding the conversion: a variant's (variant_id set) or a
 * product's without variants (variant_id NULL). Minor units of the market's currency.
 */
export const marketVariantPrices = pgTable(
  'market_variant_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    marketId: uuid('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    salePrice: integer('sale_price'),
  },
  (t) => [
    unique('market_variant_prices_key').on(t.marketId, t.productId, t.variantId).nullsNotDistinct(),
    index('market_variant_prices_product_idx').on(t.productId),
    index('market_variant_prices_variant_idx').on(t.variantId),
    check(
      'market_variant_prices_price_check',
      sql`${t.price} >= 0 AND (${t.salePrice} IS NULL OR ${t.salePrice} >= 0)`,
    ),
  ],
);
