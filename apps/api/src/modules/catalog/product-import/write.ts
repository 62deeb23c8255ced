import { optionValueSlug } from '@cartwheel/shared/contracts/admin-products';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { slugify } from '../../../lib/slug.ts';
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
} from '../catalog.schema.ts';
import { newProductRow } from '../product.service.ts';
import { productHandles, productImageImports } from '../product-import.schema.ts';
import { type DbOrTx, type LockedProduct, uniqueSlug, zeroAsNull } from '../product-shared.ts';
import type { ImportPlan } from './check.ts';
import type { OptionPair, ProductRow, VariantRow } from './parse.ts';

// Writing: every row of a checked file in one transaction, so an import is all or nothing.

export interface WriteProgress {
  /** Called once every row passed the checks, just before the transaction starts writing. */
  onWriteStart?: ((rows: number) => void) | undefined;
  /** Rows written so far, every few rows while the transaction runs (for a progress bar). */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /** Queues the job that fetches a product's images named by URL, in the import's transaction. */
  queueImageFetch?: ((tx: DbOrTx, productId: string) => Promise<void>) | undefined;
  /** Once the transaction committed: each product the file created, or changed (itself or a variant). */
  onProductWritten?: ((productId: string, created: boolean) => Promise<void>) | undefined;
}

/** Writes every row of a checked file without errors: new brands and categories, products, variants. */
export async function writeImport(
  db: Db,
  plan: ImportPlan,
  { onWriteStart, onProgress, queueImageFetch, onProductWritten }: WriteProgress,
): Promise<void> {
  const { rows, existing, brandByName, categoryByName } = plan;
  const total = rows.length;
  let done = 0;
  const step = () => {
    done++;
    if (onProgress && (done % 25 === 0 || done === total)) onProgress(done, total);
  };
  onWriteStart?.(total);
  // Each product written, and whether the file created it.
  const written = new Map<string, boolean>();
  await db.transaction(async (tx) => {
    for (const [key, name] of plan.newBrands) {
      const slug = await uniqueSlug(tx, slugify(name), 'brands');
      const [row] = await tx.insert(brands).values({ name, slug }).returning({ id: brands.id });
      brandByName.set(key, row!.id);
    }
    for (const [key, name] of plan.newCategories) {
      const slug = await uniqueSlug(tx, slugify(name), 'categories');
      const [row] = await tx.insert(categories).values({ name, slug }).returning({ id: categories.id });
      categoryByName.set(key, row!.id);
    }
    const productIds = new Map<string, string>();
    for (const p of existing.products.values()) productIds.set(p.sku, p.id);
    for (const row of rows) {
      if (row.kind !== 'product') continue;
      const existingId = existing.products.get(row.sku)?.id;
      const id = await writeProduct(tx, row, existingId, brandByName, categoryByName);
      productIds.set(row.sku, id);
      written.set(id, !existingId);
      if (row.handle) await saveHandle(tx, row.handle, id);
      if (row.remoteImages && (await queueRemoteImages(tx, id, row.remoteImages))) {
        await queueImageFetch?.(tx, id);
      }
      step();
    }
    const optionCache = new Map<string, OptionCache>();
    for (const row of rows) {
      if (row.kind !== 'variant') continue;
      const productId = productIds.get(row.parentSku)!;
      let cache = optionCache.get(productId);
      if (!cache) {
        cache = await loadOptionCache(tx, productId);
        optionCache.set(productId, cache);
      }
      await writeVariant(tx, row, productId, existing.variants.get(row.sku)?.id, cache);
      if (!written.has(productId)) written.set(productId, false);
      step();
    }
  });
  for (const [id, created] of written) await onProductWritten?.(id, created);
}

