// Contracts of the back office's product routes (/api/admin/products...). Money is integer minor units
// of the base currency; the admin form works in decimals and converts with toMinorUnits before sending.
import { z } from 'zod';
import { MAX_PAGE_SIZE, OPTION_TYPES, PRODUCT_CONDITIONS, PRODUCT_TYPES } from '../constants.ts';
import { categorySummary, product, productImage, productOption, productVariant } from './catalog.ts';

/** The product form's and the variant generator's messages, word for word the same in the API and the form. */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  skuRequired: 'SKU is required',
  price: 'Price must be 0 or greater',
  costPrice: 'Cost price must be 0 or greater',
  salePrice: 'Sale price must be 0 or greater',
  retailPrice: 'Retail price must be 0 or greater',
  inventory: 'Inventory must be 0 or greater',
  warningLevel: 'Warning level must be 0 or greater',
  weight: 'Weight must be 0 or greater',
  condition: `Condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}`,
  type: `Type must be one of: ${PRODUCT_TYPES.join(', ')}`,
  saveBeforeGenerate: 'Product must be saved before generating variants',
  addOptionFirst: 'Please add at least one option before generating variants',
  optionsNeedValues: 'All options must have at least one value',
  aiNameRequired: 'Please enter a product name before using AI improvement',
  stockFromVariants:
    "This product has variants: its stock is the sum of theirs. Change each variant's inventory instead.",
} as const;

/** Defaults of a new product (cents); cost and sale price 0 mean "not set" and are stored as null. */
export const PRODUCT_DEFAULTS = {
  description: '',
  price: 0,
  cost_price: 0,
  sale_price: 0,
  inventory_level: 0,
  inventory_warning_level: 5,
  weight: 0,
  is_visible: true,
  is_featured: false,
  condition: 'New',
  type: 'physical',
  seo_title: '',
  seo_description: '',
} as const;

/**
 * Longest search engine listing. Search engines show about 60 characters of a title and 160 of a
 * description; Shopify's editor counts against 70 and 320 but saves longer ones, so the bounds are
 * wide enough that another shop's export is not refused for them.
 */
export const MAX_SEO_TITLE = 200;
export const MAX_SEO_DESCRIPTION = 1000;

// Upper bounds keep values inside PostgreSQL's integer (cents) and out of absurd territory.
const MAX_CENTS = 1_000_000_000;
const MAX_COUNT = 1_000_000_000;

/** A money amount in cents, at least 0. `message` is the form's text for a negative amount. */
function cents(label: string, message: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(0, message)
    .max(MAX_CENTS, `${label} is too large`);
}

function wholeCount(label: string, message: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, message)
    .max(MAX_COUNT, `${label} is too large`);
}

const weight = z
  .number({ error: 'Weight must be a number' })
  .min(0, PRODUCT_MESSAGES.weight)
  .max(1_000_000, 'Weight is too large');

