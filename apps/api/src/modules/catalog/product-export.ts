import { Readable } from 'node:stream';
import type { AdminProductDetail, ProductStatusFilter } from '@cartwheel/shared/contracts/admin-products';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@cartwheel/shared/contracts/product-import';
import { guardCell } from '@cartwheel/shared/csv-cell';
import { toMajorString } from '@cartwheel/shared/money';
import { stringify } from 'csv-stringify';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likeContains } from '../../lib/like.ts';
import { primed } from '../../lib/primed.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';

// The products CSV (docs/decisions/0008-admin-products.md): one row per product, followed by one row
// per variant (variant_of = the product's SKU). Prices are decimals of the base currency; lists are separated by " | ".
// product-import.ts reads the same format, so an export can be edited and imported back.

const BATCH = 200;

type CsvRow = Partial<Record<ProductCsvColumn, string>>;

function productRows(p: AdminProductDetail, currency: string): CsvRow[] {
  const money = (minor: number | null) => (minor === null ? '' : toMajorString(minor, currency));
  const rows: CsvRow[] = [
    {
      sku: guardCell(p.sku),
      variant_of: '',
      name: guardCell(p.name),
      slug: p.slug,
      description: guardCell(p.description),
      price: money(p.price),
      cost_price: money(p.cost_price),
      sale_price: money(p.sale_price),
      retail_price: '',
      inventory_level: String(p.inventory_level),
      inventory_warning_level: String(p.inventory_warning_level),
      weight: p.weight === null ? '' : String(p.weight),
      is_visible: String(p.is_visible),
      is_featured: String(p.is_featured),
      condition: p.condition,
      type: p.type,
      brand: guardCell(p.brand?.name ?? ''),
      categories: guardCell(p.categories.map((c) => c.name).join(' | ')),
      options: '',
      image_urls: p.images.map((i) => i.url).join(' | '),
      seo_title: guardCell(p.seo_title),
      seo_description: guardCell(p.seo_description),
    },
  ];
  for (const v of p.variants) {
    rows.push({
      sku: guardCell(v.sku),
      variant_of: guardCell(p.sku),
      price: money(v.price),
      cost_price: money(v.cost_price),
      sale_price: money(v.sale_price),
      retail_price: money(v.retail_price),
      inventory_level: String(v.inventory_level),
      inventory_warning_level: String(v.inventory_warning_level),
      weight: v.weight === null ? '' : String(v.weight),
      options: guardCell(v.option_values.map((o) => `${o.option_name}: ${o.label}`).join(' | ')),
    });
  }
  return rows;
}

export interface ExportFilter {
  status: ProductStatusFilter;
  search?: string | undefined;
}

/** Products newest first, a batch at a time (keyset paging, so memory stays flat on any catalog size). */
async function* productBatches(db: Db, filter: ExportFilter): AsyncGenerator<AdminProductDetail[]> {
  const conditions: SQL[] = [sql`p.deleted_at IS NULL`];
  if (filter.status === 'active') conditions.push(sql`p.is_visible`);
  if (filter.status === 'draft') conditions.push(sql`NOT p.is_visible`);
  if (filter.search) {
    const pattern = likeContains(filter.search);
    conditions.push(sql`(p.name ILIKE ${pattern} OR p.sku ILIKE ${pattern})`);
  }
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const where = sql.join(
      after
        ? [...conditions, sql`(p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`]
        : conditions,
      sql` AND `,
    );
    const rows = await queryRows<{ id: string; created: string; product: AdminProductDetail }>(
      db,
      sql`SELECT p.id, p.created_at::text AS created, json_build_object(
          'sku', p.sku, 'name', p.name, 'slug', p.slug, 'description', p.description, 'price', p.price,
          'cost_price', p.cost_price, 'sale_price', p.sale_price, 'inventory_level', p.inventory_level,
          'inventory_warning_level', p.inventory_warning_level, 'weight', p.weight, 'is_visible', p.is_visible,
          'is_featured', p.is_featured, 'condition', p.condition, 'type', p.type,
          'seo_title', p.seo_title, 'seo_description', p.seo_description,
          'brand', (SELECT json_build_object('name', b.name) FROM brands b WHERE b.id = p.brand_id),
          'categories', COALESCE((SELECT json_agg(json_build_object('name', c.name) ORDER BY c.sort_order, c.name)
            FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id), '[]'::json),
          'images', COALESCE((SELECT json_agg(json_build_object('url', i.url) ORDER BY i.is_thumbnail DESC, i.sort_order, i.id)
            FROM product_images i WHERE i.product_id = p.id), '[]'::json),
          'variants', COALESCE((SELECT json_agg(json_build_object('sku', pv.sku, 'price', pv.price,
              'cost_price', pv.cost_price, 'sale_price', pv.sale_price, 'retail_price', pv.retail_price,
              'inventory_level', pv.inventory_level, 'inventory_warning_level', pv.inventory_warning_level,
              'weight', pv.weight, 'option_values', COALESCE((
                SELECT json_agg(json_build_object('option_name', o.name, 'label', ov.label) ORDER BY o.sort_order, o.created_at, o.name)
                FROM variant_option_values vov JOIN product_option_values ov ON ov.id = vov.option_value_id
                JOIN product_options o ON o.id = ov.option_id WHERE vov.variant_id = pv.id), '[]'::json))
              ORDER BY pv.created_at, pv.sku)
            FROM product_variants pv WHERE pv.product_id = p.id), '[]'::json)
        ) AS product
        FROM products p WHERE ${where}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${BATCH}`,
    );
    if (!rows.length) return;
    yield rows.map((r) => r.product);
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created, id: last.id };
    if (rows.length < BATCH) return;
  }
}

/**
 * The products CSV as a stream: header, then each product followed by its variants. The first batch is
 * read before it resolves, so a failure there is an error answer rather than a cut-off file.
 */
export async function productsCsvStream(db: Db, filter: ExportFilter): Promise<Readable> {
  const currency = await loadBaseCurrency(db);
  const batches = await primed(productBatches(db, filter), 1);
  async function* rows() {
    for await (const batch of batches) {
      for (const product of batch) yield* productRows(product, currency);
    }
  }
  const csv = stringify({ header: true, columns: [...PRODUCT_CSV_COLUMNS] });
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