async function writeProduct(
  tx: DbOrTx,
  row: ProductRow,
  existingId: string | undefined,
  brandByName: Map<string, string>,
  categoryByName: Map<string, string>,
): Promise<string> {
  const i = row.input;
  const brandId = row.brandName ? brandByName.get(row.brandName.toLowerCase())! : undefined;
  let id: string;
  if (existingId) {
    const set: Partial<typeof products.$inferInsert> = {
      name: i.name,
      deletedAt: null,
      updatedAt: sql`now()` as unknown as Date,
    };
    if (i.description !== undefined) set.description = i.description;
    if (i.price !== undefined) set.price = i.price;
    if (i.cost_price !== undefined) set.costPrice = zeroAsNull(i.cost_price);
    if (i.sale_price !== undefined) set.salePrice = zeroAsNull(i.sale_price);
    if (i.inventory_level !== undefined) set.inventoryLevel = i.inventory_level;
    if (i.inventory_warning_level !== undefined) set.inventoryWarningLevel = i.inventory_warning_level;
    if (i.weight !== undefined) set.weight = i.weight;
    if (i.is_visible !== undefined) set.isVisible = i.is_visible;
    if (i.is_featured !== undefined) set.isFeatured = i.is_featured;
    if (i.condition !== undefined) set.condition = i.condition;
    if (i.type !== undefined) set.type = i.type;
    if (i.seo_title !== undefined) set.seoTitle = i.seo_title;
    if (i.seo_description !== undefined) set.seoDescription = i.seo_description;
    if (brandId !== undefined) set.brandId = brandId;
    await tx.update(products).set(set).where(eq(products.id, existingId));
    id = existingId;
  } else {
    const slug = await uniqueSlug(tx, slugify(row.handle ?? i.name));
    const [created] = await tx
      .insert(products)
      .values(newProductRow(i, slug, brandId ?? null))
      .returning({ id: products.id });
    id = created!.id;
  }
  if (row.categoryNames) {
    const ids = [...new Set(row.categoryNames.map((n) => categoryByName.get(n.toLowerCase())!))];
    await tx.delete(productCategories).where(eq(productCategories.productId, id));
    if (ids.length)
      await tx.insert(productCategories).values(ids.map((categoryId) => ({ productId: id, categoryId })));
  }
  if (row.imageUrls) {
    const current = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(sql`is_thumbnail DESC, sort_order, id`);
    const same =
      current.length === row.imageUrls.length && current.every((c, n) => c.url === row.imageUrls![n]);
    if (!same) {
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await tx
        .insert(productImages)
        .values(row.imageUrls.map((url, n) => ({ productId: id, url, isThumbnail: n === 0, sortOrder: n })));
    }
  }
  return id;
}

/** The old address now leads to this product (a later import of the same handle moves it). */
async function saveHandle(tx: DbOrTx, handle: string, productId: string): Promise<void> {
  await tx
    .insert(productHandles)
    .values({ handle, productId })
    .onConflictDoUpdate({ target: productHandles.handle, set: { productId } });
}

/**
 * Records the images to fetch, after the ones the product has or waits for: an image whose address
 * the product already has (stored or waiting) is not fetched again. True when any is new.
 */
async function queueRemoteImages(
  tx: DbOrTx,
  productId: string,
  images: Array<{ url: string; alt: string | null }>,
): Promise<boolean> {
  const known = await tx
    .select({ url: productImageImports.sourceUrl, status: productImageImports.status })
    .from(productImageImports)
    .where(eq(productImageImports.productId, productId));
  const skip = new Set(known.filter((k) => k.status !== 'failed').map((k) => k.url));
  const fresh = images.filter((image) => !skip.has(image.url));
  if (!fresh.length) return false;
  // A failed address named again is tried again.
  await tx.delete(productImageImports).where(
    and(
      eq(productImageImports.productId, productId),
      eq(productImageImports.status, 'failed'),
      inArray(
        productImageImports.sourceUrl,
        fresh.map((f) => f.url),
      ),
    ),
  );
  await tx.insert(productImageImports).values(
    fresh.map((image, n) => ({
      productId,
      sourceUrl: image.url,
      altText: image.alt,
      position: known.length + n,
    })),
  );
  return true;
}

interface OptionCache {
  /** What a new variant takes from its product. */
  product: Pick<LockedProduct, 'price' | 'inventory_level' | 'inventory_warning_level'>;
  nextOptionOrder: number;
  options: Map<
    string,
    { id: string; nextValueOrder: number; values: Map<string, { id: string; adjustment: number }> }
  >;
}

