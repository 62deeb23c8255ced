import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  OPTION_TYPES,
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
} from '../constants.ts';

export const brand = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export type Brand = z.infer<typeof brand>;

export const category = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  sort_order: z.number().int(),
});
export type Category = z.infer<typeof category>;

/** A category as a product lists it: no sort order. */
export const categorySummary = category.pick({ id: true, name: true, slug: true });

/** One smaller copy of an image, in both formats, `width` pixels wide (never wider than the original). */
export const imageVariant = z.object({
  width: z.number().int(),
  avif: z.string(),
  webp: z.string(),
});
export type ImageVariant = z.infer<typeof imageVariant>;

export const productImage = z.object({
  id: z.uuid(),
  url: z.string(),
  alt_text: z.string().nullable(),
  is_thumbnail: z.boolean(),
  sort_order: z.number().int(),
  /** Intrinsic size of `url` in pixels; null when not known (an image added by URL). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Smaller copies by width, narrowest first; null while they are being made (show `url`). */
  variants: z.array(imageVariant).nullable(),
});
export type ProductImage = z.infer<typeof productImage>;

export const optionValue = z.object({
  id: z.uuid(),
  label: z.string(),
  value: z.string(),
  price_adjustment: z.number().int(),
  sort_order: z.number().int(),
});
export type OptionValue = z.infer<typeof optionValue>;

export const productOption = z.object({
  id: z.uuid(),
  name: z.string(),
  display_name: z.string(),
  type: z.enum(OPTION_TYPES),
  sort_order: z.number().int(),
  values: z.array(optionValue),
});
export type ProductOption = z.infer<typeof productOption>;

/** One option value as seen from a variant: which option it belongs to and which value it is. */
export const variantOptionValue = z.object({
  option_id: z.uuid(),
  option_name: z.string(),
  option_value_id: z.uuid(),
  label: z.string(),
  value: z.string(),
});
export type VariantOptionValue = z.infer<typeof variantOptionValue>;

export const productVariant = z.object({
  id: z.uuid(),
  sku: z.string(),
  /** Option value labels in option order, "M / Red"; empty for a variant with no option values. */
  title: z.string(),
  price: z.number().int(),
  retail_price: z.number().int().nullable(),
  sale_price: z.number().int().nullable(),
  inventory_level: z.number().int(),
  weight: z.number().nullable(),
  option_values: z.array(variantOptionValue),
  /** The id of the product image this variant shows (one of `images`); null: the product's first. */
  image_id: z.uuid().nullable(),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** An ISO 4217 code: the currency of the amounts beside it. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as EUR');

/**
 * `?market=<handle>` on the storefront's catalog reads: prices in that market's currency (absent:
 * the base market). An unknown handle is refused.
 */
export const marketParam = {
  market: z
    .string()
    .trim()
    .min(1, 'market must be a market handle such as eu')
    .max(50, 'market must be a market handle such as eu')
    .optional(),
  /** The storefront's address prefix ('de', 'fr-ca'): its market when `market` is absent. */
  locale: z.string().trim().max(10, 'locale must be a storefront locale such as de or fr-ca').optional(),
};

/** The storefront reads that answer in the locale's language and have no prices: `?locale=` only. */
export const localeQuery = z.object({ locale: marketParam.locale });

/** A product as the storefront sees it: no cost price, only visible and not deleted. */
export const product = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  inventory_level: z.number().int(),
  inventory_warning_level: z.number().int(),
  weight: z.number().nullable(),
  is_visible: z.boolean(),
  is_featured: z.boolean(),
  condition: z.enum(PRODUCT_CONDITIONS),
  type: z.enum(PRODUCT_TYPES),
  /** Sold as a gift card: the product page asks for the recipient (decision 0094). */
  is_gift_card: z.boolean().optional(),
  /** The page title and meta description search engines show; '' for "made from the product". */
  seo_title: z.string(),
  seo_description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  brand: brand.nullable(),
  categories: z.array(categorySummary),
  images: z.array(productImage),
  options: z.array(productOption),
  variants: z.array(productVariant),
  /** The currency of every amount above (the market's); the storefront's reads always send it. */
  currency: currencyCode.optional(),
});
export type Product = z.infer<typeof product>;

/** A `true`/`false` query parameter. */
export const booleanFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `page` and `limit` of the storefront's paged lists. */
export const pageParams = {
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 1' })
    .int('page must be a whole number of at least 1')
    .min(1, 'page must be a whole number of at least 1')
    .max(100_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
};

export const productListQuery = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: z
    .enum(PRODUCT_SORTS, { error: `sort must be one of: ${PRODUCT_SORTS.join(', ')}` })
    .default('newest'),
  category: z.string().trim().min(1).max(200).optional(),
  brand: z.string().trim().min(1).max(200).optional(),
  featured: booleanFlag.optional(),
  ...pageParams,
  ...marketParam,
});
export type ProductListQuery = z.input<typeof productListQuery>;

/**
 * A product as the storefront's lists show it (a card): no description, options or variants, one
 * image (the thumbnail, else the first). `inventory_level` is the variants' sum when it has any.
 */
export const productCard = product
  .pick({
    id: true,
    name: true,
    slug: true,
    price: true,
    sale_price: true,
    inventory_level: true,
    categories: true,
  })
  .extend({
    image: productImage.nullable(),
    /** How many variants it has: 0 when it is bought as it is. */
    variant_count: z.number().int(),
  });
export type ProductCard = z.infer<typeof productCard>;

export const productList = z.object({
  items: z.array(productCard),
  /** The currency of the prices (the market's). */
  currency: currencyCode,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProductList = z.infer<typeof productList>;

export const categoryList = z.object({ items: z.array(category) });
export const brandList = z.object({ items: z.array(brand) });
