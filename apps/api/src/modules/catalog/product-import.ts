import { PRODUCT_CONDITIONS, PRODUCT_TYPES } from '@cartwheel/shared/constants';
import {
  IMAGE_URL_MESSAGE,
  type ImportResult,
  type ImportRowError,
  isAllowedImageUrl,
  MAX_IMPORT_ROWS,
  optionValueSlug,
  PRODUCT_CSV_COLUMNS,
  type ProductCreateBody,
  type ProductCsvColumn,
  productCreateBody,
  type VariantUpdateBody,
  variantCreateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { dollarsToCents } from '@cartwheel/shared/money';
import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { unguardCell } from '../../lib/csv-cell.ts';
import { AppError } from '../../lib/errors.ts';
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
import { newProductRow } from './product.service.ts';
import { MAX_IMAGES_PER_PRODUCT } from './product-image.service.ts';
import { type DbOrTx, uniqueSlug, zeroAsNull } from './product-shared.ts';

// CSV import (docs/decisions/0008-admin-products.md): every row is checked with the section 5 rules
// before anything is written; then all rows are written in one transaction, or none.
//
// - One row per product (variant_of empty) and one per variant (variant_of = the product's SKU).
// - Rows are matched by SKU: an existing SKU is updated (and restored if it was deleted), a new one created.
// - A blank cell keeps the current value. A new product gets the section 5 default; a new variant takes
//   its price (plus the options' adjustments), inventory and warning level from its product, and
//   leaves cost, sale and retail price and weight empty. "0" clears a cost, sale or retail price.
// - Prices are dollars ("12.50"), weight in lbs, booleans true/false, lists separated by "|".

const MAX_REPORTED_ERRORS = 500;
const PREVIEW_ROWS = 100;

type Cells = Partial<Record<ProductCsvColumn, string>>;

interface ProductRow {
  kind: 'product';
  line: number;
  sku: string;
  input: ProductCreateBody;
  brandName: string | null | undefined;
  categoryNames: string[] | undefined;
  imageUrls: string[] | undefined;
}

interface OptionPair {
  name: string;
  label: string;
}

interface VariantRow {
  kind: 'variant';
  line: number;
  sku: string;
  parentSku: string;
  input: VariantUpdateBody;
  options: OptionPair[] | undefined;
}

type Row = ProductRow | VariantRow;

const LABELS: Partial<Record<ProductCsvColumn, string>> = {
  price: 'Price',
  cost_price: 'Cost price',
  sale_price: 'Sale price',
  retail_price: 'Retail price',
  inventory_level: 'Inventory',
  inventory_warning_level: 'Warning level',
  weight: 'Weight',
};

function normalizeHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

class CellError extends Error {}

function parseDollars(cell: string, column: ProductCsvColumn): number {
  const text = cell
    .replace(/^\$/, '')
    .replace(/^(-?)\$/, '$1')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text)) {
    throw new CellError(`${LABELS[column]} must be a number`);
  }
  return dollarsToCents(text);
}

function parseWhole(cell: string, column: ProductCsvColumn): number {
  if (!/^-?\d+(\.\d+)?$/.test(cell)) throw new CellError(`${LABELS[column]} must be a whole number`);
  return Number(cell);
}

function parseDecimal(cell: string, column: ProductCsvColumn): number {
  if (!/^-?\d+(\.\d+)?$/.test(cell) && !/^-?\.\d+$/.test(cell)) {
    throw new CellError(`${LABELS[column]} must be a number`);
  }
  return Number(cell);
}

function parseBoolean(cell: string, column: ProductCsvColumn): boolean {
  const v = cell.toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(v) || (column === 'is_visible' && v === 'active')) return true;
  if (['false', 'no', '0', 'n'].includes(v) || (column === 'is_visible' && v === 'draft')) return false;
  throw new CellError(`${column} must be true or false`);
}

function matchEnum<T extends string>(cell: string, values: readonly T[]): T | string {
  return values.find((v) => v.toLowerCase() === cell.toLowerCase()) ?? cell;
}

const splitList = (cell: string) =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

