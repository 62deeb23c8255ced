import { z } from 'zod';

// The products CSV import (docs/decisions/0008-admin-products.md, 0035-imports-from-other-shops.md).

/** The kinds of products CSV the import reads, recognised by the header row. */
export const IMPORT_FORMATS = ['cartwheel', 'shopify', 'woocommerce'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  cartwheel: 'Cartwheel products CSV',
  shopify: 'Shopify product CSV',
  woocommerce: 'WooCommerce product CSV',
};

export const importQuery = z.object({
  dry_run: z
    .enum(['true', 'false'], { error: 'dry_run must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const importRowError = z.object({
  /** Line of the CSV file (1 is the header). */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** A row the import leaves out, and why (a kind of product we do not sell: grouped, external, gift card). */
export const importSkippedRow = z.object({
  line: z.number().int(),
  name: z.string(),
  reason: z.string(),
});
export type ImportSkippedRow = z.infer<typeof importSkippedRow>;

export const importPreviewRow = z.object({
  line: z.number().int(),
  kind: z.enum(['product', 'variant']),
  action: z.enum(['create', 'update']),
  sku: z.string(),
  name: z.string(),
  price: z.number().int().nullable(),
  inventory_level: z.number().int().nullable(),
  /** A variant's options, "Size: M / Color: Red" (left out when the row names none). */
  options: z.string().optional(),
  /** The sale price the row sets (left out when it sets none). */
  sale_price: z.number().int().optional(),
  /** A product's search engine title and description (left out when the row sets none). */
  seo_title: z.string().optional(),
  seo_description: z.string().optional(),
});

export const importResult = z.object({
  dry_run: z.boolean(),
  /** Which kind of file was read (by its header). */
  format: z.enum(IMPORT_FORMATS),
  /** True when every row is valid or skipped (and, unless dry_run, the valid ones were written). */
  ok: z.boolean(),
  /** Data rows in the file, skipped ones included. */
  rows: z.number().int(),
  errors: z.array(importRowError),
  /** Rows left out on purpose, said before anything is written. */
  skipped: z.array(importSkippedRow),
  products: z.object({ created: z.number().int(), updated: z.number().int() }),
  variants: z.object({ created: z.number().int(), updated: z.number().int() }),
  new_brands: z.array(z.string()),
  new_categories: z.array(z.string()),
  /** The first rows as they will be written (at most 100). */
  preview: z.array(importPreviewRow),
  /** Images named by URL that a background job fetches after the import (each product shows failures). */
  images_to_fetch: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

/** Largest CSV accepted by the import (bytes) and most data rows. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

/** Columns of the products CSV, in export order (docs/decisions/0008-admin-products.md). */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'variant_of',
  'name',
  'slug',
  'description',
  'price',
  'cost_price',
  'sale_price',
  'retail_price',
  'inventory_level',
  'inventory_warning_level',
  'weight',
  'is_visible',
  'is_featured',
  'condition',
  'type',
  'brand',
  'categories',
  'options',
  'image_urls',
  'seo_title',
  'seo_description',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** An image named by URL in an import, fetched by a background job: waiting, stored, or refused. */
export const productImageImport = z.object({
  id: z.uuid(),
  source_url: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  /** Why it failed, for staff ("The address is on a private network", "Not an image: text/html"). */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type ProductImageImport = z.infer<typeof productImageImport>;
export const productImageImportList = z.object({ items: z.array(productImageImport) });
