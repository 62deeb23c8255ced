import type { ProductSort } from '@cartwheel/shared/constants';
import type { Brand, Category, Product } from '@cartwheel/shared/contracts/catalog';
import { DEFAULT_LANGUAGE } from '@cartwheel/shared/locale';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { likeContains } from '../../lib/like.ts';
import { translatedSql } from '../translations/translated-sql.ts';
import { brands, categories } from './catalog.schema.ts';
import { shownSubtreeIdsSql } from './category-tree.service.ts';
import { productStockSql } from './product-shared.ts';

// A product's visible categories in display order, and one image row `i`, as the contracts name them.
const categoriesJson = (language: string) => sql`COALESCE((
    SELECT json_agg(json_build_object('id', c.id, 'name', ${translatedSql(language, 'category', sql`c.id`, 'name', sql`c.name`)},
      'slug', c.slug) ORDER BY c.sort_order, c.name)
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.product_id = p.id AND c.is_visible), '[]'::json)`;
/** A variant's option value label (row `ov`) in the read's language. */
const variantLabel = (language: string) =>
  translatedSql(language, 'option_value', sql`ov.id`, 'label', sql`ov.label`);
/** A product's field (row `p`) in the read's language. */
const productField = (language: string, field: string) =>
  translatedSql(language, 'product', sql`p.id`, field, sql.raw(`p.${field}`));
const imageJson = sql`json_build_object('id', i.id, 'url', i.url, 'alt_text', i.alt_text,
  'is_thumbnail', i.is_thumbnail, 'sort_order', i.sort_order,
  'width', i.width, 'height', i.height, 'variants', i.variants)`;
/** The thumbnail first, then by sort order. */
const imageOrder = sql`i.is_thumbnail DESC, i.sort_order, i.id`;

/**
 * A product card for the row aliased `p` (the `productCard` contract): what the storefront's lists
 * show, about a fifth of the whole product's JSON. The product page reads productJson.
 */
export const productCardJson = (language: string) => sql`json_build_object(
  'id', p.id, 'name', ${productField(language, 'name')}, 'slug', p.slug, 'price', p.price, 'sale_price', p.sale_price,
  'inventory_level', ${productStockSql},
  'variant_count', (SELECT count(*)::int FROM product_variants pv WHERE pv.product_id = p.id),
  'categories', ${categoriesJson(language)},
  'image', (SELECT ${imageJson} FROM product_images i WHERE i.product_id = p.id ORDER BY ${imageOrder} LIMIT 1)
)`;

/**
 * The storefront's product JSON for the row aliased `p`, built by PostgreSQL in one statement
 * (brand, visible categories, images, options with values, variants with their option values), its
 * texts in `language` (docs/decisions/0071-content-translations.md). Field names are the wire names
 * of the `product` contract.
 */