/** "Size: M | Color: Red" -> [{ name: 'Size', label: 'M' }, ...]. */
function parseOptions(cell: string): OptionPair[] {
  const pairs = splitList(cell).map((part) => {
    const colon = part.indexOf(':');
    const name = colon === -1 ? '' : part.slice(0, colon).trim();
    const label = colon === -1 ? '' : part.slice(colon + 1).trim();
    if (!name || !label) throw new CellError('Options must look like "Size: M | Color: Red"');
    return { name, label };
  });
  const names = new Set(pairs.map((p) => p.name.toLowerCase()));
  if (names.size !== pairs.length) throw new CellError('Each option may appear only once in a row');
  return pairs;
}

interface ParsedFile {
  columns: Set<ProductCsvColumn>;
  /** Data rows in the file (blank ones left out), valid or not. */
  dataRows: number;
  rows: Row[];
  errors: ImportRowError[];
}

/** Reads the CSV text into checked rows; every problem is reported with its line (1 is the header). */
export function parseProductCsv(text: string): ParsedFile {
  const errors: ImportRowError[] = [];
  let records: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const message = error instanceof Error ? error.message.replace(/^[A-Za-z ]+: /, '') : 'unreadable';
    return {
      columns: new Set(),
      dataRows: 0,
      rows: [],
      errors: [{ line, field: null, message: `The file is not valid CSV: ${message}` }],
    };
  }
  const [header, ...data] = records;
  if (!header) {
    return {
      columns: new Set(),
      dataRows: 0,
      rows: [],
      errors: [{ line: 1, field: null, message: 'The file is empty' }],
    };
  }
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const headerNames = header.record.map(normalizeHeader);
  const columns = new Set<ProductCsvColumn>();
  headerNames.forEach((name) => {
    if (!name) return;
    if (!known.has(name)) {
      errors.push({ line: 1, field: name, message: `Unknown column "${name}"` });
    } else if (columns.has(name as ProductCsvColumn)) {
      errors.push({ line: 1, field: name, message: `Column "${name}" appears more than once` });
    } else columns.add(name as ProductCsvColumn);
  });
  for (const required of ['sku', 'name'] as const) {
    if (!columns.has(required)) {
      errors.push({ line: 1, field: required, message: `The file needs a "${required}" column` });
    }
  }
  if (data.length > MAX_IMPORT_ROWS) {
    errors.push({
      line: 1,
      field: null,
      message: `The file has ${data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time`,
    });
  }
  if (errors.length) return { columns, dataRows: data.length, rows: [], errors };

  const rows: Row[] = [];
  let dataRows = 0;
  for (const { record, info, raw } of data) {
    // csv-parse reports the line a record ends on; a quoted cell may span several lines.
    const line =
      info.lines -
      (raw
        .replace(/^[\r\n]+/, '')
        .replace(/\r?\n$/, '')
        .match(/\n/g)?.length ?? 0);
    const cells: Cells = {};
    headerNames.forEach((name, i) => {
      if (columns.has(name as ProductCsvColumn)) {
        cells[name as ProductCsvColumn] = unguardCell((record[i] ?? '').trim());
      }
    });
    if (Object.values(cells).every((v) => !v)) continue;
    dataRows++;
    const row = cells.variant_of ? readVariantRow(line, cells, errors) : readProductRow(line, cells, errors);
    if (row) rows.push(row);
  }
  return { columns, dataRows, rows, errors };
}

/** Reads one cell with `parser` when it is not blank; a problem becomes a line error. */
function readCell<T>(
  line: number,
  cells: Cells,
  column: ProductCsvColumn,
  errors: ImportRowError[],
  parser: (cell: string, column: ProductCsvColumn) => T,
): T | undefined {
  const cell = cells[column];
  if (cell === undefined || cell === '') return undefined;
  try {
    return parser(cell, column);
  } catch (error) {
    if (error instanceof CellError) {
      errors.push({ line, field: column, message: error.message });
      return undefined;
    }
    throw error;
  }
}

function zodErrors(line: number, issues: Array<{ path: PropertyKey[]; message: string }>): ImportRowError[] {
  return issues.map((issue) => ({
    line,
    field: issue.path.length ? String(issue.path[0]) : null,
    message: issue.message,
  }));
}

