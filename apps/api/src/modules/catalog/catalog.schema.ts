import { OPTION_TYPES, PRODUCT_CONDITIONS, PRODUCT_TYPES } from '@cartwheel/shared/constants';
import type { ImageVariant } from '@cartwheel/shared/contracts/catalog';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const productConditionEnum = pgEnum('product_condition', PRODUCT_CONDITIONS);
export const productTypeEnum = pgEnum('product_type', PRODUCT_TYPES);
export const optionTypeEnum = pgEnum('option_type', OPTION_TYPES);

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    isVisible: boolean('is_visible').notNull().default(true),
    /** Order among its siblings. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** The parent in the category tree (migration 0035 refuses cycles); null at the top. */
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('categories_visible_sort_idx').on(t.sortOrder).where(sql`${t.isVisible}`),
    index('categories_parent_sort_idx').on(t.parentId, t.sortOrder),
  ],
);

/**
 * Products. Money in integer cents. `effective_price` is what a shopper pays for the product itself
 * (sale price when set and lower), kept by the database so price sorts can use an index.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull().default(0),
    costPrice: integer('cost_price'),
    salePrice: integer('sale_price'),
    effectivePrice: integer('effective_price')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN sale_price IS NOT NULL AND sale_price > 0 AND sale_price < price THEN sale_price ELSE price END`,
      ),
    inventoryLevel: integer('inventory_level').notNull().default(0),
    inventoryWarningLevel: integer('inventory_warning_level').notNull().default(5),
    weight: doublePrecision('weight'),
    isVisible: boolean('is_visible').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Final sale: not returnable (returns/README.md). */
    finalSale: boolean('final_sale').notNull().default(false),
    /** Sold as a gift card: digital, each unit issues a card to the line's recipient (decision 0094). */
    isGiftCard: boolean('is_gift_card').notNull().default(false),
    condition: productConditionEnum('condition').notNull().default('New'),
    type: productTypeEnum('type').notNull().default('physical'),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Listed in the product feeds (Google, Meta): the "Include in sales channels" switch. */
    salesChannels: boolean('sales_channels').notNull().default(true),
    /** Global Trade Item Number (barcode) and manufacturer part number, for the product feeds. */
    gtin: text('gtin'),
    mpn: text('mpn'),
    /** The search engine listing's title and description; '' for "made from the product" (migration 0047). */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_slug_key').on(t.slug),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_cost_price_check', sql`${t.costPrice} >= 0`),
    check('products_sale_price_check', sql`${t.salePrice} >= 0`),
    check('products_inventory_level_check', sql`${t.inventoryLevel} >= 0`),
    check('products_inventory_warning_level_check', sql`${t.inventoryWarningLevel} >= 0`),
    check('products_weight_check', sql`${t.weight} >= 0`),
    // Storefront reads only touch visible, non-deleted rows: partial indexes keep them small.
    // DESC indexes say NULLS FIRST (PostgreSQL's default for DESC) so a plain `ORDER BY x DESC` can use them.
    index('products_storefront_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isVisible} AND ${t.deletedAt} IS NULL`),
    index('products_storefront_featured_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isVisible} AND ${t.isFeatured} AND ${t.deletedAt} IS NULL`),
    // Name A-Z is case-insensitive whatever the database's collation.
    index('products_storefront_name_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.isVisible} AND ${t.deletedAt} IS NULL`),
    index('products_storefront_price_idx')
      .on(t.effectivePrice, t.id)
      .where(sql`${t.isVisible} AND ${t.deletedAt} IS NULL`),
    index('products_brand_id_idx').on(t.brandId),
    index('products_admin_created_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    altText: text('alt_text'),
    isThumbnail: boolean('is_thumbnail').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Intrinsic size of the stored image; null until known. */
    width: integer('width'),
    height: integer('height'),
    /** Smaller copies by width (image-variants job); null while they are being made. */
    variants: jsonb('variants').$type<ImageVariant[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The order every reader shows them in: the thumbnail, then by sort order (migration 0058).
    index('product_images_product_idx').on(t.productId, t.isThumbnail.desc(), t.sortOrder, t.id),
    // At most one thumbnail per product.
    uniqueIndex('product_images_one_thumbnail_key').on(t.productId).where(sql`${t.isThumbnail}`),
  ],
);

export const productOptions = pgTable(
  'product_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    type: optionTypeEnum('type').notNull().default('select'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_options_product_name_key').on(t.productId, t.name)],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    priceAdjustment: integer('price_adjustment').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_option_values_option_value_key').on(t.optionId, t.value)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    price: integer('price').notNull().default(0),
    costPrice: integer('cost_price'),
    retailPrice: integer('retail_price'),
    salePrice: integer('sale_price'),
    inventoryLevel: integer('inventory_level').notNull().default(0),
    inventoryWarningLevel: integer('inventory_warning_level').notNull().default(5),
    weight: doublePrecision('weight'),
    /** The product image this variant shows (its colour); null shows the product's first image. */
    imageId: uuid('image_id').references(() => productImages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.createdAt),
    index('product_variants_image_idx').on(t.imageId).where(sql`${t.imageId} IS NOT NULL`),
    check('product_variants_price_check', sql`${t.price} >= 0`),
    check('product_variants_cost_price_check', sql`${t.costPrice} >= 0`),
    check('product_variants_retail_price_check', sql`${t.retailPrice} >= 0`),
    check('product_variants_sale_price_check', sql`${t.salePrice} >= 0`),
    check('product_variants_inventory_level_check', sql`${t.inventoryLevel} >= 0`),
    check('product_variants_inventory_warning_level_check', sql`${t.inventoryWarningLevel} >= 0`),
    check('product_variants_weight_check', sql`${t.weight} >= 0`),
  ],
);

export const variantOptionValues = pgTable(
  'variant_option_values',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    optionValueId: uuid('option_value_id')
      .notNull()
      .references(() => productOptionValues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.optionValueId] }),
    index('variant_option_values_value_idx').on(t.optionValueId),
  ],
);

/**
 * How many visible, non-deleted products each storefront filter matches, so the list's exact total is
 * a sum over a few rows instead of a count over every visible product. Kept exact, in the same
 * transaction, by the triggers of migration 0009 (docs/decisions/0013-product-list-totals.md).
 * A row with `category_id` NULL counts products of one brand (NULL = none) and featured flag; a row
 * with a category counts those products once per category they are in. Not written by the app.
 */
export const storefrontListCounts = pgTable(
  'storefront_list_counts',
  {
    categoryId: uuid('category_id'),
    brandId: uuid('brand_id'),
    isFeatured: boolean('is_featured').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [unique('storefront_list_counts_key').on(t.categoryId, t.brandId, t.isFeatured).nullsNotDistinct()],
);
