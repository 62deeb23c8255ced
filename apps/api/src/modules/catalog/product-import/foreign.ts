import {
  optionValueSlug,
  type ProductCreateBody,
  productCreateBody,
  variantCreateBody,
} from '@cartwheel/shared/contracts/admin-products';
import type { ImportRowError } from '@cartwheel/shared/contracts/product-import';
import { unguardCell } from '@cartwheel/shared/csv-cell';
import sanitizeHtml from 'sanitize-html';
import { MAX_IMAGES_PER_PRODUCT } from '../product-image.service.ts';
import { CellError, moneyCell, zodErrors } from './cells.ts';
import type { CsvRecord } from './csv-records.ts';
import type { OptionPair, ProductRow, VariantRow } from './parse.ts';

// What reading another shop's export (Shopify, WooCommerce) shares: cells by column name, HTML
// descriptions made text, generated SKUs, and rows checked with the same product rules as ours.

/** The cells of a file by column name (compared trimmed and case-insensitively). */
export function columnReader(header: string[]) {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  return {
    has: (name: string) => index.has(name.toLowerCase()),
    /** The trimmed cell, '' when the column is missing. */
    get(cells: string[], name: string): string {
      const i = index.get(name.toLowerCase());
      return i === undefined ? '' : unguardCell((cells[i] ?? '').trim());
    },
    /** The first column whose name matches, for names with a unit ("Weight (kg)"). */
    find: (pattern: RegExp) => header.find((name) => pattern.test(name.trim())),
  };
}

export type Columns = ReturnType<typeof readForeignFile>['col'];

/** A file's columns, its non-blank records, and an error for each required column it lacks. */
export function readForeignFile(
  header: string[],
  records: CsvRecord[],
  required: string[],
  currency: string,
) {
  const col = {
    ...columnReader(header),
    money: (cell: string, label: string) => moneyCell(cell, label, currency),
  };
  const errors: ImportRowError[] = required
    .filter((name) => !col.has(name))
    .map((name) => ({ line: 1, field: name, message: `The file needs a "${name}" column` }));
  const data = records.filter((r) => r.cells.some((c) => c.trim()));
  return { col, errors, data };
}

/** Reads a non-blank cell with `parser`; a problem becomes a line error under the file's column name. */
export function readCell<T>(
  line: number,
  column: string,
  cell: string,
  errors: ImportRowError[],
  parser: (cell: string, label: string) => T,
): T | undefined {
  if (!cell) return undefined;
  try {
    return parser(cell, column);
  } catch (error) {
    if (!(error instanceof CellError)) throw error;
    errors.push({ line, field: column, message: error.message });
    return undefined;
  }
}

const BLOCK_END = /<\/(?:p|div|h[1-6]|tr|blockquote|pre|table|ul|ol)\s*>|<br\s*\/?>/gi;

/**
 * An HTML description as the plain text our description holds (the storefront shows it as text, line
 * breaks kept): paragraphs and line breaks become single new lines, list items "- " lines, every tag and
 * script goes, entities are decoded.
 */
export function htmlToText(html: string): string {
  const marked = html.replace(/<li\b[^>]*>/gi, '\n- ').replace(BLOCK_END, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** A variant SKU when the file has none: the product's SKU and the option values, "classic-tee-m-red". */
export function generatedSku(base: string, labels: string[]): string {
  return [base, ...labels.map(optionValueSlug)].join('-');
}

/** Grams, kilograms, ounces or pounds as our weight in pounds (3 decimals). */
export function toPounds(amount: number, unit: string): number {
  const perUnit: Record<string, number> = { g: 1 / 453.59237, kg: 2.20462262, oz: 1 / 16, lb: 1, lbs: 1 };
  return Math.round(amount * (perUnit[unit.toLowerCase()] ?? 1) * 1000) / 1000;
}

/** A list of names without repeats (compared case-insensitively), blanks left out. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/**
 * A price the shopper pays and the higher price it is compared with, as our price and sale price:
 * Shopify's "compare at" and WooCommerce's regular price are the "was" price.
 */
export function priceAndSale(pays: number | undefined, was: number | undefined) {
  if (pays === undefined) return { price: was };
  if (was !== undefined && was > pays) return { price: was, sale_price: pays };
  // No sale: 0 clears a sale price an earlier import or an edit set.
  return { price: pays, sale_price: 0 };
}

/** Checks image addresses: http or https only (a job fetches them), at most the product's limit. */
export function checkImages(
  line: number,
  column: string,
  images: Array<{ url: string; alt: string | null }>,
  errors: ImportRowError[],
): void {
  for (const image of images) {
    let ok = false;
    try {
      const url = new URL(image.url);
      ok = (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
    } catch {}
    if (!ok) {
      errors.push({
        line,
        field: column,
        message: `Image "${image.url}" is not an http:// or https:// address`,
      });
    }
  }
  if (images.length > MAX_IMAGES_PER_PRODUCT) {
    errors.push({
      line,
      field: column,
      message: `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`,
    });
  }
}

/** A product row checked with the product rules; `fields` names the file's columns in its errors. */
export function productRow(
  line: number,
  raw: Record<string, unknown>,
  extra: Omit<ProductRow, 'kind' | 'line' | 'sku' | 'input'>,
  fields: Record<string, string>,
  errors: ImportRowError[],
): ProductRow | undefined {
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  const parsed = productCreateBody.safeParse(raw);
  if (!parsed.success) {
    errors.push(...zodErrors(line, parsed.error.issues, fields));
    return undefined;
  }
  const input: ProductCreateBody = parsed.data;
  return { kind: 'product', line, sku: input.sku, input, ...extra };
}

/** A variant row checked with the variant rules. */
export function variantRow(
  line: number,
  parentSku: string,
  raw: Record<string, unknown>,
  options: OptionPair[],
  fields: Record<string, string>,
  errors: ImportRowError[],
): VariantRow | undefined {
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  const parsed = variantCreateBody.omit({ option_value_ids: true }).safeParse(raw);
  if (!parsed.success) {
    errors.push(...zodErrors(line, parsed.error.issues, fields));
    return undefined;
  }
  const { sku, ...input } = parsed.data;
  return { kind: 'variant', line, sku, parentSku, input, options };
}