function readProductRow(line: number, cells: Cells, errors: ImportRowError[]): ProductRow | undefined {
  const before = errors.length;
  const raw: Record<string, unknown> = {
    name: cells.name ?? '',
    sku: cells.sku ?? '',
    description: cells.description || undefined,
    price: readCell(line, cells, 'price', errors, parseDollars),
    cost_price: readCell(line, cells, 'cost_price', errors, parseDollars),
    sale_price: readCell(line, cells, 'sale_price', errors, parseDollars),
    inventory_level: readCell(line, cells, 'inventory_level', errors, parseWhole),
    inventory_warning_level: readCell(line, cells, 'inventory_warning_level', errors, parseWhole),
    weight: readCell(line, cells, 'weight', errors, parseDecimal),
    is_visible: readCell(line, cells, 'is_visible', errors, parseBoolean),
    is_featured: readCell(line, cells, 'is_featured', errors, parseBoolean),
    condition: cells.condition ? matchEnum(cells.condition, PRODUCT_CONDITIONS) : undefined,
    type: cells.type ? matchEnum(cells.type, PRODUCT_TYPES) : undefined,
  };
  // A cell that failed to parse is already reported; leave it out so it is not reported twice.
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  const parsed = productCreateBody.safeParse(raw);
  if (!parsed.success) errors.push(...zodErrors(line, parsed.error.issues));
  const imageUrls = cells.image_urls ? cells.image_urls.split(/[\s|]+/).filter(Boolean) : undefined;
  if (imageUrls?.some((url) => !isAllowedImageUrl(url))) {
    errors.push({ line, field: 'image_urls', message: IMAGE_URL_MESSAGE });
  }
  if (imageUrls && imageUrls.length > MAX_IMAGES_PER_PRODUCT) {
    errors.push({
      line,
      field: 'image_urls',
      message: `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`,
    });
  }
  if (cells.options) {
    errors.push({ line, field: 'options', message: 'Options belong on variant rows (with variant_of set)' });
  }
  if (!parsed.success || errors.length > before) return undefined;
  return {
    kind: 'product',
    line,
    sku: parsed.data.sku,
    input: parsed.data,
    brandName: cells.brand ? cells.brand : undefined,
    categoryNames: cells.categories ? splitList(cells.categories) : undefined,
    imageUrls,
  };
}

function readVariantRow(line: number, cells: Cells, errors: ImportRowError[]): VariantRow | undefined {
  const before = errors.length;
  const raw: Record<string, unknown> = {
    sku: cells.sku ?? '',
    price: readCell(line, cells, 'price', errors, parseDollars),
    cost_price: readCell(line, cells, 'cost_price', errors, parseDollars),
    retail_price: readCell(line, cells, 'retail_price', errors, parseDollars),
    sale_price: readCell(line, cells, 'sale_price', errors, parseDollars),
    inventory_level: readCell(line, cells, 'inventory_level', errors, parseWhole),
    inventory_warning_level: readCell(line, cells, 'inventory_warning_level', errors, parseWhole),
    weight: readCell(line, cells, 'weight', errors, parseDecimal),
  };
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  const parsed = variantCreateBody.omit({ option_value_ids: true }).safeParse(raw);
  if (!parsed.success) errors.push(...zodErrors(line, parsed.error.issues));
  const options = readCell(line, cells, 'options', errors, parseOptions);
  if (!parsed.success || errors.length > before) return undefined;
  const { sku, ...input } = parsed.data;
  return { kind: 'variant', line, sku, parentSku: cells.variant_of!, input, options };
}

// ---------------------------------------------------------------------------------------------

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

