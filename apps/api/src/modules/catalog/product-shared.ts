import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { products, productVariants } from './catalog.schema.ts';

// What the back office's product, option, variant and image services all use.

export type DbOrTx = Db | Tx;

/**
 * The stock of the product row aliased `p` (docs/product.md#stock): the sum of its variants' stock
 * when it has variants, else its own inventory_level. Derived on read, never stored, so checkout's
 * conditional updates on a variant's row stay the only stock write (docs/decisions/0024-product-stock.md).
 */
export const productStockSql = sql`LEAST(COALESCE(
  (SELECT sum(pv.inventory_level) FROM product_variants pv WHERE pv.product_id = p.id), p.inventory_level),
  2147483647)::int`;

/** How many variants the product has and their summed stock (0 and null without variants). */
export async function variantStock(
  tx: DbOrTx,
  productId: string,
): Promise<{ count: number; stock: number | null }> {
  const [row] = await queryRows<{ count: number; stock: number | null }>(
    tx,
    sql`SELECT count(*)::int AS count, (CASE WHEN count(*) > 0 THEN LEAST(sum(inventory_level), 2147483647) END)::int AS stock
      FROM product_variants WHERE product_id = ${productId}`,
  );
  return row ?? { count: 0, stock: null };
}

export const productNotFound = () => notFound('product_not_found', 'Product not found');
export const skuTaken = () => new AppError('conflict', 'sku_taken', 'SKU already exists');

/** Turns a unique violation on a SKU index into the clear 409; rethrows anything else. */
export function rethrowSkuConflictOrThrow(error: unknown): never {
  const pg = pgErrorInfo(error);
  if (pg?.code === '23505' && pg.constraint?.endsWith('_sku_key')) throw skuTaken();
  throw error;
}

/**
 * The first free slug of base, base-2, base-3... in `table` (deleted products keep theirs, so they
 * count).
 */
export async function uniqueSlug(
  db: DbOrTx,
  base: string,
  table: 'products' | 'brands' | 'categories' = 'products',
): Promise<string> {
  // slugify() output holds only [a-z0-9-], so it is safe inside LIKE.
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`SELECT slug FROM ${sql.raw(table)} WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** Cost and sale price 0 mean "not set" in the form (the product defaults): they are stored as null. */
export const zeroAsNull = (cents: number | null | undefined): number | null =>
  cents === undefined || cents === null || cents === 0 ? null : cents;

/** Runs `work` again when it lost a race for a slug (another request took the same one first). */
export async function retryOnSlugRace<T>(work: () => Promise<T>): Promise<T> {
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

export interface LockedProduct {
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

export async function touchProduct(tx: DbOrTx, productId: string) {
  await tx
    .update(products)
    .set({ updatedAt: sql`now()` as unknown as Date })
    .where(eq(products.id, productId));
}

export async function variantSkuTaken(tx: DbOrTx, sku: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.sku, sku));
  return Boolean(row);
}

/** `items` (JSON built for the product) when the product is live; 404 when it is missing or deleted. */
export async function itemsOfLiveProduct<T>(db: DbOrTx, productId: string, items: SQL): Promise<T[]> {
  const [row] = await queryRows<{ exists: boolean; items: T[] }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products WHERE id = ${productId} AND deleted_at IS NULL) AS exists,
      ${items} AS items`,
  );
  if (!row?.exists) throw productNotFound();
  return row.items;
}
