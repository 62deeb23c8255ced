import {
  type AdminProduct,
  type AdminProductDetail,
  type AdminProductList,
  type AdminProductSort,
  type AdminVariant,
  type BulkActionBody,
  type OptionCreateBody,
  type OptionUpdateBody,
  type OptionValueInput,
  optionValueSlug,
  PRODUCT_DEFAULTS,
  type ProductCreateBody,
  type ProductStatusFilter,
  type ProductUpdateBody,
  type VariantCreateBody,
  type VariantUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import type { ProductImage, ProductOption } from '@cartwheel/shared/contracts/catalog';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { likeContains, likeEscape } from '../../lib/like.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { slugify } from '../../lib/slug.ts';
import {
  brands,
  categories,
  productCategories,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  variantOptionValues,
} from './catalog.schema.ts';

export type DbOrTx = Db | Tx;

export const MAX_IMAGES_PER_PRODUCT = 20;

// ---------------------------------------------------------------------------------------------
// Errors and small helpers

export const productNotFound = () => notFound('product_not_found', 'Product not found');
export const skuTaken = () => new AppError('conflict', 'sku_taken', 'SKU already exists');

/** Turns a unique violation on a SKU index into the clear 409; rethrows anything else. */
export function rethrowSkuConflictOrThrow(error: unknown): never {
  const pg = pgErrorInfo(error);
  if (pg?.code === '23505' && pg.constraint?.endsWith('_sku_key')) throw skuTaken();
  throw error;
}

/** The first free slug of base, base-2, base-3... (deleted products keep theirs, so they count). */
export async function uniqueSlug(db: DbOrTx, base: string): Promise<string> {
  // slugify() output holds only [a-z0-9-], so it is safe inside LIKE.
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`SELECT slug FROM products WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** Cost and sale price 0 mean "not set" in the form (section 5 defaults): they are stored as null. */
export const zeroAsNull = (cents: number | null | undefined): number | null =>
  cents === undefined || cents === null || cents === 0 ? null : cents;

/** Runs `work` again when it lost a race for a slug (another request took the same one first). */
async function retryOnSlugRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const pg = pgErrorInfo(error);
      if (attempt < 3 && pg?.code === '23505' && pg.constraint === 'products_slug_key') continue;
      rethrowSkuConflictOrThrow(error);
    }
  }
}

interface LockedProduct {
  id: string;
  sku: string;
  slug: string;
  name: string;
  price: number;
  cost_price: number | null;
  sale_price: number | null;
  inventory_level: number;
  inventory_warning_level: number;
  weight: number | null;
}

/** The live (not deleted) product, locked for the rest of the transaction; 404 when there is none. */
export async function lockProduct(
  tx: DbOrTx,
  id: string,
  notFoundError: () => AppError = productNotFound,
): Promise<LockedProduct> {
  const [row] = await queryRows<LockedProduct>(
    tx,
    sql`SELECT id, sku, slug, name, price, cost_price, sale_price, inventory_level, inventory_warning_level, weight
      FROM products WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row) throw notFoundError();
  return row;
}

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
  'inventory_level', p.inventory_level, 'inventory_warning_level', p.inventory_warning_level,
  'weight', p.weight, 'is_visible', p.is_visible, 'is_featured', p.is_featured,
  'condition', p.condition, 'type', p.type, 'brand_id', p.brand_id,
  'brand', (SELECT json_build_object('id', b.id, 'name', b.name, 'slug', b.slug) FROM brands b WHERE b.id = p.brand_id),
  'categories', COALESCE((
    SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) ORDER BY c.sort_order, c.name)
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.product_id = p.id), '[]'::json),
  'images', COALESCE((
    SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt_text', i.alt_text,
      'is_thumbnail', i.is_thumbnail, 'sort_order', i.sort_order) ORDER BY i.is_thumbnail DESC, i.sort_order, i.id)
    FROM product_images i WHERE i.product_id = p.id), '[]'::json),
  'variant_count', (SELECT count(*)::int FROM product_variants pv WHERE pv.product_id = p.id),
  'created_at', p.created_at, 'updated_at', p.updated_at
)`;

function optionsJson(productId: SQL | string) {
  return sql`COALESCE((
    SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'display_name', o.display_name, 'type', o.type,
      'sort_order', o.sort_order, 'values', COALESCE((
        SELECT json_agg(json_build_object('id', v.id, 'label', v.label, 'value', v.value,
          'price_adjustment', v.price_adjustment, 'sort_order', v.sort_order) ORDER BY v.sort_order, v.label)
        FROM product_option_values v WHERE v.option_id = o.id), '[]'::json)) ORDER BY o.sort_order, o.created_at, o.name)
    FROM product_options o WHERE o.product_id = ${productId}), '[]'::json)`;
}

/** Variants in creation order; variants made together follow their options' value order (S, M, L). */
function variantsJson(productId: SQL | string, onlyIds?: string[]) {
  const filter = onlyIds ? sql` AND pv.id IN (${sql.join(onlyIds, sql`, `)})` : sql``;
  return sql`COALESCE((
    SELECT json_agg(json_build_object('id', pv.id, 'product_id', pv.product_id, 'sku', pv.sku,
      'title', COALESCE(vt.title, ''), 'price', pv.price, 'cost_price', pv.cost_price,
      'retail_price', pv.retail_price, 'sale_price', pv.sale_price, 'inventory_level', pv.inventory_level,
      'inventory_warning_level', pv.inventory_warning_level, 'weight', pv.weight, 'created_at', pv.created_at,
      'option_values', COALESCE(vt.option_values, '[]'::json))
      ORDER BY pv.created_at, vt.value_order, pv.sku)
    FROM product_variants pv
    LEFT JOIN LATERAL (
      SELECT string_agg(ov.label, ' / ' ORDER BY o2.sort_order, o2.created_at, o2.name) AS title,
        array_agg(ov.sort_order ORDER BY o2.sort_order, o2.created_at, o2.name) AS value_order,
        json_agg(json_build_object('option_id', o2.id, 'option_name', o2.name, 'option_value_id', ov.id,
          'label', ov.label, 'value', ov.value) ORDER BY o2.sort_order, o2.created_at, o2.name) AS option_values
      FROM variant_option_values vov
      JOIN product_option_values ov ON ov.id = vov.option_value_id
      JOIN product_options o2 ON o2.id = ov.option_id
      WHERE vov.variant_id = pv.id) vt ON true
    WHERE pv.product_id = ${productId}${filter}), '[]'::json)`;
}

function sortSql(sort: AdminProductSort, order: 'asc' | 'desc'): SQL {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const key: Record<AdminProductSort, SQL> = {
    created_at: sql`p.created_at`,
    name: sql`lower(p.name)`,
    sku: sql`lower(p.sku)`,
    price: sql`p.price`,
    inventory_level: sql`p.inventory_level`,
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

/** The fields a new product can be given; the rest come from PRODUCT_DEFAULTS (spec section 5). */
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
    >
  >;

/** The row for a new product, from the editor or a CSV import: section 5 defaults for what is left out. */
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
    brandId,
  } satisfies typeof products.$inferInsert;
}

/** Creates a product with the section 5 defaults and a unique slug derived from its name. */
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
      if (input.inventory_level !== undefined) set.inventoryLevel = input.inventory_level;
      if (input.inventory_warning_level !== undefined) {
        set.inventoryWarningLevel = input.inventory_warning_level;
      }
      if (input.weight !== undefined) set.weight = input.weight;
      if (input.is_visible !== undefined) set.isVisible = input.is_visible;
      if (input.is_featured !== undefined) set.isFeatured = input.is_featured;
      if (input.condition !== undefined) set.condition = input.condition;
      if (input.type !== undefined) set.type = input.type;
      if (input.brand_id !== undefined) set.brandId = input.brand_id;
      await tx.update(products).set(set).where(eq(products.id, id));
      if (input.category_ids !== undefined) await setCategories(tx, id, input.category_ids);
    });
  } catch (error) {
    rethrowSkuConflictOrThrow(error);
  }
  return getAdminProduct(db, id);
}

/** Soft delete (spec section 4): deleted_at is set; the row, its orders and its SKU stay. */
export async function deleteAdminProduct(db: Db, id: string): Promise<void> {
  const rows = await db
    .update(products)
    .set({ deletedAt: sql`now()` as unknown as Date, updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (!rows.length) throw productNotFound();
}

/** The first free "<sku>-copy", "<sku>-copy-2"... among products or among variants. */
async function uniqueCopySku(tx: DbOrTx, table: 'products' | 'product_variants', sku: string) {
  const base = `${sku}-copy`;
  const rows = await queryRows<{ sku: string }>(
    tx,
    sql`SELECT sku FROM ${sql.raw(table)} WHERE sku = ${base} OR sku LIKE ${`${likeEscape(base)}-%`}`,
  );
  const taken = new Set(rows.map((r) => r.sku));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Copies a product as a Draft named "<name> (Copy)" with SKU and slug suffixed "-copy": fields,
 * categories, images, options with values and variants (their SKUs renamed the same way).
 */
export async function duplicateAdminProduct(db: Db, id: string): Promise<AdminProductDetail> {
  const newId = await retryOnSlugRace(() =>
    db.transaction(async (tx) => {
      const source = await lockProduct(tx, id);
      const [full] = await tx.select().from(products).where(eq(products.id, id));
      const sku = await uniqueCopySku(tx, 'products', source.sku);
      const slug = await uniqueSlug(tx, `${source.slug}-copy`);
      const [copy] = await tx
        .insert(products)
        .values({
          ...full!,
          id: undefined,
          effectivePrice: undefined,
          name: `${full!.name} (Copy)`.slice(0, 200),
          sku,
          slug,
          isVisible: false,
          createdAt: undefined,
          updatedAt: undefined,
          deletedAt: null,
        } as typeof products.$inferInsert)
        .returning({ id: products.id });
      const copyId = copy!.id;
      await tx.execute(sql`INSERT INTO product_categories (product_id, category_id)
        SELECT ${copyId}, category_id FROM product_categories WHERE product_id = ${id}`);
      await tx.execute(sql`INSERT INTO product_images (product_id, url, alt_text, is_thumbnail, sort_order)
        SELECT ${copyId}, url, alt_text, is_thumbnail, sort_order FROM product_images WHERE product_id = ${id}`);

      const valueMap = new Map<string, string>();
      const options = await tx.select().from(productOptions).where(eq(productOptions.productId, id));
      for (const option of options) {
        const [newOption] = await tx
          .insert(productOptions)
          .values({ ...option, id: undefined, productId: copyId, createdAt: undefined })
          .returning({ id: productOptions.id });
        const values = await tx
          .select()
          .from(productOptionValues)
          .where(eq(productOptionValues.optionId, option.id));
        for (const value of values) {
          const [newValue] = await tx
            .insert(productOptionValues)
            .values({ ...value, id: undefined, optionId: newOption!.id })
            .returning({ id: productOptionValues.id });
          valueMap.set(value.id, newValue!.id);
        }
      }
      const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, id));
      for (const variant of variants) {
        // A generated SKU (base SKU + values) follows the new base SKU; anything else gets "-copy".
        const variantSku = variant.sku.startsWith(`${source.sku}-`)
          ? `${sku}${variant.sku.slice(source.sku.length)}`
          : variant.sku;
        const freeSku =
          variantSku !== variant.sku && !(await variantSkuTaken(tx, variantSku))
            ? variantSku
            : await uniqueCopySku(tx, 'product_variants', variant.sku);
        const [newVariant] = await tx
          .insert(productVariants)
          .values({
            ...variant,
            id: undefined,
            productId: copyId,
            sku: freeSku,
            createdAt: undefined,
            updatedAt: undefined,
          })
          .returning({ id: productVariants.id });
        const links = await tx
          .select()
          .from(variantOptionValues)
          .where(eq(variantOptionValues.variantId, variant.id));
        if (links.length) {
          await tx.insert(variantOptionValues).values(
            links.map((l) => ({
              variantId: newVariant!.id,
              optionValueId: valueMap.get(l.optionValueId)!,
            })),
          );
        }
      }
      return copyId;
    }),
  );
  return getAdminProduct(db, newId);
}

async function variantSkuTaken(tx: DbOrTx, sku: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.sku, sku));
  return Boolean(row);
}

/** Bulk edit (price, inventory), set featured, or archive (= set as Draft) on the selected products. */
export async function bulkUpdateProducts(db: Db, body: BulkActionBody): Promise<{ updated: number }> {
  const set: Partial<typeof products.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  switch (body.action) {
    case 'edit':
      if (body.price === undefined && body.inventory_level === undefined) {
        throw new AppError('invalid', 'nothing_to_change', 'Enter a price or an inventory level to apply');
      }
      if (body.price !== undefined) set.price = body.price;
      if (body.inventory_level !== undefined) set.inventoryLevel = body.inventory_level;
      break;
    case 'feature':
      set.isFeatured = body.is_featured ?? true;
      break;
    case 'archive':
      set.isVisible = false;
      break;
  }
  const rows = await db
    .update(products)
    .set(set)
    .where(and(inArray(products.id, [...new Set(body.ids)]), isNull(products.deletedAt)))
    .returning({ id: products.id });
  return { updated: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Options

/** A product's options with their values ordered by sort_order (spec section 7). */
export async function listOptions(db: DbOrTx, productId: string): Promise<ProductOption[]> {
  const [row] = await queryRows<{ exists: boolean; items: ProductOption[] }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products WHERE id = ${productId} AND deleted_at IS NULL) AS exists,
      ${optionsJson(productId)} AS items`,
  );
  if (!row?.exists) throw productNotFound();
  return row.items;
}