/** Cross-row checks that need the database: duplicates, unknown parents, SKUs owned elsewhere. */
function crossCheck(rows: Row[], existing: Awaited<ReturnType<typeof loadExisting>>): ImportRowError[] {
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

// ---------------------------------------------------------------------------------------------

/**
 * Checks a products CSV and, unless `dryRun`, writes it: all rows in one transaction or nothing.
 * A real import with errors is refused with a 422 whose details hold the line-numbered errors.
 */
export interface ImportOptions {
  dryRun: boolean;
  /** Called once every row passed the checks, just before the transaction starts writing. */
  onWriteStart?: (rows: number) => void;
  /** Rows written so far, every few rows while the transaction runs (for a progress bar). */
  onProgress?: (done: number, total: number) => void;
}

export async function importProductsCsv(
  db: Db,
  text: string,
  { dryRun, onWriteStart, onProgress }: ImportOptions,
): Promise<ImportResult> {
  const parsed = parseProductCsv(text);
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

  const summary = {
    products: { created: 0, updated: 0 },
    variants: { created: 0, updated: 0 },
  };
  const preview: ImportResult['preview'] = [];
  const productNames = new Map<string, string>();
  for (const p of existing.products.values()) productNames.set(p.sku, p.name);
  for (const row of parsed.rows) if (row.kind === 'product') productNames.set(row.sku, row.input.name);
  for (const row of parsed.rows) {
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
      });
    }
  }

  const result: ImportResult = {
    dry_run: dryRun,
    ok: errors.length === 0,
    rows: parsed.dataRows,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    ...summary,
    new_brands: [...newBrands.values()],
    new_categories: [...newCategories.values()],
    preview,
  };
  if (errors.length > MAX_REPORTED_ERRORS) {
    result.errors.push({
      line: errors[MAX_REPORTED_ERRORS]!.line,
      field: null,
      message: `...and ${errors.length - MAX_REPORTED_ERRORS} more errors`,
    });
  }
  if (dryRun) return result;
  if (errors.length) {
    const n = errors.length;
    throw new AppError(
      'unprocessable',
      'import_invalid',
      `Nothing was imported: the file has ${n} ${n === 1 ? 'error' : 'errors'}`,
      { errors: result.errors },
    );
  }
  if (!parsed.rows.length) return result;

  const total = parsed.rows.length;
  let done = 0;
  const step = () => {
    done++;
    if (onProgress && (done % 25 === 0 || done === total)) onProgress(done, total);
  };
  onWriteStart?.(total);
  await db.transaction(async (tx) => {
    for (const [key, name] of newBrands) {
      const slug = await freeSlug(tx, 'brands', slugify(name));
      const [row] = await tx.insert(brands).values({ name, slug }).returning({ id: brands.id });
      brandByName.set(key, row!.id);
    }
    for (const [key, name] of newCategories) {
      const slug = await freeSlug(tx, 'categories', slugify(name));
      const [row] = await tx.insert(categories).values({ name, slug }).returning({ id: categories.id });
      categoryByName.set(key, row!.id);
    }
    const productIds = new Map<string, string>();
    for (const p of existing.products.values()) productIds.set(p.sku, p.id);
    for (const row of parsed.rows) {
      if (row.kind !== 'product') continue;
      productIds.set(
        row.sku,
        await writeProduct(tx, row, existing.products.get(row.sku)?.id, brandByName, categoryByName),
      );
      step();
    }
    const optionCache = new Map<string, OptionCache>();
    for (const row of parsed.rows) {
      if (row.kind !== 'variant') continue;
      const productId = productIds.get(row.parentSku)!;
      let cache = optionCache.get(productId);
      if (!cache) {
        cache = await loadOptionCache(tx, productId);
        optionCache.set(productId, cache);
      }
      await writeVariant(tx, row, productId, existing.variants.get(row.sku)?.id, cache);
      step();
    }
  });
  return result;
}

async function freeSlug(tx: DbOrTx, table: 'brands' | 'categories', base: string): Promise<string> {
  const rows = await queryRows<{ slug: string }>(
    tx,
    sql`SELECT slug FROM ${sql.raw(table)} WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
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
    if (brandId !== undefined) set.brandId = brandId;
    await tx.update(products).set(set).where(eq(products.id, existingId));
    id = existingId;
  } else {
    const slug = await uniqueSlug(tx, slugify(i.name));
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

interface OptionCache {
  product: {
    price: number;
    cost_price: number | null;
    sale_price: number | null;
    inventory_level: number;
    inventory_warning_level: number;
    weight: number | null;
  };
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
