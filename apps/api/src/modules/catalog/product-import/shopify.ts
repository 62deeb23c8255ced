import type { ImportRowError, ImportSkippedRow } from '@cartwheel/shared/contracts/product-import';
import { wholeCell } from './cells.ts';
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

// Shopify's product CSV (docs/decisions/0035-imports-from-other-shops.md): the rows of a product share
// its Handle; the first row holds the product (Title, Body (HTML), Vendor, ...) and its first variant,
// later rows hold more variants (Option1..3 Value, Variant ...) and/or more images (Image Src ...).
// A product whose only variant is "Title: Default Title" is one product without variants.

const OPTIONS = [1, 2, 3] as const;

const GIFT_CARD = 'Gift card: not imported (the shop does not sell gift cards)';

/** Our field names -> the Shopify column that fills them, for error messages. */
const FIELDS: Record<string, string> = {
  name: 'Title',
  sku: 'Variant SKU',
  description: 'Body (HTML)',
  price: 'Variant Price',
  sale_price: 'Variant Compare At Price',
  inventory_level: 'Variant Inventory Qty',
  weight: 'Variant Grams',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
};

interface Group {
  handle: string;
  records: CsvRecord[];
}

/** Reads a Shopify product CSV into product and variant rows. */
export function parseShopifyCsv(
  header: string[],
  records: CsvRecord[],
  currency: string,
): Omit<ParsedFile, 'format'> {
  const { col, errors, data } = readForeignFile(header, records, ['Handle', 'Title'], currency);
  if (errors.length) return { dataRows: data.length, rows: [], errors };

  const groups = new Map<string, Group>();
  for (const record of data) {
    const handle = col.get(record.cells, 'Handle');
    if (!handle) {
      errors.push({ line: record.line, field: 'Handle', message: 'Handle is required' });
      continue;
    }
    const group = groups.get(handle) ?? { handle, records: [] };
    group.records.push(record);
    groups.set(handle, group);
  }
  const rows: Row[] = [];
  const skipped: ImportSkippedRow[] = [];
  for (const group of groups.values()) {
    const [first] = group.records as [CsvRecord, ...CsvRecord[]];
    // Gift cards are Shopify's own kind of product: every row of one is skipped, with the reason.
    if (col.get(first.cells, 'Gift Card').toLowerCase() === 'true') {
      const name = col.get(first.cells, 'Title') || group.handle;
      for (const { line } of group.records) skipped.push({ line, name, reason: GIFT_CARD });
    } else rows.push(...readProduct(group, col, errors));
  }
  return { dataRows: data.length, rows, errors, skipped };
}

/** A row that describes a variant (not only an extra image). */
function isVariantRecord(col: Columns, cells: string[]): boolean {
  return (
    OPTIONS.some((n) => col.get(cells, `Option${n} Value`)) ||
    Boolean(col.get(cells, 'Variant SKU') || col.get(cells, 'Variant Price'))
  );
}

