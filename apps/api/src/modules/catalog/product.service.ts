import type {
  AdminProduct,
  AdminProductDetail,
  AdminProductList,
  AdminProductSort,
  BulkActionBody,
  BulkActionResult,
  ProductCreateBody,
  ProductStatusFilter,
  ProductUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { PRODUCT_DEFAULTS, PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { likeContains } from '../../lib/like.ts';
import { slugify } from '../../lib/slug.ts';
import { brands, categories, productCategories, products, productVariants } from './catalog.schema.ts';
import { optionsJson } from './product-option.service.ts';
import {
  type DbOrTx,
  lockProduct,
  productNotFound,
  productStockSql,
  rethrowSkuConflictOrThrow,
  retryOnSlugRace,
  skuTaken,
  uniqueSlug,
  variantStock,
  zeroAsNull,
} from './product-shared.ts';
import { variantsJson } from './product-variant.service.ts';

async function assertReferences(
  tx: DbOrTx,
  brandId: string | null | undefined,
  categoryIds: string[] | undefined,
): Promise<void> {
  if (brandId) {
    const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
    if (!row) throw new AppError('invalid', 'brand_not_found', 'Brand not found');
  }
  if (categoryIds?.length) {
    const unique = [...new Set(categoryIds)];
    const rows = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, unique));
    if (rows.length !== unique.length)
      throw new AppError('invalid', 'category_not_found', 'Category not found');
  }
}

async function setCategories(tx: DbOrTx, productId: string, categoryIds: string[]): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  const unique = [...new Set(categoryIds)];
  if (unique.length) {
    await tx.insert(productCategories).values(unique.map((categoryId) => ({ productId, categoryId })));
  }
}

// ---------------------------------------------------------------------------------------------
// Reads: JSON built by PostgreSQL in one statement, with the contract's wire names.

/** The back-office product JSON for the row aliased `p` (every category, cost price, variant count). */
const adminProductJson = sql`json_build_object(
  'id', p.id, 'name', p.name, 'sku', p.sku, 'slug', p.slug, 'description', p.description,
  'price', p.price, 'cost_price', p.cost_price, 'sale_price', p.sale_price,
  'inventory_level', ${productStockSql}, 'inventory_warning_level', p.inventory_warning_level,
  'weight', p.weight, 'is_visible', p.is_visible, 'is_featured', p.is_featured,
  'condition', p.condition, 'type', p.type, 'seo_title', p.seo_title, 'seo_description', p.seo_description,
  'brand_id', p.brand_id,
  'brand', (SELECT json_build_object('id', b.id, 'name', b.name, 'slug', b.slug) FROM brands b WHERE b.id = p.brand_id),
  'categories', COALESCE((
    SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) ORDER BY c.sort_order, c.name)
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.product_id = p.id), '[]'::json),
  'images', COALESCE((
    SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt_text', i.alt_text,
      'is_thumbnail', i.is_thumbnail, 'sort_order', i.sort_order,
      'width', i.width, 'height', i.height, 'variants', i.variants) ORDER BY i.is_thumbnail DESC, i.sort_order, i.id)
    FROM product_images i WHERE i.product_id = p.id), '[]'::json),
  'variant_count', (SELECT count(*)::int FROM product_variants pv WHERE pv.product_id = p.id),
  'created_at', p.created_at, 'updated_at', p.updated_at
)`;

function sortSql(sort: AdminProductSort, order: 'asc' | 'desc'): SQL {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const key: Record<AdminProductSort, SQL> = {
    created_at: sql`p.created_at`,
    name: sql`lower(p.name)`,
    sku: sql`lower(p.sku)`,
    price: sql`p.price`,
    inventory_level: productStockSql,
    status: sql`p.is_visible`,
  };
  // Ends on the id so pages never overlap or skip rows that tie.
  return sql`${key[sort]} ${dir}, p.id ${dir}`;
}