const productName = z
  .string({ error: PRODUCT_MESSAGES.nameRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.nameRequired)
  .max(200, 'Product name must be at most 200 characters');

const sku = z
  .string({ error: PRODUCT_MESSAGES.skuRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.skuRequired)
  .max(100, 'SKU must be at most 100 characters');

export const productFieldSchemas = {
  name: productName,
  sku,
  description: z.string().max(20_000, 'Description must be at most 20000 characters'),
  price: cents('Price', PRODUCT_MESSAGES.price),
  cost_price: cents('Cost price', PRODUCT_MESSAGES.costPrice).nullable(),
  sale_price: cents('Sale price', PRODUCT_MESSAGES.salePrice).nullable(),
  inventory_level: wholeCount('Inventory', PRODUCT_MESSAGES.inventory),
  inventory_warning_level: wholeCount('Warning level', PRODUCT_MESSAGES.warningLevel),
  weight: weight.nullable(),
  is_visible: z.boolean(),
  is_featured: z.boolean(),
  condition: z.enum(PRODUCT_CONDITIONS, { error: PRODUCT_MESSAGES.condition }),
  type: z.enum(PRODUCT_TYPES, { error: PRODUCT_MESSAGES.type }),
  brand_id: z.uuid('brand_id must be a brand id').nullable(),
  category_ids: z.array(z.uuid('category_ids must be category ids')).max(50, 'At most 50 categories'),
  seo_title: z.string().trim().max(MAX_SEO_TITLE, `SEO title must be at most ${MAX_SEO_TITLE} characters`),
  seo_description: z
    .string()
    .trim()
    .max(MAX_SEO_DESCRIPTION, `SEO description must be at most ${MAX_SEO_DESCRIPTION} characters`),
};

/** POST /api/admin/products: name and sku are required; everything else takes its PRODUCT_DEFAULTS value. */
export const productCreateBody = z.object({
  name: productFieldSchemas.name,
  sku: productFieldSchemas.sku,
  description: productFieldSchemas.description.optional(),
  price: productFieldSchemas.price.optional(),
  cost_price: productFieldSchemas.cost_price.optional(),
  sale_price: productFieldSchemas.sale_price.optional(),
  inventory_level: productFieldSchemas.inventory_level.optional(),
  inventory_warning_level: productFieldSchemas.inventory_warning_level.optional(),
  weight: productFieldSchemas.weight.optional(),
  is_visible: productFieldSchemas.is_visible.optional(),
  is_featured: productFieldSchemas.is_featured.optional(),
  condition: productFieldSchemas.condition.optional(),
  type: productFieldSchemas.type.optional(),
  brand_id: productFieldSchemas.brand_id.optional(),
  category_ids: productFieldSchemas.category_ids.optional(),
  seo_title: productFieldSchemas.seo_title.optional(),
  seo_description: productFieldSchemas.seo_description.optional(),
});
export type ProductCreateBody = z.infer<typeof productCreateBody>;

/** PATCH /api/admin/products/:id: any subset of the fields; the slug stays as it was created. */
export const productUpdateBody = productCreateBody.partial();
export type ProductUpdateBody = z.infer<typeof productUpdateBody>;

export const PRODUCT_STATUSES = ['all', 'active', 'draft'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUSES)[number];
export const ADMIN_PRODUCT_SORTS = [
  'created_at',
  'name',
  'sku',
  'price',
  'inventory_level',
  'status',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

const pageNumber = z.coerce
  .number({ error: 'page must be a whole number of at least 1' })
  .int('page must be a whole number of at least 1')
  .min(1, 'page must be a whole number of at least 1')
  .max(100_000, 'page is too large');

export const adminProductListQuery = z.object({
  status: z
    .enum(PRODUCT_STATUSES, { error: `status must be one of: ${PRODUCT_STATUSES.join(', ')}` })
    .default('all'),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { error: `sort must be one of: ${ADMIN_PRODUCT_SORTS.join(', ')}` })
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  page: pageNumber.default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(20),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

export const adminCategory = categorySummary;

// The back office's product and variant are the storefront's with the fields only staff see. Each
// ends with a `.pick` that lists every key in the order the API has always written them.

/** A variant as the back office sees it: with its product, cost price, warning level and creation date. */
export const adminVariant = productVariant
  .extend({
    product_id: z.uuid(),
    cost_price: z.number().int().nullable(),
    inventory_warning_level: z.number().int(),
    created_at: z.string(),
  })
  .pick({
    id: true,
    product_id: true,
    sku: true,
    title: true,
    price: true,
    cost_price: true,
    retail_price: true,
    sale_price: true,
    inventory_level: true,
    inventory_warning_level: true,
    weight: true,
    created_at: true,
    option_values: true,
    image_id: true,
  });
export type AdminVariant = z.infer<typeof adminVariant>;

/** A product in the back-office list: every status, with cost price, brand id and a variant count. */
export const adminProduct = product
  .extend({
    cost_price: z.number().int().nullable(),
    brand_id: z.uuid().nullable(),
    categories: z.array(adminCategory),
    variant_count: z.number().int(),
  })
  .pick({
    id: true,
    name: true,
    sku: true,
    slug: true,
    description: true,
    price: true,
    cost_price: true,
    sale_price: true,
    inventory_level: true,
    inventory_warning_level: true,
    weight: true,
    is_visible: true,
    is_featured: true,
    condition: true,
    type: true,
    seo_title: true,
    seo_description: true,
    brand_id: true,
    brand: true,
    categories: true,
    images: true,
    variant_count: true,
    created_at: true,
    updated_at: true,
  });
export type AdminProduct = z.infer<typeof adminProduct>;

/** One product with everything the editor needs: options with values and variants. */
export const adminProductDetail = adminProduct.extend({
  options: z.array(productOption),
  variants: z.array(adminVariant),
});
export type AdminProductDetail = z.infer<typeof adminProductDetail>;

export const adminProductList = z.object({
  items: z.array(adminProduct),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** How many products match the search in each status, for the status filter. */
  counts: z.object({ all: z.number().int(), active: z.number().int(), draft: z.number().int() }),
});
export type AdminProductList = z.infer<typeof adminProductList>;

// ---- options ----

/** "Extra Large" -> "extra-large": an option value's default value. */
export function optionValueSlug(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Why a colour value was refused (the API's message and the editor's). */
export const colorValueMessage = (label: string) => `Choose a color for "${label}": a code like #1f3a5f`;

/** The editor's starting colour for a new colour value. */
export const DEFAULT_COLOR_CODE = '#000000';

export const optionValueInput = z.object({
  /** Set to keep an existing value (and the variants linked to it); left out for a new value. */
  id: z.uuid().optional(),
  label: z
    .string({ error: 'Value label is required' })
    .trim()
    .min(1, 'Value label is required')
    .max(100, 'Value label must be at most 100 characters'),
  /** Defaults to the label lower-cased with spaces turned into hyphens. */
  value: z.string().trim().max(100, 'Value must be at most 100 characters').optional(),
  price_adjustment: z
    .number({ error: 'Price adjustment must be a number' })
    .int('Price adjustment must be a whole number of cents')
    .min(-MAX_CENTS, 'Price adjustment is too small')
    .max(MAX_CENTS, 'Price adjustment is too large')
    .optional(),
  sort_order: z.number().int().min(0).max(10_000).optional(),
});
export type OptionValueInput = z.infer<typeof optionValueInput>;

export const optionCreateBody = z.object({
  name: z
    .string({ error: 'Option name is required' })
    .trim()
    .min(1, 'Option name is required')
    .max(100, 'Option name must be at most 100 characters'),
  /** Defaults to the name. */
  display_name: z.string().trim().max(100, 'Display name must be at most 100 characters').optional(),
  type: z.enum(OPTION_TYPES, { error: `Type must be one of: ${OPTION_TYPES.join(', ')}` }).optional(),
  sort_order: z.number().int().min(0).max(10_000).optional(),
  /** In display order; sort_order defaults to the position. */
  values: z.array(optionValueInput).max(100, 'At most 100 values per option').optional(),
});
export type OptionCreateBody = z.infer<typeof optionCreateBody>;

/** PATCH: when `values` is sent it is the option's complete list (values left out are removed). */
export const optionUpdateBody = optionCreateBody.partial();
export type OptionUpdateBody = z.infer<typeof optionUpdateBody>;

export const optionList = z.object({ items: z.array(productOption) });

// ---- variants ----

const variantFields = {
  sku,
  price: cents('Price', PRODUCT_MESSAGES.price),
  cost_price: cents('Cost price', PRODUCT_MESSAGES.costPrice).nullable(),
  retail_price: cents('Retail price', PRODUCT_MESSAGES.retailPrice).nullable(),
  sale_price: cents('Sale price', PRODUCT_MESSAGES.salePrice).nullable(),
  inventory_level: wholeCount('Inventory', PRODUCT_MESSAGES.inventory),
  inventory_warning_level: wholeCount('Warning level', PRODUCT_MESSAGES.warningLevel),
  weight: weight.nullable(),
};

export const variantCreateBody = z.object({
  sku: variantFields.sku,
  price: variantFields.price.optional(),
  cost_price: variantFields.cost_price.optional(),
  retail_price: variantFields.retail_price.optional(),
  sale_price: variantFields.sale_price.optional(),
  inventory_level: variantFields.inventory_level.optional(),
  inventory_warning_level: variantFields.inventory_warning_level.optional(),
  weight: variantFields.weight.optional(),
  /** The option values this variant stands for, one per option of the product. */
  option_value_ids: z.array(z.uuid('option_value_ids must be option value ids')).max(20).optional(),
  /** One of the product's images, shown when this variant is chosen; null for the product's first. */
  image_id: z.uuid('image_id must be an image id of this product').nullable().optional(),
});
export type VariantCreateBody = z.infer<typeof variantCreateBody>;

export const variantUpdateBody = variantCreateBody.omit({ option_value_ids: true }).partial();
export type VariantUpdateBody = z.infer<typeof variantUpdateBody>;

export const variantList = z.object({ items: z.array(adminVariant) });

/** POST /api/admin/products/:id/variants/generate: `generated` is the {n} of "Generated {n} variants successfully". */
export const generateVariantsResult = z.object({
  generated: z.number().int(),
  kept: z.number().int(),
  items: z.array(adminVariant),
});
export type GenerateVariantsResult = z.infer<typeof generateVariantsResult>;

// ---- images ----

/** Where a product image may live: the web, this shop's uploads, or the demo images. */
export function isAllowedImageUrl(url: string): boolean {
  if (/^\/(uploads|demo-images)\/[A-Za-z0-9._-]+$/.test(url)) return !url.includes('..');
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && Boolean(parsed.hostname);
  } catch {
    return false;
  }
}

export const IMAGE_URL_MESSAGE = 'Image URL must start with http://, https:// or /uploads/';

/**
 * An image kept as a link (added by URL; shoppers' browsers load it): this shop's uploads, or https on
 * a named public host. Loopback, link-local and private hosts are refused as the import's fetch refuses
 * them, and http as a shop on https would not show it; a host is not looked up here (nothing is fetched).
 */
export function isLinkableImageUrl(url: string): boolean {
  if (url.startsWith('/')) return isAllowedImageUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const literalIp = /^[\d.]+$/.test(host) || host.startsWith('[');
  const local = /(^|\.)(localhost|local|internal|home\.arpa)$/.test(host) || !host.includes('.');
  return parsed.protocol === 'https:' && !literalIp && !local;
}

const LINKED_IMAGE_URL_MESSAGE =
  'Image URL must start with https:// and name a public host, or with /uploads/';

export const imageUrlBody = z.object({
  url: z
    .string({ error: 'Image URL is required' })
    .trim()
    .min(1, 'Image URL is required')
    .max(2000, 'Image URL must be at most 2000 characters')
    .refine(isLinkableImageUrl, LINKED_IMAGE_URL_MESSAGE),
  alt_text: z.string().trim().max(300, 'Alt text must be at most 300 characters').optional(),
});
export type ImageUrlBody = z.infer<typeof imageUrlBody>;

export const imageUpdateBody = z.object({
  /** true makes this image the product's thumbnail (and no other). */
  is_thumbnail: z.literal(true, { error: 'is_thumbnail can only be set to true' }).optional(),
  alt_text: z.string().trim().max(300, 'Alt text must be at most 300 characters').nullable().optional(),
});

export const imageList = z.object({ items: z.array(productImage) });

/** Largest image upload accepted (bytes); the stored copy is resized to at most 1600 px WebP. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;

// ---- bulk actions ----

const bulkIds = z
  .array(z.uuid('ids must be product ids'), { error: 'Select at least one product' })
  .min(1, 'Select at least one product')
  .max(500, 'At most 500 products at a time');

/**
 * POST /api/admin/products/bulk. `edit` sets price and/or inventory on every selected product (the
 * inventory of a product with variants is set on each of its variants), `feature` sets or clears
 * featured, `archive` turns the products into drafts (hidden from the store, kept in the back
 * office; docs/decisions/0008-admin-products.md) and `activate` makes them Active again (archive's undo).
 */
export const bulkActionBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('edit'),
      ids: bulkIds,
      price: cents('Price', PRODUCT_MESSAGES.price).optional(),
      inventory_level: wholeCount('Inventory', PRODUCT_MESSAGES.inventory).optional(),
    }),
    z.object({ action: z.literal('feature'), ids: bulkIds, is_featured: z.boolean().default(true) }),
    z.object({ action: z.literal('archive'), ids: bulkIds }),
    z.object({ action: z.literal('activate'), ids: bulkIds }),
  ],
  { error: 'action must be one of: edit, feature, archive, activate' },
);
export type BulkActionBody = z.input<typeof bulkActionBody>;
export const bulkActionResult = z.object({
  /** How many selected products the action changed. */
  updated: z.number().int(),
  /** The products it changed (an undo puts back exactly these). */
  ids: z.array(z.uuid()),
  /** Variants whose inventory a bulk edit set (products with variants keep their stock there). */
  variants_updated: z.number().int(),
});
export type BulkActionResult = z.infer<typeof bulkActionResult>;
