import { PRODUCT_CONDITIONS, PRODUCT_TYPES } from '@cartwheel/shared/constants';
import {
  IMAGE_URL_MESSAGE,
  isAllowedImageUrl,
  type ProductCreateBody,
  productCreateBody,
  type VariantUpdateBody,
  variantCreateBody,
} from '@cartwheel/shared/contracts/admin-products';
import {
  type ImportFormat,
  type ImportRowError,
  type ImportSkippedRow,
  MAX_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
} from '@cartwheel/shared/contracts/product-import';
import { unguardCell } from '@cartwheel/shared/csv-cell';
import { plural } from '@cartwheel/shared/text';
import { MAX_IMAGES_PER_PRODUCT } from '../product-image.service.ts';
import { CellError, decimalCell, moneyCell, wholeCell, zodErrors } from './cells.ts';
import { type CsvRecord, readCsvRecords } from './csv-records.ts';
import { detectFormat } from './formats.ts';
import { parseShopifyCsv } from './shopify.ts';
import { parseWooCommerceCsv } from './woocommerce.ts';

// Parsing: the CSV text becomes product and variant rows, each cell read and checked on its own
// (every problem reported with its line); nothing here looks at the database.

type Cells = Partial<Record<ProductCsvColumn, string>>;

export interface ProductRow {
  kind: 'product';
  line: number;
  sku: string;
  input: ProductCreateBody;
  brandName: string | null | undefined;
  categoryNames: string[] | undefined;
  imageUrls: string[] | undefined;
  /** Another shop's address of the product (a Shopify handle): its slug here, and an old URL that redirects. */
  handle?: string;
  /** Images by URL that a background job fetches once the import is written (other shops' files). */
  remoteImages?: Array<{ url: string; alt: string | null }>;
}

export interface OptionPair {
  name: string;
  label: string;
}

export interface VariantRow {
  kind: 'variant';
  line: number;
  sku: string;
  parentSku: string;
  input: VariantUpdateBody;
  options: OptionPair[] | undefined;
}

export type Row = ProductRow | VariantRow;

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

const moneyIn = (currency: string) => (cell: string, column: ProductCsvColumn) =>
  moneyCell(cell, LABELS[column]!, currency);
const parseWhole = (cell: string, column: ProductCsvColumn) => wholeCell(cell, LABELS[column]!);
const parseDecimal = (cell: string, column: ProductCsvColumn) => decimalCell(cell, LABELS[column]!);

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

export interface ParsedFile {
  format: ImportFormat;
  /** Data rows in the file (blank ones left out), valid or not. */
  dataRows: number;
  rows: Row[];
  errors: ImportRowError[];
  /** Rows of kinds the shop does not sell, left out with the reason (another shop's export). */
  skipped?: ImportSkippedRow[];
}

/**
 * Reads the CSV text into checked rows; every problem is reported with its line (1 is the header).
 * Prices are decimals of `currency`, the base currency.
 */
export function parseProductCsv(text: string, currency: string): ParsedFile {
  const read = readCsvRecords(text);
  if ('error' in read) return { format: 'cartwheel', dataRows: 0, rows: [], errors: [read.error] };
  const { header, records } = read;
  const format = detectFormat(header);
  if (records.length > MAX_IMPORT_ROWS) {
    const message = `The file has ${plural(records.length, 'row')}; import at most ${MAX_IMPORT_ROWS} at a time`;
    return { format, dataRows: records.length, rows: [], errors: [{ line: 1, field: null, message }] };
  }
  if (format === 'shopify') return { format, ...parseShopifyCsv(header, records, currency) };
  if (format === 'woocommerce') return { format, ...parseWooCommerceCsv(header, records, currency) };
  return { format, ...parseOwnCsv(header, records, currency) };
}

/** Our own columns (PRODUCT_CSV_COLUMNS): one row per product and one per variant. */
function parseOwnCsv(header: string[], data: CsvRecord[], currency: string): Omit<ParsedFile, 'format'> {
  const errors: ImportRowError[] = [];
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const headerNames = header.map(normalizeHeader);
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
  if (errors.length) return { dataRows: data.length, rows: [], errors };

  const rows: Row[] = [];
  let dataRows = 0;
  for (const { line, cells: record } of data) {
    const cells: Cells = {};
    headerNames.forEach((name, i) => {
      if (columns.has(name as ProductCsvColumn)) {
        cells[name as ProductCsvColumn] = unguardCell((record[i] ?? '').trim());
      }
    });
    if (Object.values(cells).every((v) => !v)) continue;
    dataRows++;
    const row = cells.variant_of
      ? readVariantRow(line, cells, errors, currency)
      : readProductRow(line, cells, errors, currency);
    if (row) rows.push(row);
  }
  return { dataRows, rows, errors };
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

function readProductRow(
  line: number,
  cells: Cells,
  errors: ImportRowError[],
  currency: string,
): ProductRow | undefined {
  const parseDollars = moneyIn(currency);
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
    seo_title: cells.seo_title || undefined,
    seo_description: cells.seo_description || undefined,
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

function readVariantRow(
  line: number,
  cells: Cells,
  errors: ImportRowError[],
  currency: string,
): VariantRow | undefined {
  const parseDollars = moneyIn(currency);
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