export interface AdminProductListParams {
  status: ProductStatusFilter;
  search?: string | undefined;
  sort: AdminProductSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** Every non-deleted product (Active and Draft), searched by name or SKU, filtered, sorted and paged. */
export async function listAdminProducts(db: Db, params: AdminProductListParams): Promise<AdminProductList> {
  const base: SQL[] = [sql`p.deleted_at IS NULL`];
  if (params.search) {
    const pattern = likeContains(params.search);
    base.push(sql`(p.name ILIKE ${pattern} OR p.sku ILIKE ${pattern})`);
  }
  const filtered = [...base];
  if (params.status === 'active') filtered.push(sql`p.is_visible`);
  if (params.status === 'draft') filtered.push(sql`NOT p.is_visible`);
  const baseWhere = sql.join(base, sql` AND `);
  const where = sql.join(filtered, sql` AND `);
  const order = sortSql(params.sort, params.order);
  const offset = (params.page - 1) * params.limit;
  const [row] = await queryRows<{
    all: number;
    active: number;
    items: AdminProduct[];
  }>(
    db,
    sql`SELECT c.all, c.active, COALESCE((SELECT json_agg(${adminProductJson} ORDER BY ${order})
        FROM (SELECT * FROM products p WHERE ${where} ORDER BY ${order} LIMIT ${params.limit} OFFSET ${offset}) p
      ), '[]'::json) AS items
      FROM (SELECT count(*)::int AS all, (count(*) FILTER (WHERE p.is_visible))::int AS active
        FROM products p WHERE ${baseWhere}) c`,
  );
  const all = row?.all ?? 0;
  const active = row?.active ?? 0;
  const counts = { all, active, draft: all - active };
  return {
    items: row?.items ?? [],
    total: counts[params.status],
    page: params.page,
    limit: params.limit,
    counts,
  };
}

/** One non-deleted product with options and variants, cost price included. */
export async function getAdminProduct(db: DbOrTx, id: string): Promise<AdminProductDetail> {
  const [row] = await queryRows<{ product: AdminProductDetail }>(
    db,
    sql`SELECT (${adminProductJson}::jsonb || jsonb_build_object(
        'options', ${optionsJson(sql`p.id`)}, 'variants', ${variantsJson(sql`p.id`)}))::json AS product
      FROM products p WHERE p.id = ${id} AND p.deleted_at IS NULL`,
  );
  if (!row) throw productNotFound();
  return row.product;
}

// ---------------------------------------------------------------------------------------------
// Product writes

/** The fields a new product can be given; the rest come from PRODUCT_DEFAULTS. */
type NewProductFields = Pick<ProductCreateBody, 'name' | 'sku'> &
  Partial<
    Pick<
      ProductCreateBody,
      | 'description'
      | 'price'
      | 'cost_price'
      | 'sale_price'
      | 'inventory_level'
      | 'inventory_warning_level'
      | 'weight'
      | 'is_visible'
      | 'is_featured'
      | 'condition'
      | 'type'
      | 'seo_title'
      | 'seo_description'
    >
  >;

/** The row for a new product, from the editor or a CSV import: PRODUCT_DEFAULTS for what is left out. */
export function newProductRow(input: NewProductFields, slug: string, brandId: string | null) {
  return {
    name: input.name,
    sku: input.sku,
    slug,
    description: input.description ?? PRODUCT_DEFAULTS.description,
    price: input.price ?? PRODUCT_DEFAULTS.price,
    costPrice: zeroAsNull(input.cost_price),
    salePrice: zeroAsNull(input.sale_price),
    inventoryLevel: input.inventory_level ?? PRODUCT_DEFAULTS.inventory_level,
    inventoryWarningLevel: input.inventory_warning_level ?? PRODUCT_DEFAULTS.inventory_warning_level,
    weight: input.weight === undefined ? PRODUCT_DEFAULTS.weight : input.weight,
    isVisible: input.is_visible ?? PRODUCT_DEFAULTS.is_visible,
    isFeatured: input.is_featured ?? PRODUCT_DEFAULTS.is_featured,
    condition: input.condition ?? PRODUCT_DEFAULTS.condition,
    type: input.type ?? PRODUCT_DEFAULTS.type,
    seoTitle: input.seo_title ?? PRODUCT_DEFAULTS.seo_title,
    seoDescription: input.seo_description ?? PRODUCT_DEFAULTS.seo_description,
    brandId,
  } satisfies typeof products.$inferInsert;
}

/** Creates a product with PRODUCT_DEFAULTS for what is left out and a unique slug derived from its name. */
export async function createAdminProduct(db: Db, input: ProductCreateBody): Promise<AdminProductDetail> {
  const id = await retryOnSlugRace(() =>
    db.transaction(async (tx) => {
      await assertSkuFree(tx, input.sku);
      await assertReferences(tx, input.brand_id, input.category_ids);
      const slug = await uniqueSlug(tx, slugify(input.name));
      const [row] = await tx
        .insert(products)
        .values(newProductRow(input, slug, input.brand_id ?? null))
        .returning({ id: products.id });
      if (input.category_ids?.length) await setCategories(tx, row!.id, input.category_ids);
      return row!.id;
    }),
  );
  return getAdminProduct(db, id);
}

async function assertSkuFree(tx: DbOrTx, sku: string, exceptId?: string): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (row && row.id !== exceptId) throw skuTaken();
}

