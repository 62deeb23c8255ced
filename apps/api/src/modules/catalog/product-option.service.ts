import { isColorCode } from '@cartwheel/shared/color-code';
import {
  colorValueMessage,
  type OptionCreateBody,
  type OptionUpdateBody,
  type OptionValueInput,
  optionValueSlug,
} from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { productOptions, productOptionValues } from './catalog.schema.ts';
import { type DbOrTx, itemsOfLiveProduct, lockProduct } from './product-shared.ts';

export function optionsJson(productId: SQL | string) {
  return sql`COALESCE((
    SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'display_name', o.display_name, 'type', o.type,
      'sort_order', o.sort_order, 'values', COALESCE((
        SELECT json_agg(json_build_object('id', v.id, 'label', v.label, 'value', v.value,
          'price_adjustment', v.price_adjustment, 'sort_order', v.sort_order) ORDER BY v.sort_order, v.label)
        FROM product_option_values v WHERE v.option_id = o.id), '[]'::json)) ORDER BY o.sort_order, o.created_at, o.name)
    FROM product_options o WHERE o.product_id = ${productId}), '[]'::json)`;
}

// ---------------------------------------------------------------------------------------------
// Options

/** A product's options with their values ordered by sort_order. */
export async function listOptions(db: DbOrTx, productId: string): Promise<ProductOption[]> {
  return itemsOfLiveProduct<ProductOption>(db, productId, optionsJson(productId));
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

/** A colour option's values must be colour codes: a swatch shows the colour, never a slug. */
function assertColorValues(type: string, values: Array<{ label: string; value: string }>): void {
  if (type !== 'color') return;
  const bad = values.find((v) => !isColorCode(v.value));
  if (bad) throw new AppError('invalid', 'invalid_color', colorValueMessage(bad.label));
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
  assertColorValues(body.type ?? 'select', values);
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
      const type = body.type ?? option.type;
      // The values the option will have: the ones sent, else the stored ones (a type change checks them).
      assertColorValues(
        type,
        values ??
          (await tx
            .select({ label: productOptionValues.label, value: productOptionValues.value })
            .from(productOptionValues)
            .where(eq(productOptionValues.optionId, optionId))),
      );
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
