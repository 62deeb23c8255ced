import type { ImportRowError, ImportSkippedRow } from '@cartwheel/shared/contracts/product-import';
import { slugify } from '../../../lib/slug.ts';
import { decimalCell, wholeCell } from './cells.ts';
import type { CsvRecord } from './csv-records.ts';
import {
  type Columns,
  checkImages,
  generatedSku,
  htmlToText,
  priceAndSale,
  productRow,
  readCell,
  readForeignFile,
  toPounds,
  uniqueNames,
  variantRow,
} from './foreign.ts';
import type { OptionPair, ParsedFile, Row } from './parse.ts';

// WooCommerce's product CSV export (docs/decisions/0035-imports-from-other-shops.md): one row per
// product (Type simple or variable) and one per variation (Type variation, Parent "id:<ID>" or the
// parent's SKU, its options in "Attribute N name" / "Attribute N value(s)"). Regular price is the
// price; a lower Sale price is the sale price. Categories are "Clothing > Tshirts, Accessories".

// WooCommerce's own export has no search engine fields. With "Export custom meta" ticked it adds a
// "Meta: <key>" column per stored meta key, and the Yoast SEO plugin keeps a product's listing in
// these two: the import reads them when they are there.
const YOAST_TITLE = 'Meta: _yoast_wpseo_title';
const YOAST_DESCRIPTION = 'Meta: _yoast_wpseo_metadesc';

const FIELDS: Record<string, string> = {
  name: 'Name',
  sku: 'SKU',
  description: 'Description',
  price: 'Regular price',
  sale_price: 'Sale price',
  inventory_level: 'Stock',
  weight: 'Weight',
  seo_title: YOAST_TITLE,
  seo_description: YOAST_DESCRIPTION,
};

const KINDS = ['simple', 'variable', 'variation'] as const;

/** WooCommerce's product types the shop does not sell as such: the row is skipped, with the reason. */
const SKIPPED_KINDS: Record<string, string> = {
  grouped:
    'Grouped product: not imported (a grouped product only lists other products; those rows are imported on their own)',
  external: 'External/affiliate product: not imported (it is sold on another site)',
};
type Kind = (typeof KINDS)[number];

interface Read {
  line: number;
  kind: Kind;
  cells: string[];
}

/** Reads a WooCommerce product CSV into product and variant rows. */
export function parseWooCommerceCsv(
  header: string[],
  records: CsvRecord[],
  currency: string,
): Omit<ParsedFile, 'format'> {
  const { col, errors, data } = readForeignFile(header, records, ['Type', 'Name'], currency);
  if (errors.length) return { dataRows: data.length, rows: [], errors };

  const read: Read[] = [];
  const skipped: ImportSkippedRow[] = [];
  const skippedIds = new Set<string>();
  for (const { line, cells } of data) {
    const types = col
      .get(cells, 'Type')
      .toLowerCase()
      .split(',')
      .map((t) => t.trim());
    const kind = KINDS.find((k) => types.includes(k));
    const skippedKind = kind ? undefined : types.find((t) => t in SKIPPED_KINDS);
    if (skippedKind) {
      skipped.push({ line, name: col.get(cells, 'Name'), reason: SKIPPED_KINDS[skippedKind]! });
      const id = col.get(cells, 'ID');
      if (id) skippedIds.add(id);
    } else if (!kind) {
      const type = col.get(cells, 'Type') || '(blank)';
      errors.push({
        line,
        field: 'Type',
        message: `Type "${type}" is not imported: use simple, variable or variation`,
      });
    } else read.push({ line, kind, cells });
  }

  // Products first, so variations can name their parent by ID or SKU.
  const skuById = new Map<string, string>();
  const products = read.filter((r) => r.kind !== 'variation');
  const productSku = (r: Read) => col.get(r.cells, 'SKU') || slugify(col.get(r.cells, 'Name'));
  for (const r of products) {
    const id = col.get(r.cells, 'ID');
    if (id) skuById.set(id, productSku(r));
  }
  const variantsOf = new Map<string, VariationRead[]>();
  for (const r of read.filter((x) => x.kind === 'variation')) {
    const parent = col.get(r.cells, 'Parent');
    const byId = /^id:(\d+)$/i.exec(parent);
    if (byId && skippedIds.has(byId[1]!)) {
      skipped.push({ line: r.line, name: col.get(r.cells, 'Name'), reason: 'Its product is skipped' });
      continue;
    }
    const parentSku = byId ? skuById.get(byId[1]!) : parent;
    if (!parentSku) {
      errors.push({
        line: r.line,
        field: 'Parent',
        message: parent
          ? `Parent "${parent}" is not a product in this file`
          : 'Parent is required on a variation',
      });
      continue;
    }
    const variation = readVariation(r, parentSku, col, errors);
    if (variation) variantsOf.set(parentSku, [...(variantsOf.get(parentSku) ?? []), variation]);
  }

  const rows: Row[] = [];
  for (const r of products) {
    const sku = productSku(r);
    const variations = r.kind === 'variable' ? (variantsOf.get(sku) ?? []) : [];
    variantsOf.delete(sku);
    const product = readProduct(r, sku, variations, col, errors);
    if (!product) continue;
    rows.push(product);
    for (const v of variations) {
      const row = variantRow(v.line, sku, v.raw, v.options, FIELDS, errors);
      if (row) rows.push(row);
    }
  }
  // Variations of products that are not in this file: the product must exist already (checked later).
  for (const [sku, variations] of variantsOf) {
    for (const v of variations) {
      const row = variantRow(v.line, sku, v.raw, v.options, FIELDS, errors);
      if (row) rows.push(row);
    }
  }
  return { dataRows: data.length, rows, errors, skipped };
}

