import { z } from 'zod';
import { isCountryCode } from '../countries.ts';

export const ROUNDING_RULES = ['none', 'whole', 'x.99', 'x.95'] as const;
export const WEIGHT_UNITS = ['kg', 'lb'] as const;

/** How each rounding rule reads in the back office. */
export const ROUNDING_LABELS: Record<(typeof ROUNDING_RULES)[number], string> = {
  none: 'No rounding (to the cent)',
  whole: 'Up to a whole amount (29.00)',
  'x.99': 'Up to .99 (28.99)',
  'x.95': 'Up to .95 (28.95)',
};

const currencies = new Set(Intl.supportedValuesOf('currency'));

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => currencies.has(c), 'Currency must be an ISO 4217 code such as EUR');

/** A market as the back office shows and edits it (docs/decisions/0067-markets.md). */
export const market = z.object({
  id: z.uuid(),
  handle: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  currency: z.string(),
  languages: z.array(z.string()),
  is_base: z.boolean(),
  prices_include_tax: z.boolean(),
  weight_unit: z.enum(WEIGHT_UNITS),
  rounding: z.enum(ROUNDING_RULES),
  position: z.number().int(),
  is_active: z.boolean(),
  /** How many fixed prices it has. */
  fixed_prices: z.number().int(),
});
export type Market = z.infer<typeof market>;

export const exchangeRate = z.object({
  currency: z.string(),
  /** Units of this currency per one unit of the base currency, as a decimal string. */
  rate: z.string(),
  source: z.enum(['manual', 'feed']),
  updated_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

/** GET /api/admin/markets: every market, the base currency and the exchange rates. */
export const marketList = z.object({
  items: z.array(market),
  base_currency: z.string(),
  rates: z.array(exchangeRate),
  /** Whether a daily feed of rates is configured (EXCHANGE_RATES_URL). */
  rates_feed: z.boolean(),
});
export type MarketList = z.infer<typeof marketList>;

/** POST /api/admin/markets, PUT /api/admin/markets/:marketId. */
export const marketInput = z.object({
  handle: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'Handle must be lowercase letters, digits and dashes, such as eu'),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  countries: z
    .array(
      z.string().trim().toUpperCase().refine(isCountryCode, 'Countries must be ISO 3166-1 codes such as DE'),
    )
    .max(300),
  currency,
  languages: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Languages must be language codes such as de or fr-CA'),
    )
    .min(1, 'A market needs at least one language')
    .max(20),
  prices_include_tax: z.boolean().default(false),
  weight_unit: z.enum(WEIGHT_UNITS, { error: 'Weight unit must be kg or lb' }).default('kg'),
  rounding: z
    .enum(ROUNDING_RULES, { error: `Rounding must be one of: ${ROUNDING_RULES.join(', ')}` })
    .default('none'),
  position: z.number().int().min(0).max(10_000).default(0),
  is_active: z.boolean().default(true),
});
export type MarketInput = z.input<typeof marketInput>;

export const marketParams = z.object({ marketId: z.uuid('marketId must be a market id') });

/** PUT /api/admin/exchange-rates/:currency */
export const exchangeRateParams = z.object({ currency });
export const exchangeRateInput = z.object({
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,10})?$/, 'Rate must be a positive decimal number such as 0.92')
    .refine((r) => Number(r) > 0, 'Rate must be more than 0'),
});

/** A price fixed in a market's currency: a variant's, or the product's (variant_id null). */
export const fixedPrice = z.object({
  variant_id: z.uuid().nullable(),
  price: z.number().int().min(0, 'Price must be 0 or more').max(2_000_000_000),
  sale_price: z.number().int().min(0, 'Sale price must be 0 or more').max(2_000_000_000).nullable(),
});
export const fixedPriceList = z.object({ currency: z.string(), items: z.array(fixedPrice) });
export const fixedPriceParams = z.object({
  marketId: z.uuid('marketId must be a market id'),
  productId: z.uuid('productId must be a product id'),
});
/** PUT /api/admin/markets/:marketId/prices/:productId: replaces the product's fixed prices there. */
export const fixedPriceInput = z.object({ items: z.array(fixedPrice).max(1000) });
