import { z } from 'zod';
import { PRODUCT_SORTS } from '../constants.ts';
import { booleanFlag, currencyCode, marketParam, pageParams, productCard } from './catalog.ts';

/** The catalog's sorts plus best match first, the default when there is search text. */
export const SEARCH_SORTS = ['relevance', ...PRODUCT_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** At most this many values of one repeatable filter (category, brand, option). */
export const MAX_FILTER_VALUES = 30;

/** A filter that may be given once or repeated (`?brand=a&brand=b`); always an array after parsing. */
const repeated = (name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(200, `each ${name} must be at most 200 characters`))
        .max(MAX_FILTER_VALUES, `at most ${MAX_FILTER_VALUES} ${name} values`),
    )
    .optional();

const cents = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of cents, 0 or more` })
    .int(`${name} must be a whole number of cents, 0 or more`)
    .min(0, `${name} must be a whole number of cents, 0 or more`)
    .max(2_000_000_000, `${name} is too large`)
    .optional();

/** One option filter, `Size:M`: the option's name, a colon, the value's label (case-insensitive). */
export const optionFilter = z
  .string()
  .regex(/^[^:]+:.+$/, 'option must look like Name:Value, for example Size:M')
  .transform((s) => {
    const at = s.indexOf(':');
    return { name: s.slice(0, at).trim(), value: s.slice(at + 1).trim() };
  });

/** GET /api/search: the storefront's catalog with search text, filters and facets. */
export const storefrontSearchQuery = z
  .object({
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    sort: z.enum(SEARCH_SORTS, { error: `sort must be one of: ${SEARCH_SORTS.join(', ')}` }).optional(),
    category: repeated('category'),
    brand: repeated('brand'),
    option: repeated('option').pipe(z.array(optionFilter).optional()),
    price_min: cents('price_min'),
    price_max: cents('price_max'),
    in_stock: booleanFlag.optional(),
    on_sale: booleanFlag.optional(),
    featured: booleanFlag.optional(),
    ...pageParams,
    ...marketParam,
  })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
    message: 'price_min must not be above price_max',
    path: ['price_min'],
  });
export type StorefrontSearchQuery = z.output<typeof storefrontSearchQuery>;

/** One value of a category or brand facet: how many products it would show with the other filters. */
export const facetValue = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
});
export type FacetValue = z.infer<typeof facetValue>;

export const optionFacet = z.object({
  /** The option's name as shops most often write it ("Size"); matched case-insensitively. */
  name: z.string(),
  values: z.array(z.object({ value: z.string(), count: z.number().int(), selected: z.boolean() })),
});
export type OptionFacet = z.infer<typeof optionFacet>;

export const searchFacets = z.object({
  categories: z.array(facetValue),
  brands: z.array(facetValue),
  options: z.array(optionFacet),
  /** Lowest and highest price (cents, sale price when lower) with the other filters; null when none. */
  price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  in_stock: z.number().int(),
  on_sale: z.number().int(),
});
export type SearchFacets = z.infer<typeof searchFacets>;

export const storefrontSearchResult = z.object({
  items: z.array(productCard),
  /** The currency of the prices, the price facet and the price filters (the market's). */
  currency: currencyCode,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  facets: searchFacets,
  /** The closest words the catalog knows, offered when nothing matched the search; else null. */
  did_you_mean: z.string().nullable(),
});
export type StorefrontSearchResult = z.infer<typeof storefrontSearchResult>;

/** GET /api/search/suggestions?q= */
export const searchSuggestionsQuery = z.object({
  q: z.string().trim().min(1, 'q is required').max(100, 'q must be at most 100 characters'),
  /** The storefront's address prefix: the suggestions' language. */
  locale: marketParam.locale,
});

export const searchSuggestions = z.object({
  products: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      price: z.number().int(),
      sale_price: z.number().int().nullable(),
      image_url: z.string().nullable(),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestions>;