async function loadOptionCache(tx: DbOrTx, productId: string): Promise<OptionCache> {
  const [product] = await queryRows<OptionCache['product']>(
    tx,
    sql`SELECT price, inventory_level, inventory_warning_level FROM products WHERE id = ${productId}`,
  );
  const options = await tx.select().from(productOptions).where(eq(productOptions.productId, productId));
  const values = options.length
    ? await tx
        .select()
        .from(productOptionValues)
        .where(
          inArray(
            productOptionValues.optionId,
            options.map((o) => o.id),
          ),
        )
    : [];
  const cache: OptionCache = {
    product: product!,
    nextOptionOrder: Math.max(-1, ...options.map((o) => o.sortOrder)) + 1,
    options: new Map(),
  };
  for (const o of options) {
    const own = values.filter((v) => v.optionId === o.id);
    const map = new Map<string, { id: string; adjustment: number }>();
    for (const v of own) {
      map.set(v.label.toLowerCase(), { id: v.id, adjustment: v.priceAdjustment });
      if (!map.has(v.value.toLowerCase()))
        map.set(v.value.toLowerCase(), { id: v.id, adjustment: v.priceAdjustment });
    }
    cache.options.set(o.name.toLowerCase(), {
      id: o.id,
      nextValueOrder: Math.max(-1, ...own.map((v) => v.sortOrder)) + 1,
      values: map,
    });
  }
  return cache;
}

/** The option value ids for "Size: M | Color: Red", creating missing options and values. */
async function resolveOptionValues(
  tx: DbOrTx,
  productId: string,
  pairs: OptionPair[],
  cache: OptionCache,
): Promise<Array<{ id: string; adjustment: number }>> {
  const resolved: Array<{ id: string; adjustment: number }> = [];
  for (const pair of pairs) {
    let option = cache.options.get(pair.name.toLowerCase());
    if (!option) {
      const [row] = await tx
        .insert(productOptions)
        .values({ productId, name: pair.name, displayName: pair.name, sortOrder: cache.nextOptionOrder++ })
        .returning({ id: productOptions.id });
      option = { id: row!.id, nextValueOrder: 0, values: new Map() };
      cache.options.set(pair.name.toLowerCase(), option);
    }
    let value = option.values.get(pair.label.toLowerCase()) ?? option.values.get(optionValueSlug(pair.label));
    if (!value) {
      const [row] = await tx
        .insert(productOptionValues)
        .values({
          optionId: option.id,
          label: pair.label,
          value: optionValueSlug(pair.label),
          sortOrder: option.nextValueOrder++,
        })
        .returning({ id: productOptionValues.id });
      value = { id: row!.id, adjustment: 0 };
      option.values.set(pair.label.toLowerCase(), value);
    }
    resolved.push(value);
  }
  return resolved;
}

async function writeVariant(
  tx: DbOrTx,
  row: VariantRow,
  productId: string,
  existingId: string | undefined,
  cache: OptionCache,
): Promise<void> {
  const i = row.input;
  const values = row.options?.length
    ? await resolveOptionValues(tx, productId, row.options, cache)
    : undefined;
  let id: string;
  if (existingId) {
    const set: Partial<typeof productVariants.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
    if (i.price !== undefined) set.price = i.price;
    if (i.cost_price !== undefined) set.costPrice = zeroAsNull(i.cost_price);
    if (i.retail_price !== undefined) set.retailPrice = zeroAsNull(i.retail_price);
    if (i.sale_price !== undefined) set.salePrice = zeroAsNull(i.sale_price);
    if (i.inventory_level !== undefined) set.inventoryLevel = i.inventory_level;
    if (i.inventory_warning_level !== undefined) set.inventoryWarningLevel = i.inventory_warning_level;
    if (i.weight !== undefined) set.weight = i.weight;
    await tx.update(productVariants).set(set).where(eq(productVariants.id, existingId));
    id = existingId;
    if (values) await tx.delete(variantOptionValues).where(eq(variantOptionValues.variantId, id));
  } else {
    const p = cache.product;
    const adjustment = (values ?? []).reduce((sum, v) => sum + v.adjustment, 0);
    const [created] = await tx
      .insert(productVariants)
      .values({
        productId,
        sku: row.sku,
        price: i.price ?? Math.max(0, p.price + adjustment),
        costPrice: zeroAsNull(i.cost_price),
        retailPrice: zeroAsNull(i.retail_price),
        salePrice: zeroAsNull(i.sale_price),
        inventoryLevel: i.inventory_level ?? p.inventory_level,
        inventoryWarningLevel: i.inventory_warning_level ?? p.inventory_warning_level,
        weight: i.weight ?? null,
      })
      .returning({ id: productVariants.id });
    id = created!.id;
  }
  if (values?.length) {
    await tx.insert(variantOptionValues).values(values.map((v) => ({ variantId: id, optionValueId: v.id })));
  }
}