async function getOption(db: DbOrTx, productId: string, optionId: string): Promise<ProductOption> {
  const options = await listOptions(db, productId);
  const option = options.find((o) => o.id === optionId);
  if (!option) throw optionNotFound();
  return option;
}

const optionNotFound = () => notFound('option_not_found', 'Option not found');

interface NormalizedValue {
  id: string | undefined;
  label: string;
  value: string;
  priceAdjustment: number;
  sortOrder: number;
}

function normalizeValues(values: OptionValueInput[]): NormalizedValue[] {
  const normalized = values.map((v, i) => ({
    id: v.id,
    label: v.label,
    value: v.value?.trim() ? v.value.trim() : optionValueSlug(v.label),
    priceAdjustment: v.price_adjustment ?? 0,
    sortOrder: v.sort_order ?? i,
  }));
  const seen = new Set<string>();
  for (const v of normalized) {
    if (seen.has(v.value)) {
      throw new AppError(
        'invalid',
        'duplicate_option_value',
        `Value "${v.value}" is used more than once in this option`,
      );
    }
    seen.add(v.value);
  }
  return normalized;
}

function rethrowOptionNameConflict(error: unknown, name: string | undefined): never {
  const pg = pgErrorInfo(error);
  if (pg?.code === '23505' && pg.constraint === 'product_options_product_name_key') {
    throw new AppError(
      'conflict',
      'option_exists',
      `This product already has an option named "${name ?? ''}"`,
    );
  }
  throw error;
}