export const productJson = (language: string) => sql`json_build_object(
  'id', p.id, 'name', ${productField(language, 'name')}, 'sku', p.sku, 'slug', p.slug,
  'description', ${productField(language, 'description')},
  'price', p.price, 'sale_price', p.sale_price,
  'inventory_level', ${productStockSql}, 'inventory_warning_level', p.inventory_warning_level,
  'weight', p.weight, 'is_visible', p.is_visible, 'is_featured', p.is_featured, 'is_gift_card', p.is_gift_card,
  'condition', p.condition, 'type', p.type, 'seo_title', ${productField(language, 'seo_title')},
  'seo_description', ${productField(language, 'seo_description')},
  'created_at', p.created_at, 'updated_at', p.updated_at,
  'brand', (SELECT json_build_object('id', b.id, 'name', ${translatedSql(language, 'brand', sql`b.id`, 'name', sql`b.name`)},
    'slug', b.slug) FROM brands b WHERE b.id = p.brand_id),
  'categories', ${categoriesJson(language)},
  'images', COALESCE((
    SELECT json_agg(${imageJson} ORDER BY ${imageOrder}) FROM product_images i WHERE i.product_id = p.id), '[]'::json),
  'options', COALESCE((
    SELECT json_agg(json_build_object('id', o.id, 'name', o.name,
      'display_name', ${translatedSql(language, 'option', sql`o.id`, 'name', sql`o.display_name`)}, 'type', o.type,
      'sort_order', o.sort_order, 'values', COALESCE((
        SELECT json_agg(json_build_object('id', v.id,
          'label', ${translatedSql(language, 'option_value', sql`v.id`, 'label', sql`v.label`)}, 'value', v.value,
          'price_adjustment', v.price_adjustment, 'sort_order', v.sort_order) ORDER BY v.sort_order, v.label)
        FROM product_option_values v WHERE v.option_id = o.id), '[]'::json)) ORDER BY o.sort_order, o.name)
    FROM product_options o WHERE o.product_id = p.id), '[]'::json),
  'variants', COALESCE((
    SELECT json_agg(json_build_object('id', pv.id, 'sku', pv.sku, 'title', COALESCE(vt.title, ''),
      'price', pv.price, 'retail_price', pv.retail_price, 'sale_price', pv.sale_price,
      'inventory_level', pv.inventory_level, 'weight', pv.weight,
      'option_values', COALESCE(vt.option_values, '[]'::json), 'image_id', pv.image_id)
      ORDER BY vt.sort_key, pv.created_at, pv.sku)
    FROM product_variants pv
    LEFT JOIN LATERAL (
      SELECT string_agg(${variantLabel(language)}, ' / ' ORDER BY o2.sort_order, o2.name) AS title,
        json_agg(json_build_object('option_id', o2.id, 'option_name', o2.name, 'option_value_id', ov.id,
          'label', ${variantLabel(language)}, 'value', ov.value) ORDER BY o2.sort_order, o2.name) AS option_values,
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
  /** The language of the cards' texts; English (the columns as they are) when absent. */
  language?: string | undefined;
}

/**
 * The SQL of the storefront's product list: one statement whose single row has `body`, the whole
 * response (`{ items, total, page, limit }` of the `productList` contract) as JSON text built by
 * PostgreSQL, so the API sends it without parsing it. Pure; bench/catalog-explain.mjs EXPLAINs it.
 *
 * - The page walks an index in its sort's order (the partial `products_storefront_*_idx` ones, or
 *   `products_admin_created_idx` for newest first) and stops after the page's last row; a category
 *   (with the categories below it) is checked per row on product_categories' primary key.
 * - Without a search, the exact total is a sum over a few rows of `storefront_list_counts`, which
 *   triggers keep exact (migration 0009, docs/decisions/0013-product-list-totals.md) instead of a
 *   count over every visible product (55 ms at 100,000 products).
 * - With a search, the matches are found once (trigram indexes on name and SKU) and both counted and
 *   sorted for the page.
 */
export function productListSql(params: ProductListParams): SQL {
  const filters: SQL[] = [sql`p.is_visible`, sql`p.deleted_at IS NULL`];
  const counted: SQL[] = [];
  if (params.featured !== undefined) {
    filters.push(sql`p.is_featured = ${params.featured}`);
    counted.push(sql`c.is_featured = ${params.featured}`);
  }
  if (params.brand) {
    const brandId = sql`(SELECT id FROM brands WHERE slug = ${params.brand})`;
    filters.push(sql`p.brand_id = ${brandId}`);
    counted.push(sql`c.brand_id = ${brandId}`);
  }
  // A category lists its own products and those of the categories below it (decision 0038), once each.
  // Their ids are worked out once, in the `picked` CTE, however many times the statement asks.
  const ctes: SQL[] = [];
  let subtree: SQL | null = null;
  if (params.category) {
    ctes.push(sql`picked AS MATERIALIZED (SELECT ${shownSubtreeIdsSql(sql`${params.category}`)} AS ids)`);
    subtree = sql`(SELECT ids FROM picked)::uuid[]`;
    filters.push(sql`EXISTS (SELECT 1 FROM product_categories pc
      WHERE pc.product_id = p.id AND pc.category_id = ANY(${subtree}))`);
  }
  const order = SORTS[params.sort];
  const offset = (params.page - 1) * params.limit;
  const items = (rows: SQL) =>
    sql`COALESCE((SELECT json_agg(${productCardJson(params.language ?? DEFAULT_LANGUAGE)} ORDER BY ${order}) FROM (${rows}) p), '[]'::json)`;
  const body = (itemsJson: SQL, total: SQL) =>
    sql`json_build_object('items', ${itemsJson}, 'total', ${total}, 'page', ${params.page}::int, 'limit', ${params.limit}::int)::text AS body`;

  if (params.search) {
    const pattern = likeContains(params.search);
    filters.push(sql`(p.name ILIKE ${pattern} OR p.sku ILIKE ${pattern})`);
    // The sort keys of every match, once: counted for the total, sorted for the page.
    ctes.push(sql`matches AS MATERIALIZED (
        SELECT p.id, p.created_at, p.name, p.effective_price FROM products p WHERE ${sql.join(filters, sql` AND `)})`);
    return sql`WITH ${sql.join(ctes, sql`, `)}
      SELECT ${body(
        items(sql`SELECT * FROM products p WHERE p.id IN (
          SELECT p.id FROM matches p ORDER BY ${order} LIMIT ${params.limit} OFFSET ${offset})`),
        sql`(SELECT count(*)::int FROM matches)`,
      )}`;
  }
  const countedTotal = (category: SQL) =>
    sql`(SELECT COALESCE(sum(c.products), 0)::int FROM storefront_list_counts c
      WHERE ${sql.join([...counted, category], sql` AND `)})`;
  // The kept counts are per category: a category with others below it, where a product may sit in
  // several, is counted over its products instead (PostgreSQL runs only the branch it takes).
  const total = subtree
    ? sql`CASE WHEN cardinality(${subtree}) <= 1 THEN ${countedTotal(sql`c.category_id = (${subtree})[1]`)}
        ELSE (SELECT count(*)::int FROM products p WHERE ${sql.join(filters, sql` AND `)}) END`
    : countedTotal(sql`c.category_id IS NULL`);
  return sql`${ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)} ` : sql``}SELECT ${body(
    items(sql`SELECT * FROM products p WHERE ${sql.join(filters, sql` AND `)}
      ORDER BY ${order} LIMIT ${params.limit} OFFSET ${offset}`),
    total,
  )}`;
}

