import type {
  AdminVariant,
  VariantCreateBody,
  VariantUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  productImages,
  productOptions,
  productOptionValues,
  productVariants,
  variantOptionValues,
} from './catalog.schema.ts';
import {
  type DbOrTx,
  itemsOfLiveProduct,
  lockProduct,
  rethrowSkuConflictOrThrow,
  skuTaken,
  variantSkuTaken,
  zeroAsNull,
} from './product-shared.ts';

/** Variants in creation order; variants made together follow their options' value order (S, M, L). */
export function variantsJson(productId: SQL | string, onlyIds?: string[]) {
  const filter = onlyIds ? sql` AND pv.id IN (${sql.join(onlyIds, sql`, `)})` : sql``;
  return sql`COALESCE((
    SELECT json_agg(json_build_object('id', pv.id, 'product_id', pv.product_id, 'sku', pv.sku,
      'title', COALESCE(vt.title, ''), 'price', pv.price, 'cost_price', pv.cost_price,
      'retail_price', pv.retail_price, 'sale_price', pv.sale_price, 'inventory_level', pv.inventory_level,
      'inventory_warning_level', pv.inventory_warning_level, 'weight', pv.weight, 'created_at', pv.created_at,
      'option_values', COALESCE(vt.option_values, '[]'::json), 'image_id', pv.image_id)
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

// ---------------------------------------------------------------------------------------------
// Variants

const variantNotFound = () => notFound('variant_not_found', 'Variant not found');

/** A variant's image must be one of its own product's images (null clears it). */
async function checkVariantImage(tx: DbOrTx, productId: string, imageId: string | null | undefined) {
  if (!imageId) return;
  const [image] = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
  if (!image) throw new AppError('invalid', 'image_not_found', "Choose one of this product's images");
}

/** A product's variants with their option values, ordered by created_at. */
export async function listVariants(
  db: DbOrTx,
  productId: string,
  onlyIds?: string[],
): Promise<AdminVariant[]> {
  if (onlyIds && !onlyIds.length) return [];
  return itemsOfLiveProduct<AdminVariant>(db, productId, variantsJson(productId, onlyIds));
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
      await checkVariantImage(tx, productId, body.image_id);
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
          imageId: body.image_id ?? null,
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
      if (body.image_id !== undefined) {
        await checkVariantImage(tx, productId, body.image_id);
        set.imageId = body.image_id;
      }
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