/** Adds an option (display name defaults to the name) with its values. */
export async function createOption(
  db: Db,
  productId: string,
  body: OptionCreateBody,
): Promise<ProductOption> {
  const values = normalizeValues(body.values ?? []);
  let optionId: string;
  try {
    optionId = await db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      const [{ next } = { next: 0 }] = await queryRows<{ next: number }>(
        tx,
        sql`SELECT COALESCE(max(sort_order) + 1, 0)::int AS next FROM product_options WHERE product_id = ${productId}`,
      );
      const [option] = await tx
        .insert(productOptions)
        .values({
          productId,
          name: body.name,
          displayName: body.display_name?.trim() ? body.display_name : body.name,
          type: body.type ?? 'select',
          sortOrder: body.sort_order ?? next,
        })
        .returning({ id: productOptions.id });
      if (values.length) {
        await tx.insert(productOptionValues).values(
          values.map((v) => ({
            optionId: option!.id,
            label: v.label,
            value: v.value,
            priceAdjustment: v.priceAdjustment,
            sortOrder: v.sortOrder,
          })),
        );
      }
      return option!.id;
    });
  } catch (error) {
    rethrowOptionNameConflict(error, body.name);
  }
  return getOption(db, productId, optionId);
}

/** Deletes the variants that use any of these option values: their combination no longer exists. */
async function deleteVariantsUsingValues(tx: DbOrTx, valueIds: string[]): Promise<number> {
  if (!valueIds.length) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`DELETE FROM product_variants WHERE id IN (
      SELECT variant_id FROM variant_option_values WHERE option_value_id IN (${sql.join(valueIds, sql`, `)})
    ) RETURNING id`,
  );
  return rows.length;
}

