import type {
  ImportFormat,
  ImportResult,
  ImportRowError,
  ImportSkippedRow,
} from '@cartwheel/shared/contracts/product-import';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { brands, categories } from '../catalog.schema.ts';
import type { DbOrTx } from '../product-shared.ts';
import type { OptionPair, ParsedFile, Row } from './parse.ts';

// Checking: the parsed rows against each other and the database (duplicate SKUs, unknown parents,
// SKUs owned elsewhere, repeated option combinations), and what the import would do to each row.

const MAX_REPORTED_ERRORS = 500;
const PREVIEW_ROWS = 100;

interface ExistingProduct {
  id: string;
  sku: string;
  name: string;
  deleted: boolean;
}

interface ExistingVariant {
  id: string;
  sku: string;
  product_id: string;
  product_sku: string;
  /** "color=red|size=m" (option names and labels lower-cased, sorted); '' when unlinked. */
  combo: string;
}

const comboKey = (pairs: OptionPair[]) =>
  pairs
    .map((p) => `${p.name.toLowerCase()}=${p.label.toLowerCase()}`)
    .sort()
    .join('|');

async function loadExisting(db: DbOrTx, rows: Row[]) {
  const productSkus = [...new Set(rows.flatMap((r) => (r.kind === 'product' ? [r.sku] : [r.parentSku])))];
  const variantSkus = [...new Set(rows.flatMap((r) => (r.kind === 'variant' ? [r.sku] : [])))];
  const productRows = productSkus.length
    ? await queryRows<ExistingProduct>(
        db,
        sql`SELECT id, sku, name, deleted_at IS NOT NULL AS deleted FROM products
          WHERE sku IN (${sql.join(productSkus, sql`, `)})`,
      )
    : [];
  const variantRows = variantSkus.length
    ? await queryRows<ExistingVariant>(
        db,
        sql`SELECT pv.id, pv.sku, pv.product_id, p.sku AS product_sku, '' AS combo
          FROM product_variants pv JOIN products p ON p.id = pv.product_id
          WHERE pv.sku IN (${sql.join(variantSkus, sql`, `)})`,
      )
    : [];
  // Every variant of the products that get variant rows, with its combination, to catch duplicates.
  const parentIds = productRows.map((p) => p.id);
  const siblings = parentIds.length
    ? await queryRows<ExistingVariant>(
        db,
        sql`SELECT pv.id, pv.sku, pv.product_id, p.sku AS product_sku,
            COALESCE((SELECT string_agg(lower(o.name) || '=' || lower(ov.label), '|' ORDER BY lower(o.name) || '=' || lower(ov.label))
              FROM variant_option_values vov JOIN product_option_values ov ON ov.id = vov.option_value_id
              JOIN product_options o ON o.id = ov.option_id WHERE vov.variant_id = pv.id), '') AS combo
          FROM product_variants pv JOIN products p ON p.id = pv.product_id
          WHERE pv.product_id IN (${sql.join(parentIds, sql`, `)})`,
      )
    : [];
  return {
    products: new Map(productRows.map((p) => [p.sku, p])),
    variants: new Map(variantRows.map((v) => [v.sku, v])),
    siblings,
  };
}

type Existing = Awaited<ReturnType<typeof loadExisting>>;

/** Cross-row checks that need the database: duplicates, unknown parents, SKUs owned elsewhere. */
function crossCheck(rows: Row[], existing: Existing): ImportRowError[] {
  const errors: ImportRowError[] = [];
  const productLines = new Map<string, number>();
  const variantLines = new Map<string, number>();
  for (const row of rows) {
    const seen = row.kind === 'product' ? productLines : variantLines;
    const first = seen.get(row.sku);
    if (first !== undefined) {
      errors.push({
        line: row.line,
        field: 'sku',
        message: `SKU "${row.sku}" appears more than once (first on line ${first})`,
      });
    } else seen.set(row.sku, row.line);
  }

  // The combinations each product will have after the import, to refuse two variants with the same options.
  const combos = new Map<string, Map<string, string>>(); // parent sku -> combo -> variant sku
  for (const v of existing.siblings) {
    if (!v.combo) continue;
    const map = combos.get(v.product_sku) ?? new Map<string, string>();
    map.set(v.combo, v.sku);
    combos.set(v.product_sku, map);
  }
  for (const row of rows) {
    if (row.kind !== 'variant') continue;
    const parent = existing.products.get(row.parentSku);
    if (!productLines.has(row.parentSku) && (!parent || parent.deleted)) {
      errors.push({
        line: row.line,
        field: 'variant_of',
        message: `Product with SKU "${row.parentSku}" not found`,
      });
      continue;
    }
    const current = existing.variants.get(row.sku);
    if (current && current.product_sku !== row.parentSku) {
      errors.push({
        line: row.line,
        field: 'sku',
        message: `SKU "${row.sku}" belongs to a variant of another product (${current.product_sku})`,
      });
      continue;
    }
    if (!row.options?.length) continue;
    const key = comboKey(row.options);
    const map = combos.get(row.parentSku) ?? new Map<string, string>();
    // This variant's old combination no longer counts once the row gives it new options.
    for (const [k, sku] of map) if (sku === row.sku) map.delete(k);
    const owner = map.get(key);
    if (owner && owner !== row.sku) {
      errors.push({
        line: row.line,
        field: 'options',
        message: `Variant "${owner}" of ${row.parentSku} already has these options`,
      });
    } else map.set(key, row.sku);
    combos.set(row.parentSku, map);
  }
  return errors;
}

