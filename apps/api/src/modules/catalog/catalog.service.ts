import type { ProductSort } from '@cartwheel/shared/constants';
import type { Brand, Category, Product, ProductList } from '@cartwheel/shared/contracts/catalog';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { brands, categories } from './catalog.schema.ts';

/**
 * The storefront's product JSON for the row aliased `p`, built by PostgreSQL in one statement
 * (brand, visible categories, images, options with values, variants with their option values).
 * Field names are the wire names of the `product` contract.
 */
const productJson = sql`json_build_object(
  'id', p.id, 'name', p.name, 'sku', p.sku, 'slug', p.slug, 'description', p.description,
  'price', p.price, 'sale_price', p.sale_price,
  'inventory_level', p.inventory_level, 'inventory_warning_level', p.inventory_warning_level,
  'weight', p.weight, 'is_visible', p.is_visible, 'is_featured', p.is_featured,
  'condition', p.condition, 'type', p.type, 'created_at', p.created_at, 'updated_at', p.updated_at,
  'brand', (SELECT json_build_object('id', b.id, 'name', b.name, 'slug', b.slug) FROM brands b WHERE b.id = p.brand_id),
  'categories', COALESCE((
    SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) ORDER BY c.sort_order, c.name)
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.product_id = p.id AND c.is_visible), '[]'::json),
  'images', COALESCE((
    SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt_text', i.alt_text,
      'is_thumbnail', i.is_thumbnail, 'sort_order', i.sort_order) ORDER BY i.is_thumbnail DESC, i.sort_order, i.id)
    FROM product_images i WHERE i.product_id = p.id), '[]'::json),
  'options', COALESCE((
    SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'display_name', o.display_name, 'type', o.type,
      'sort_order', o.sort_order, 'values', COALESCE((
        SELECT json_agg(json_build_object('id', v.id, 'label', v.label, 'value', v.value,
          'price_adjustment', v.price_adjustment, 'sort_order', v.sort_order) ORDER BY v.sort_order, v.label)
        FROM product_option_values v WHERE v.option_id = o.id), '[]'::json)) ORDER BY o.sort_order, o.name)
    FROM product_options o WHERE o.product_id = p.id), '[]'::json),
  'variants', COALESCE((
    SELECT json_agg(json_build_object('id', pv.id, 'sku', pv.sku, 'title', COALESCE(vt.title, ''),
      'price', pv.price, 'retail_price', pv.retail_price, 'sale_price', pv.sale_price,
      'inventory_level', pv.inventory_level, 'weight', pv.weight,
      'option_values', COALESCE(vt.option_values, '[]'::json)) ORDER BY vt.sort_key, pv.created_at, pv.sku)
    FROM product_variants pv
    LEFT JOIN LATERAL (
      SELECT string_agg(ov.label, ' / ' ORDER BY o2.sort_order, o2.name) AS title,
        json_agg(json_build_object('option_id', o2.id, 'option_name', o2.name, 'option_value_id', ov.id,
          'label', ov.label, 'value', ov.value) ORDER BY o2.sort_order, o2.name) AS option_values,
        -- Variants list in their options' display order (S, M, L), not by when they were made.
        array_agg(ov.sort_order ORDER BY o2.sort_order, o2.name) AS sort_key
      FROM variant_option_values vov
      JOIN product_option_values ov ON ov.id = vov.option_value_id
      JOIN product_options o2 ON o2.id = ov.option_id
      WHERE vov.variant_id = pv.id) vt ON true
    WHERE pv.product_id = p.id), '[]'::json)
)`;

// Each sort ends on the id so pages never overlap or skip rows that tie.
const SORTS: Record<ProductSort, SQL> = {
  newest: sql`p.created_at DESC, p.id DESC`,
  name: sql`lower(p.name) ASC, p.id ASC`,
  price_asc: sql`p.effective_price ASC, p.id ASC`,
  price_desc: sql`p.effective_price DESC, p.id DESC`,
};

export interface ProductListParams {
  search?: string | undefined;
  sort: ProductSort;
  category?: string | undefined;
  brand?: string | undefined;
  featured?: boolean | undefined;
  page: number;
  limit: number;
}

/** Escapes LIKE wildcards so a shopper's "50%" searches for the text "50%". */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Visible, non-deleted products with their relations, filtered, sorted and paged, plus the total. */
export async function listProducts(db: Db, params: ProductListParams): Promise<ProductList> {
  const conditions: SQL[] = [sql`p.is_visible`, sql`p.deleted_at IS NULL`];
  if (params.search) {
    const pattern = likeContains(params.search);
    conditions.push(sql`(p.name ILIKE ${pattern} OR p.sku ILIKE ${pattern})`);
  }
  if (params.featured !== undefined) conditions.push(sql`p.is_featured = ${params.featured}`);
  if (params.brand) conditions.push(sql`p.brand_id = (SELECT id FROM brands WHERE slug = ${params.brand})`);
  if (params.category) {
    conditions.push(sql`EXISTS (SELECT 1 FROM product_categories pc JOIN categories c ON c.id = pc.category_id
      WHERE pc.product_id = p.id AND c.slug = ${params.category} AND c.is_visible)`);
  }
  const where = sql.join(conditions, sql` AND `);
  const order = SORTS[params.sort];
  const offset = (params.page - 1) * params.limit;
  const [row] = await queryRows<{ total: number; items: Product[] }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM products p WHERE ${where}) AS total,
      COALESCE((SELECT json_agg(${productJson} ORDER BY ${order})
        FROM (SELECT * FROM products p WHERE ${where} ORDER BY ${order} LIMIT ${params.limit} OFFSET ${offset}) p
      ), '[]'::json) AS items`,
  );
  return { items: row?.items ?? [], total: row?.total ?? 0, page: params.page, limit: params.limit };
}

/** One visible, non-deleted product by slug, with its relations. */
export async function getProductBySlug(db: Db, slug: string): Promise<Product> {
  const [row] = await queryRows<{ product: Product }>(
    db,
    sql`SELECT ${productJson} AS product FROM products p
      WHERE p.slug = ${slug} AND p.is_visible AND p.deleted_at IS NULL`,
  );
  if (!row) throw notFound('product_not_found', 'Product not found');
  return row.product;
}

/** Visible categories in their display order. */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      sort_order: categories.sortOrder,
    })
    .from(categories)
    .where(eq(categories.isVisible, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** All brands by name. */
export async function listBrands(db: Db): Promise<Brand[]> {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.name));
}

/** How many products the storefront shows (visible, not deleted). */
export async function countVisibleProducts(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM products p WHERE p.is_visible AND p.deleted_at IS NULL`,
  );
  return row?.n ?? 0;
}

/** Slugs and last changes of visible products, newest first, for the sitemap. */
export async function listSitemapProducts(
  db: Db,
  page: { offset: number; limit: number },
): Promise<Array<{ slug: string; updated_at: string }>> {
  return queryRows(
    db,
    sql`SELECT p.slug, to_json(p.updated_at) #>> '{}' AS updated_at FROM products p
      WHERE p.is_visible AND p.deleted_at IS NULL
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}