/**
 * Updates an option. When `values` is sent it is the complete list: values with an id are kept
 * (with their variants), new ones added, missing ones removed together with the variants using them.
 */
export async function updateOption(
  db: Db,
  productId: string,
  optionId: string,
  body: OptionUpdateBody,
): Promise<ProductOption> {
  const values = body.values ? normalizeValues(body.values) : undefined;
  try {
    await db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      const [option] = await tx
        .select()
        .from(productOptions)
        .where(and(eq(productOptions.id, optionId), eq(productOptions.productId, productId)));
      if (!option) throw optionNotFound();
      const set: Partial<typeof productOptions.$inferInsert> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.display_name !== undefined) set.displayName = body.display_name || (body.name ?? option.name);
      if (body.type !== undefined) set.type = body.type;
      if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
      if (Object.keys(set).length) {
        await tx.update(productOptions).set(set).where(eq(productOptions.id, optionId));
      }
      if (!values) return;

      const existing = await tx
        .select()
        .from(productOptionValues)
        .where(eq(productOptionValues.optionId, optionId));
      const existingIds = new Set(existing.map((v) => v.id));
      for (const v of values) {
        if (v.id && !existingIds.has(v.id)) {
          throw new AppError('invalid', 'option_value_not_found', 'Option value not found in this option');
        }
      }
      const keptIds = new Set(values.flatMap((v) => (v.id ? [v.id] : [])));
      const removed = existing.filter((v) => !keptIds.has(v.id)).map((v) => v.id);
      await deleteVariantsUsingValues(tx, removed);
      if (removed.length) {
        await tx.delete(productOptionValues).where(inArray(productOptionValues.id, removed));
      }
      const kept = values.filter((v) => v.id);
      // Two steps so values can swap (a <-> b) without tripping the unique (option, value) index.
      for (const v of kept) {
        await tx
          .update(productOptionValues)
          .set({ value: `~swap~${v.id}` })
          .where(eq(productOptionValues.id, v.id!));
      }
      for (const v of kept) {
        await tx
          .update(productOptionValues)
          .set({ label: v.label, value: v.value, priceAdjustment: v.priceAdjustment, sortOrder: v.sortOrder })
          .where(eq(productOptionValues.id, v.id!));
      }
      const added = values.filter((v) => !v.id);
      if (added.length) {
        await tx.insert(productOptionValues).values(
          added.map((v) => ({
            optionId,
            label: v.label,
            value: v.value,
            priceAdjustment: v.priceAdjustment,
            sortOrder: v.sortOrder,
          })),
        );
      }
    });
  } catch (error) {
    rethrowOptionNameConflict(error, body.name);
  }
  return getOption(db, productId, optionId);
}