/** A checked file: its rows, what the database holds for them, and every line error found. */
export interface ImportPlan {
  format: ImportFormat;
  rows: Row[];
  /** Data rows in the file (blank ones left out), valid or not. */
  dataRows: number;
  existing: Existing;
  /** Every problem, by line. */
  errors: ImportRowError[];
  skipped: ImportSkippedRow[];
  /** Brand and category ids by lower-cased name; the import adds the new ones as it writes them. */
  brandByName: Map<string, string>;
  categoryByName: Map<string, string>;
  /** Brands and categories the rows name that do not exist yet: lower-cased name -> name. */
  newBrands: Map<string, string>;
  newCategories: Map<string, string>;
}

/** Checks the parsed rows against each other and the database. */
export async function checkImport(db: Db, parsed: ParsedFile): Promise<ImportPlan> {
  const existing = await loadExisting(db, parsed.rows);
  const errors = [...parsed.errors, ...crossCheck(parsed.rows, existing)].sort((a, b) => a.line - b.line);

  const allBrands = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const allCategories = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const brandByName = new Map(allBrands.map((b) => [b.name.toLowerCase(), b.id]));
  const categoryByName = new Map(allCategories.map((c) => [c.name.toLowerCase(), c.id]));
  const newBrands = new Map<string, string>();
  const newCategories = new Map<string, string>();
  for (const row of parsed.rows) {
    if (row.kind !== 'product') continue;
    if (row.brandName && !brandByName.has(row.brandName.toLowerCase())) {
      newBrands.set(row.brandName.toLowerCase(), row.brandName);
    }
    for (const name of row.categoryNames ?? []) {
      if (!categoryByName.has(name.toLowerCase())) newCategories.set(name.toLowerCase(), name);
    }
  }
  return {
    format: parsed.format,
    rows: parsed.rows,
    dataRows: parsed.dataRows,
    existing,
    errors,
    skipped: parsed.skipped ?? [],
    brandByName,
    categoryByName,
    newBrands,
    newCategories,
  };
}

/** The answer for a checked file: counts of creates and updates, the first rows, the first errors. */
export function importResult(plan: ImportPlan, dryRun: boolean): ImportResult {
  const { rows, existing, errors } = plan;
  const summary = {
    products: { created: 0, updated: 0 },
    variants: { created: 0, updated: 0 },
  };
  const preview: ImportResult['preview'] = [];
  const productNames = new Map<string, string>();
  for (const p of existing.products.values()) productNames.set(p.sku, p.name);
  for (const row of rows) if (row.kind === 'product') productNames.set(row.sku, row.input.name);
  for (const row of rows) {
    const exists = row.kind === 'product' ? existing.products.has(row.sku) : existing.variants.has(row.sku);
    const bucket = row.kind === 'product' ? summary.products : summary.variants;
    if (exists) bucket.updated++;
    else bucket.created++;
    if (preview.length < PREVIEW_ROWS) {
      preview.push({
        line: row.line,
        kind: row.kind,
        action: exists ? 'update' : 'create',
        sku: row.sku,
        name:
          row.kind === 'product'
            ? row.input.name
            : `${productNames.get(row.parentSku) ?? row.parentSku}${
                row.options?.length ? ` (${row.options.map((o) => o.label).join(' / ')})` : ''
              }`,
        price: row.input.price ?? null,
        inventory_level: row.input.inventory_level ?? null,
        ...(row.kind === 'variant' && row.options?.length
          ? { options: row.options.map((o) => `${o.name}: ${o.label}`).join(' / ') }
          : {}),
        ...(row.input.sale_price ? { sale_price: row.input.sale_price } : {}),
        ...(row.kind === 'product' && row.input.seo_title ? { seo_title: row.input.seo_title } : {}),
        ...(row.kind === 'product' && row.input.seo_description
          ? { seo_description: row.input.seo_description }
          : {}),
      });
    }
  }

  const result: ImportResult = {
    dry_run: dryRun,
    format: plan.format,
    ok: errors.length === 0,
    rows: plan.dataRows,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    skipped: plan.skipped,
    ...summary,
    new_brands: [...plan.newBrands.values()],
    new_categories: [...plan.newCategories.values()],
    preview,
    images_to_fetch: rows.reduce(
      (n, row) => n + (row.kind === 'product' ? (row.remoteImages?.length ?? 0) : 0),
      0,
    ),
  };
  if (errors.length > MAX_REPORTED_ERRORS) {
    result.errors.push({
      line: errors[MAX_REPORTED_ERRORS]!.line,
      field: null,
      message: `...and ${errors.length - MAX_REPORTED_ERRORS} more errors`,
    });
  }
  return result;
}