function readProduct(group: Group, col: Columns, errors: ImportRowError[]): Row[] {
  const before = errors.length;
  const [first] = group.records as [CsvRecord, ...CsvRecord[]];
  const { line, cells } = first;
  const get = (name: string) => col.get(cells, name);

  const optionNames = OPTIONS.map((n) => get(`Option${n} Name`));
  const variantRecords = group.records.filter((r) => isVariantRecord(col, r.cells));
  const simple =
    variantRecords.length <= 1 &&
    optionNames.filter(Boolean).length <= 1 &&
    (!optionNames[0] || (optionNames[0] === 'Title' && /^default title$/i.test(get('Option1 Value'))));

  const variants = variantRecords.map((record) =>
    readVariant(group.handle, record, optionNames, col, errors),
  );

  const images = group.records
    .filter((r) => col.get(r.cells, 'Image Src'))
    .map((r) => ({
      url: col.get(r.cells, 'Image Src'),
      alt: col.get(r.cells, 'Image Alt Text') || null,
      position: Number(col.get(r.cells, 'Image Position')) || Number.MAX_SAFE_INTEGER,
      line: r.line,
    }))
    .sort((a, b) => a.position - b.position || a.line - b.line);
  const remoteImages = images.map(({ url, alt }) => ({ url, alt }));
  checkImages(line, 'Image Src', remoteImages, errors);

  const status = get('Status').toLowerCase();
  const published = get('Published').toLowerCase();
  const isVisible = status ? status === 'active' : published ? published === 'true' : true;
  const category = get('Product Category').split('>').at(-1)?.trim() ?? '';
  const categoryNames = uniqueNames([get('Type'), category, ...get('Tags').split(',')]);
  const body = get('Body (HTML)');
  const prices = variants.flatMap((v) => (v?.price === undefined ? [] : [v.price]));
  const stock = variants.flatMap((v) => (v?.inventory_level === undefined ? [] : [v.inventory_level]));
  const one = simple ? variants[0] : undefined;

  if (!get('Title')) {
    errors.push({ line, field: 'Title', message: 'Title is required on the first row of a product' });
  }
  const product = productRow(
    line,
    {
      name: get('Title'),
      sku: (one?.sku ?? '') || group.handle,
      description: body ? htmlToText(body) : undefined,
      price: simple ? one?.price : prices.length ? Math.min(...prices) : undefined,
      sale_price: simple ? one?.sale_price : undefined,
      inventory_level: simple
        ? one?.inventory_level
        : stock.length
          ? stock.reduce((a, b) => a + b, 0)
          : undefined,
      weight: simple ? one?.weight : undefined,
      is_visible: isVisible,
      seo_title: get('SEO Title') || undefined,
      seo_description: get('SEO Description') || undefined,
    },
    {
      brandName: get('Vendor') || undefined,
      categoryNames: categoryNames.length ? categoryNames : undefined,
      imageUrls: undefined,
      handle: group.handle,
      remoteImages: remoteImages.length ? remoteImages : undefined,
    },
    FIELDS,
    errors,
  );
  if (!product || errors.length > before) return [];
  if (simple) return [product];
  const rows: Row[] = [product];
  for (const v of variants) {
    if (!v) continue;
    const { options, line: variantLine, ...raw } = v;
    const sku =
      raw.sku ||
      generatedSku(
        group.handle,
        options.map((o) => o.label),
      );
    const row = variantRow(variantLine, product.sku, { ...raw, sku }, options, FIELDS, errors);
    if (row) rows.push(row);
  }
  return errors.length > before ? [] : rows;
}

interface ShopifyVariant {
  line: number;
  sku: string;
  options: OptionPair[];
  price?: number | undefined;
  sale_price?: number | undefined;
  inventory_level?: number | undefined;
  weight?: number | undefined;
}

function readVariant(
  handle: string,
  { line, cells }: CsvRecord,
  optionNames: string[],
  col: Columns,
  errors: ImportRowError[],
): ShopifyVariant | undefined {
  const before = errors.length;
  const get = (name: string) => col.get(cells, name);
  const options: OptionPair[] = [];
  OPTIONS.forEach((n, i) => {
    const name = optionNames[i];
    const label = get(`Option${n} Value`);
    if (name && label) options.push({ name, label });
    else if (name && !(name === 'Title' && i === 0)) {
      errors.push({
        line,
        field: `Option${n} Value`,
        message: `Option${n} Value is required (the product has the option "${name}")`,
      });
    } else if (!name && label) {
      errors.push({
        line,
        field: `Option${n} Name`,
        message: `Option${n} Value "${label}" has no Option${n} Name on the first row of ${handle}`,
      });
    }
  });
  const pays = readCell(line, 'Variant Price', get('Variant Price'), errors, col.money);
  const was = readCell(line, 'Variant Compare At Price', get('Variant Compare At Price'), errors, col.money);
  if (pays === undefined && !get('Variant Price')) {
    errors.push({ line, field: 'Variant Price', message: 'Variant Price is required' });
  }
  const qty = readCell(line, 'Variant Inventory Qty', get('Variant Inventory Qty'), errors, wholeCell);
  const grams = readCell(line, 'Variant Grams', get('Variant Grams'), errors, wholeCell);
  if (errors.length > before) return undefined;
  return {
    line,
    sku: get('Variant SKU'),
    // "Title: Default Title" is Shopify's name for "no options".
    options: options.filter((o) => !(o.name === 'Title' && /^default title$/i.test(o.label))),
    ...priceAndSale(pays, was),
    // Shopify lets stock go below zero (oversold); our stock stops at 0.
    inventory_level: qty === undefined ? undefined : Math.max(0, qty),
    weight: grams === undefined ? undefined : toPounds(grams, 'g'),
  };
}
