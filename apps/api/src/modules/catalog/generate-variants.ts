import { type GenerateVariantsResult, PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import { plural } from '@cartwheel/shared/text';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { slugify } from '../../lib/slug.ts';
import { productVariants, variantOptionValues } from './catalog.schema.ts';
import { listOptions } from './product-option.service.ts';
import { lockProduct, rethrowSkuConflictOrThrow } from './product-shared.ts';
import { listVariants, variantCombinationKeys } from './product-variant.service.ts';

/** More combinations than this is almost surely a mistake (3 options of 10 values is 1,000). */
export const MAX_GENERATED_VARIANTS = 1000;

export interface BaseProduct {
  sku: string;
  price: number;
  cost_price: number | null;
  /** Products have no retail price of their own; kept for the rule that generation copies retail_price (docs/product.md, Options and variants). */
  retail_price?: number | null;
  sale_price: number | null;
  inventory_warning_level: number | null;
  weight: number | null;
}

export interface OptionForGeneration {
  name: string;
  type?: string;
  /** In display order. */
  values: Array<{ id: string; label?: string; value: string; price_adjustment: number }>;
}

/** A value's part of a variant SKU: its value's slug, or for a colour (whose value is a hex code) its label's. */
function skuPart(option: OptionForGeneration, value: OptionForGeneration['values'][number]): string {
  return option.type === 'color'
    ? slugify(value.label ?? value.value, value.value)
    : slugify(value.value, 'x');
}

/** The product's SKU as a generated SKU's stem: letters, digits and single dashes ("MUG/12" -> "MUG-12"). */
function skuStem(sku: string): string {
  return (
    sku
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'SKU'
  );
}

export interface PlannedVariant {
  sku: string;
  price: number;
  cost_price: number | null;
  retail_price: number | null;
  sale_price: number | null;
  inventory_level: number;
  inventory_warning_level: number;
  weight: number | null;
  option_value_ids: string[];
}

/** Every combination of one value per option, in option order then value order. */
function combinations<T>(lists: T[][]): T[][] {
  return lists.reduce<T[][]>(
    (acc, list) => acc.flatMap((combo) => list.map((item) => [...combo, item])),
    [[]],
  );
}

/**
 * The variants a product's options call for (docs/product.md, Options and variants): one per combination of option values;
 * sku = base sku + the values' slugs joined by hyphens, letters, digits and dashes only (a colour's label slug, not its hex code); price = base price + the sum of the values' price
 * adjustments (never below 0); cost, retail and sale price and weight copied from the base; inventory
 * 0 (copying the base's stock to each variant would multiply it) and warning level from the base (default 5).
 */
export function planVariants(product: BaseProduct, options: OptionForGeneration[]): PlannedVariant[] {
  if (!options.length) throw new AppError('invalid', 'no_options', PRODUCT_MESSAGES.addOptionFirst);
  if (options.some((o) => !o.values.length)) {
    throw new AppError('invalid', 'option_without_values', PRODUCT_MESSAGES.optionsNeedValues);
  }
  const count = options.reduce((n, o) => n * o.values.length, 1);
  if (count > MAX_GENERATED_VARIANTS) {
    throw new AppError(
      'invalid',
      'too_many_variants',
      `These options make ${plural(count, 'combination')}; at most ${MAX_GENERATED_VARIANTS} variants can be generated`,
    );
  }
  const parts = options.map((o) => o.values.map((v) => ({ ...v, part: skuPart(o, v) })));
  return combinations(parts).map((combo) => ({
    sku: [skuStem(product.sku), ...combo.map((v) => v.part)].join('-'),
    price: Math.max(0, product.price + combo.reduce((sum, v) => sum + v.price_adjustment, 0)),
    cost_price: product.cost_price,
    retail_price: product.retail_price ?? null,
    sale_price: product.sale_price,
    inventory_level: 0,
    inventory_warning_level: product.inventory_warning_level ?? 5,
    weight: product.weight,
    option_value_ids: combo.map((v) => v.id),
  }));
}

export const combinationKey = (valueIds: string[]) => [...valueIds].sort().join(',');

/**
 * Generates the product's variants in one transaction. Variants whose combination already exists are
 * kept as they are (with their own prices and stock); only the missing combinations are added.
 */
export async function generateVariants(db: Db, productId: string): Promise<GenerateVariantsResult> {
  try {
    return await db.transaction(async (tx) => {
      const product = await lockProduct(
        tx,
        productId,
        () => new AppError('not_found', 'product_not_found', PRODUCT_MESSAGES.saveBeforeGenerate),
      );
      const options = await listOptions(tx, productId);
      const plan = planVariants(product, options);
      const existing = await variantCombinationKeys(tx, productId);
      const missing = plan.filter((v) => !existing.has(combinationKey(v.option_value_ids)));

      const skus = new Set<string>();
      for (const v of missing) {
        if (skus.has(v.sku)) {
          throw new AppError('conflict', 'sku_taken', `Two combinations would both get the SKU "${v.sku}"`);
        }
        skus.add(v.sku);
      }
      if (missing.length) {
        const taken = await tx
          .select({ sku: productVariants.sku })
          .from(productVariants)
          .where(inArray(productVariants.sku, [...skus]));
        if (taken.length) {
          throw new AppError('conflict', 'sku_taken', `Variant SKU "${taken[0]!.sku}" already exists`);
        }
        const inserted = await tx
          .insert(productVariants)
          .values(
            missing.map((v) => ({
              productId,
              sku: v.sku,
              price: v.price,
              costPrice: v.cost_price,
              retailPrice: v.retail_price,
              salePrice: v.sale_price,
              inventoryLevel: v.inventory_level,
              inventoryWarningLevel: v.inventory_warning_level,
              weight: v.weight,
            })),
          )
          .returning({ id: productVariants.id, sku: productVariants.sku });
        const idBySku = new Map(inserted.map((r) => [r.sku, r.id]));
        await tx
          .insert(variantOptionValues)
          .values(
            missing.flatMap((v) =>
              v.option_value_ids.map((optionValueId) => ({ variantId: idBySku.get(v.sku)!, optionValueId })),
            ),
          );
      }
      return {
        generated: missing.length,
        kept: plan.length - missing.length,
        items: await listVariants(tx, productId),
      };
    });
  } catch (error) {
    rethrowSkuConflictOrThrow(error);
  }
}