/** Updates the given fields; the slug stays (links to the product keep working after a rename). */
export async function updateAdminProduct(
  db: Db,
  id: string,
  input: ProductUpdateBody,
): Promise<AdminProductDetail> {
  try {
    await db.transaction(async (tx) => {
      const current = await lockProduct(tx, id);
      if (input.sku !== undefined && input.sku !== current.sku) await assertSkuFree(tx, input.sku, id);
      await assertReferences(tx, input.brand_id, input.category_ids);
      const set: Partial<typeof products.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
      if (input.name !== undefined) set.name = input.name;
      if (input.sku !== undefined) set.sku = input.sku;
      if (input.description !== undefined) set.description = input.description;
      if (input.price !== undefined) set.price = input.price;
      if (input.cost_price !== undefined) set.costPrice = zeroAsNull(input.cost_price);
      if (input.sale_price !== undefined) set.salePrice = zeroAsNull(input.sale_price);
      if (input.inventory_level !== undefined) {
        const variants = await variantStock(tx, id);
        // A product with variants has no stock of its own: the same number (a whole form sent back) is no change.
        if (variants.count && input.inventory_level !== variants.stock) {
          throw new AppError('invalid', 'stock_from_variants', PRODUCT_MESSAGES.stockFromVariants);
        }
        if (!variants.count) set.inventoryLevel = input.inventory_level;
      }
      if (input.inventory_warning_level !== undefined) {
        set.inventoryWarningLevel = input.inventory_warning_level;
      }
      if (input.weight !== undefined) set.weight = input.weight;
      if (input.is_visible !== undefined) set.isVisible = input.is_visible;
      if (input.is_featured !== undefined) set.isFeatured = input.is_featured;
      if (input.condition !== undefined) set.condition = input.condition;
      if (input.type !== undefined) set.type = input.type;
      if (input.seo_title !== undefined) set.seoTitle = input.seo_title;
      if (input.seo_description !== undefined) set.seoDescription = input.seo_description;
      if (input.brand_id !== undefined) set.brandId = input.brand_id;
      await tx.update(products).set(set).where(eq(products.id, id));
      if (input.category_ids !== undefined) await setCategories(tx, id, input.category_ids);
    });
  } catch (error) {
    rethrowSkuConflictOrThrow(error);
  }
  return getAdminProduct(db, id);
}

/** Soft delete: deleted_at is set; the row, its orders and its SKU stay. */
export async function deleteAdminProduct(db: Db, id: string): Promise<void> {
  const rows = await db
    .update(products)
    .set({ deletedAt: sql`now()` as unknown as Date, updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (!rows.length) throw productNotFound();
}

/** Undoes a soft delete: the product, with its SKU and slug (kept while deleted), is back as it was. */
export async function restoreAdminProduct(db: Db, id: string): Promise<AdminProductDetail> {
  const rows = await db
    .update(products)
    .set({ deletedAt: null, updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(products.id, id), isNotNull(products.deletedAt)))
    .returning({ id: products.id });
  if (!rows.length) throw new AppError('not_found', 'product_not_found', 'No deleted product with this id');
  return getAdminProduct(db, id);
}

/**
 * Bulk edit (price, inventory), set featured, archive (= set as Draft) or activate the selected
 * products. Answers the products it changed, so an undo puts back exactly those. The inventory of a
 * product with variants is its variants' (docs/product.md#stock): a bulk inventory sets each variant.
 */
export async function bulkUpdateProducts(db: Db, body: BulkActionBody): Promise<BulkActionResult> {
  const ids = [...new Set(body.ids)];
  const set: Partial<typeof products.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  const changes: SQL[] = [];
  let inventory: number | undefined;
  switch (body.action) {
    case 'edit':
      if (body.price === undefined && body.inventory_level === undefined) {
        throw new AppError('invalid', 'nothing_to_change', 'Enter a price or an inventory level to apply');
      }
      if (body.price !== undefined) set.price = body.price;
      inventory = body.inventory_level;
      break;
    case 'feature': {
      const featured = body.is_featured ?? true;
      set.isFeatured = featured;
      changes.push(sql`${products.isFeatured} IS DISTINCT FROM ${featured}`);
      break;
    }
    case 'archive':
      set.isVisible = false;
      changes.push(sql`${products.isVisible}`);
      break;
    case 'activate':
      set.isVisible = true;
      changes.push(sql`NOT ${products.isVisible}`);
      break;
  }
  return db.transaction(async (tx) => {
    let variantsUpdated = 0;
    if (inventory !== undefined) {
      const variants = await tx
        .update(productVariants)
        .set({ inventoryLevel: inventory, updatedAt: sql`now()` as unknown as Date })
        .where(
          and(
            inArray(productVariants.productId, ids),
            sql`${productVariants.productId} IN (SELECT id FROM products WHERE deleted_at IS NULL)`,
          ),
        )
        .returning({ id: productVariants.id });
      variantsUpdated = variants.length;
      // Products without variants keep their stock on their own row.
      set.inventoryLevel = sql`CASE WHEN EXISTS (SELECT 1 FROM product_variants pv
        WHERE pv.product_id = ${products.id}) THEN ${products.inventoryLevel} ELSE ${inventory} END` as unknown as number;
    }
    const rows = await tx
      .update(products)
      .set(set)
      .where(and(inArray(products.id, ids), isNull(products.deletedAt), ...changes))
      .returning({ id: products.id });
    return { updated: rows.length, ids: rows.map((r) => r.id), variants_updated: variantsUpdated };
  });
}
