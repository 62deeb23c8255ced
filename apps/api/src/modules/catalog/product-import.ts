import type { ImportResult } from '@cartwheel/shared/contracts/product-import';
import { plural } from '@cartwheel/shared/text';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { checkImport, importResult } from './product-import/check.ts';
import { parseProductCsv } from './product-import/parse.ts';
import { type WriteProgress, writeImport } from './product-import/write.ts';

// CSV import (docs/decisions/0008-admin-products.md): every row is checked with the product rules (docs/product.md)
// before anything is written; then all rows are written in one transaction, or none.
//
// - One row per product (variant_of empty) and one per variant (variant_of = the product's SKU).
// - Rows are matched by SKU: an existing SKU is updated (and restored if it was deleted), a new one created.
// - A blank cell keeps the current value. A new product gets the product default; a new variant takes
//   its price (plus the options' adjustments), inventory and warning level from its product, and
//   leaves cost, sale and retail price and weight empty. "0" clears a cost, sale or retail price.
// - Prices are dollars ("12.50"), weight in lbs, booleans true/false, lists separated by "|".

export interface ImportOptions extends WriteProgress {
  dryRun: boolean;
}

/**
 * Checks a products CSV and, unless `dryRun`, writes it: all rows in one transaction or nothing.
 * A real import with errors is refused with a 422 whose details hold the line-numbered errors.
 */
export async function importProductsCsv(
  db: Db,
  text: string,
  { dryRun, ...progress }: ImportOptions,
): Promise<ImportResult> {
  const plan = await checkImport(db, parseProductCsv(text, await loadBaseCurrency(db)));
  const result = importResult(plan, dryRun);
  if (dryRun) return result;
  const { errors } = plan;
  if (errors.length) {
    const n = errors.length;
    throw new AppError(
      'unprocessable',
      'import_invalid',
      `Nothing was imported: the file has ${plural(n, 'error')}`,
      { errors: result.errors },
    );
  }
  if (!plan.rows.length) return result;
  await writeImport(db, plan, progress);
  return result;
}