/** Deletes an option, its values and the variants that used them. */
export async function deleteOption(db: Db, productId: string, optionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [option] = await tx
      .select({ id: productOptions.id })
      .from(productOptions)
      .where(and(eq(productOptions.id, optionId), eq(productOptions.productId, productId)));
    if (!option) throw optionNotFound();
    const values = await tx
      .select({ id: productOptionValues.id })
      .from(productOptionValues)
      .where(eq(productOptionValues.optionId, optionId));
    // Variants first: deleting the option cascades to the links that find them.
    await deleteVariantsUsingValues(
      tx,
      values.map((v) => v.id),
    );
    await tx.delete(productOptions).where(eq(productOptions.id, optionId));
  });
}

// ---------------------------------------------------------------------------------------------
// Variants

const variantNotFound = () => notFound('variant_not_found', 'Variant not found');

/** A product's variants with their option values, ordered by created_at (spec section 7). */
export async function listVariants(
  db: DbOrTx,
  productId: string,
  onlyIds?: string[],
): Promise<AdminVariant[]> {
  if (onlyIds && !onlyIds.length) return [];
  const [row] = await queryRows<{ exists: boolean; items: AdminVariant[] }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products WHERE id = ${productId} AND deleted_at IS NULL) AS exists,
      ${variantsJson(productId, onlyIds)} AS items`,
  );
  if (!row?.exists) throw productNotFound();
  return row.items;
}

async function getVariant(db: DbOrTx, productId: string, variantId: string): Promise<AdminVariant> {
  const [variant] = await listVariants(db, productId, [variantId]);
  if (!variant) throw variantNotFound();
  return variant;
}

/**
 * Adds one variant linked to option values (at most one per option, none from another product).
 * Unset fields come from the product, the price plus the values' adjustments, as generation does.
 */
export async function createVariant(
  db: Db,
  productId: string,
  body: VariantCreateBody,
): Promise<AdminVariant> {
  let variantId: string;
  try {
    variantId = await db.transaction(async (tx) => {
      const product = await lockProduct(tx, productId);
      const valueIds = [...new Set(body.option_value_ids ?? [])];
      let adjustment = 0;
      if (valueIds.length) {
        const rows = await tx
          .select({
            id: productOptionValues.id,
            optionId: productOptionValues.optionId,
            priceAdjustment: productOptionValues.priceAdjustment,
          })
          .from(productOptionValues)
          .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
          .where(and(inArray(productOptionValues.id, valueIds), eq(productOptions.productId, productId)));
        if (rows.length !== valueIds.length) {
          throw new AppError('invalid', 'option_value_not_found', 'Option value not found on this product');
        }
        if (new Set(rows.map((r) => r.optionId)).size !== rows.length) {
          throw new AppError('invalid', 'option_value_conflict', 'Choose at most one value per option');
        }
        adjustment = rows.reduce((sum, r) => sum + r.priceAdjustment, 0);
        const key = [...valueIds].sort().join(',');
        const existing = await variantCombinationKeys(tx, productId);
        if (existing.has(key)) {
          throw new AppError('conflict', 'variant_exists', 'A variant with these options already exists');
        }
      }
      if (await variantSkuTaken(tx, body.sku)) throw skuTaken();
      const [variant] = await tx
        .insert(productVariants)
        .values({
          productId,
          sku: body.sku,
          price: body.price ?? Math.max(0, product.price + adjustment),
          costPrice: body.cost_price === undefined ? product.cost_price : zeroAsNull(body.cost_price),
          retailPrice: zeroAsNull(body.retail_price),
          salePrice: body.sale_price === undefined ? product.sale_price : zeroAsNull(body.sale_price),
          inventoryLevel: body.inventory_level ?? product.inventory_level ?? 0,
          inventoryWarningLevel: body.inventory_warning_level ?? product.inventory_warning_level ?? 5,
          weight: body.weight === undefined ? product.weight : body.weight,
        })
        .returning({ id: productVariants.id });
      if (valueIds.length) {
        await tx
          .insert(variantOptionValues)
          .values(valueIds.map((optionValueId) => ({ variantId: variant!.id, optionValueId })));
      }
      return variant!.id;
    });
  } catch (error) {
    rethrowSkuConflictOrThrow(error);
  }
  return getVariant(db, productId, variantId);
}

/** "valueId,valueId" (sorted) for every variant of the product that is linked to option values. */
export async function variantCombinationKeys(tx: DbOrTx, productId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; key: string }>(
    tx,
    sql`SELECT pv.id, string_agg(vov.option_value_id::text, ',' ORDER BY vov.option_value_id::text) AS key
      FROM product_variants pv JOIN variant_option_values vov ON vov.variant_id = pv.id
      WHERE pv.product_id = ${productId} GROUP BY pv.id`,
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Inline edit of a variant (price, sale price, inventory, SKU...). */
export async function updateVariant(
  db: Db,
  productId: string,
  variantId: string,
  body: VariantUpdateBody,
): Promise<AdminVariant> {
  try {
    await db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      const set: Partial<typeof productVariants.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
      if (body.sku !== undefined) set.sku = body.sku;
      if (body.price !== undefined) set.price = body.price;
      if (body.cost_price !== undefined) set.costPrice = zeroAsNull(body.cost_price);
      if (body.retail_price !== undefined) set.retailPrice = zeroAsNull(body.retail_price);
      if (body.sale_price !== undefined) set.salePrice = zeroAsNull(body.sale_price);
      if (body.inventory_level !== undefined) set.inventoryLevel = body.inventory_level;
      if (body.inventory_warning_level !== undefined)
        set.inventoryWarningLevel = body.inventory_warning_level;
      if (body.weight !== undefined) set.weight = body.weight;
      if (body.sku !== undefined) {
        const [other] = await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(eq(productVariants.sku, body.sku));
        if (other && other.id !== variantId) throw skuTaken();
      }
      const rows = await tx
        .update(productVariants)
        .set(set)
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
        .returning({ id: productVariants.id });
      if (!rows.length) throw variantNotFound();
    });
  } catch (error) {
    rethrowSkuConflictOrThrow(error);
  }
  return getVariant(db, productId, variantId);
}

export async function deleteVariant(db: Db, productId: string, variantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const rows = await tx
      .delete(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
      .returning({ id: productVariants.id });
    if (!rows.length) throw variantNotFound();
  });
}

// ---------------------------------------------------------------------------------------------
// Images

export async function listImages(db: DbOrTx, productId: string): Promise<ProductImage[]> {
  return queryRows<ProductImage>(
    db,
    sql`SELECT id, url, alt_text, is_thumbnail, sort_order FROM product_images
      WHERE product_id = ${productId} ORDER BY is_thumbnail DESC, sort_order, id`,
  );
}

/** Adds an image after the others; the product's first image becomes its thumbnail. */
export async function addProductImage(
  db: Db,
  productId: string,
  image: { url: string; alt_text?: string | undefined },
): Promise<ProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [stats] = await queryRows<{ count: number; next: number; thumbnails: number }>(
      tx,
      sql`SELECT count(*)::int AS count, COALESCE(max(sort_order) + 1, 0)::int AS next,
        (count(*) FILTER (WHERE is_thumbnail))::int AS thumbnails
        FROM product_images WHERE product_id = ${productId}`,
    );
    if ((stats?.count ?? 0) >= MAX_IMAGES_PER_PRODUCT) {
      throw new AppError(
        'invalid',
        'too_many_images',
        `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`,
      );
    }
    await tx.insert(productImages).values({
      productId,
      url: image.url,
      altText: image.alt_text || null,
      isThumbnail: (stats?.thumbnails ?? 0) === 0,
      sortOrder: stats?.next ?? 0,
    });
    await touchProduct(tx, productId);
    return listImages(tx, productId);
  });
}

async function touchProduct(tx: DbOrTx, productId: string) {
  await tx
    .update(products)
    .set({ updatedAt: sql`now()` as unknown as Date })
    .where(eq(products.id, productId));
}

const imageNotFound = () => notFound('image_not_found', 'Image not found');

/** Makes an image the thumbnail (and no other) and/or changes its alt text. */
export async function updateProductImage(
  db: Db,
  productId: string,
  imageId: string,
  body: { is_thumbnail?: true | undefined; alt_text?: string | null | undefined },
): Promise<ProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [image] = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
    if (!image) throw imageNotFound();
    if (body.is_thumbnail) {
      // Clear first: the partial unique index allows one thumbnail per product at any moment.
      await tx
        .update(productImages)
        .set({ isThumbnail: false })
        .where(and(eq(productImages.productId, productId), eq(productImages.isThumbnail, true)));
      await tx.update(productImages).set({ isThumbnail: true }).where(eq(productImages.id, imageId));
    }
    if (body.alt_text !== undefined) {
      await tx
        .update(productImages)
        .set({ altText: body.alt_text || null })
        .where(eq(productImages.id, imageId));
    }
    await touchProduct(tx, productId);
    return listImages(tx, productId);
  });
}

/** Removes an image; when it was the thumbnail the next image takes over. Returns the removed URL. */
export async function deleteProductImage(
  db: Db,
  productId: string,
  imageId: string,
): Promise<{ items: ProductImage[]; removedUrl: string; stillUsed: boolean }> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [removed] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning();
    if (!removed) throw imageNotFound();
    if (removed.isThumbnail) {
      await tx.execute(sql`UPDATE product_images SET is_thumbnail = true WHERE id = (
        SELECT id FROM product_images WHERE product_id = ${productId} ORDER BY sort_order, id LIMIT 1)`);
    }
    await touchProduct(tx, productId);
    // A duplicated product shares its original's files: only unused files may be removed.
    const [used] = await queryRows<{ used: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM product_images WHERE url = ${removed.url}) AS used`,
    );
    return {
      items: await listImages(tx, productId),
      removedUrl: removed.url,
      stillUsed: Boolean(used?.used),
    };
  });
}