/**
 * Visible, non-deleted products as cards, filtered, sorted and paged, plus the exact total: the
 * response body as JSON text (see productListSql).
 */
export async function listProductsJson(db: Db, params: ProductListParams): Promise<string> {
  const [row] = await queryRows<{ body: string }>(db, productListSql(params));
  if (!row) throw new Error('the product list query returned no row');
  return row.body;
}

/**
 * One visible, non-deleted product by slug, with its relations, its texts in `language`. Prepared:
 * planning this statement's subqueries took longer than running them.
 */
export async function getProductBySlug(db: Db, slug: string, language: string): Promise<Product> {
  const [row] = await queryPrepared<{ product: Product }>(
    db,
    sql`SELECT ${productJson(language)} AS product FROM products p
      WHERE p.slug = ${slug} AND p.is_visible AND p.deleted_at IS NULL`,
  );
  if (!row) throw notFound('product_not_found', 'Product not found');
  return row.product;
}

/** Visible categories in their display order, named in `language`. */
export async function listCategories(db: Db, language: string): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      name: sql<string>`${translatedSql(language, 'category', sql`${categories.id}`, 'name', sql`${categories.name}`)}`,
      slug: categories.slug,
      sort_order: categories.sortOrder,
    })
    .from(categories)
    .where(eq(categories.isVisible, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** All brands by (English) name, named in `language`. */
export async function listBrands(db: Db, language: string): Promise<Brand[]> {
  return db
    .select({
      id: brands.id,
      name: sql<string>`${translatedSql(language, 'brand', sql`${brands.id}`, 'name', sql`${brands.name}`)}`,
      slug: brands.slug,
    })
    .from(brands)
    .orderBy(asc(brands.name));
}

/** How many products the storefront shows (visible, not deleted), from the exact counts. */
export async function countVisibleProducts(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT COALESCE(sum(products), 0)::int AS n FROM storefront_list_counts WHERE category_id IS NULL`,
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