interface VariationRead {
  line: number;
  raw: Record<string, unknown>;
  options: OptionPair[];
}

/** Price, sale price, stock and weight, as a product and a variation both have them. */
function readCommon({ line, cells }: Read, col: Columns, errors: ImportRowError[]) {
  const regular = readCell(line, 'Regular price', col.get(cells, 'Regular price'), errors, col.money);
  const sale = readCell(line, 'Sale price', col.get(cells, 'Sale price'), errors, col.money);
  const stock = readCell(line, 'Stock', col.get(cells, 'Stock'), errors, wholeCell);
  const weightColumn = col.find(/^weight\b/i);
  const weight = weightColumn
    ? readCell(line, weightColumn, col.get(cells, weightColumn), errors, decimalCell)
    : undefined;
  const unit = /\((\w+)\)/.exec(weightColumn ?? '')?.[1] ?? 'lbs';
  return {
    ...priceAndSale(sale ?? regular, regular),
    // WooCommerce lets stock go below zero (backorders); our stock stops at 0.
    inventory_level: stock === undefined ? undefined : Math.max(0, stock),
    weight: weight === undefined ? undefined : toPounds(weight, unit),
  };
}

function attributes(cells: string[], col: Columns): Array<{ name: string; value: string }> {
  const found: Array<{ name: string; value: string }> = [];
  for (let n = 1; col.has(`Attribute ${n} name`); n++) {
    const name = col.get(cells, `Attribute ${n} name`);
    const value = col.get(cells, `Attribute ${n} value(s)`);
    if (name && value) found.push({ name, value });
  }
  return found;
}

function readVariation(r: Read, parentSku: string, col: Columns, errors: ImportRowError[]) {
  const before = errors.length;
  const common = readCommon(r, col, errors);
  // A blank value is WooCommerce's "any": the variation does not pin that option.
  const options = attributes(r.cells, col).map(({ name, value }) => ({ name, label: value }));
  if (errors.length > before) return undefined;
  const sku =
    col.get(r.cells, 'SKU') ||
    generatedSku(
      parentSku,
      options.map((o) => o.label),
    );
  return { line: r.line, raw: { sku, ...common }, options } satisfies VariationRead;
}

/** "Clothing > Tshirts, Accessories" -> ["Tshirts", "Accessories"] (a path's last name; "\," is a comma). */
function categoryNames(cell: string): string[] {
  return uniqueNames(cell.split(/(?<!\\),/).map((path) => path.replace(/\\,/g, ',').split('>').at(-1) ?? ''));
}

function readProduct(
  r: Read,
  sku: string,
  variations: VariationRead[],
  col: Columns,
  errors: ImportRowError[],
) {
  const before = errors.length;
  const get = (name: string) => col.get(r.cells, name);
  const common = readCommon(r, col, errors);
  const images = get('Images')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => ({ url, alt: null }));
  checkImages(r.line, 'Images', images, errors);
  const prices = variations.flatMap((v) => (typeof v.raw.price === 'number' ? [v.raw.price] : []));
  const stock = variations.flatMap((v) =>
    typeof v.raw.inventory_level === 'number' ? [v.raw.inventory_level] : [],
  );
  const html = get('Description') || get('Short description');
  const published = get('Published');
  const categories = categoryNames(get('Categories'));
  const row = productRow(
    r.line,
    {
      name: get('Name'),
      sku,
      description: html ? htmlToText(html) : undefined,
      ...common,
      ...(r.kind === 'variable' && common.price === undefined && prices.length
        ? { price: Math.min(...prices), sale_price: undefined }
        : {}),
      ...(r.kind === 'variable' && common.inventory_level === undefined && stock.length
        ? { inventory_level: stock.reduce((a, b) => a + b, 0) }
        : {}),
      // 1 published; 0 private and -1 draft are kept out of the store.
      is_visible: published ? published === '1' : true,
      is_featured: get('Is featured?') === '1' ? true : undefined,
      seo_title: get(YOAST_TITLE) || undefined,
      seo_description: get(YOAST_DESCRIPTION) || undefined,
    },
    {
      brandName: get('Brands').split(',')[0]?.trim() || undefined,
      categoryNames: categories.length ? categories : undefined,
      imageUrls: undefined,
      remoteImages: images.length ? images : undefined,
    },
    FIELDS,
    errors,
  );
  return errors.length > before ? undefined : row;
}
