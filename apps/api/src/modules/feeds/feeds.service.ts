import type { FeedProblem, FeedProductIssue } from '@cartwheel/shared/contracts/sales-channels';
import { isOnSale, toMajorString } from '@cartwheel/shared/money';
import { absoluteUrl, productUrl } from '@cartwheel/shared/seo';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';

/** One line of a product feed: a variant, or a product without variants. */
export interface FeedItem {
  id: string;
  /** The product's id when it has variants (Google's item_group_id), else null. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** "12.50 USD": the regular price, and the sale price when one is set and lower. */
  price: string;
  salePrice: string | null;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  condition: 'new' | 'used' | 'refurbished';
}

interface ProductRow {
  id: string;
  name: string;
  sku: string;
  slug: string;
  description: string;
  price: number;
  sale_price: number | null;
  inventory_level: number;
  is_visible: boolean;
  sales_channels: boolean;
  condition: 'New' | 'Used' | 'Refurbished';
  gtin: string | null;
  mpn: string | null;
  brand: string | null;
  images: string[] | null;
  variants: Array<{
    id: string;
    sku: string;
    title: string | null;
    price: number;
    sale_price: number | null;
    inventory_level: number;
  }> | null;
}

/** Google and Meta cap descriptions at 5,000 characters and titles at 150. */
const MAX_DESCRIPTION = 5000;
const MAX_TITLE = 150;

/** Text as a marketplace wants it: characters XML 1.0 cannot carry removed, white space collapsed, cut to `max`. */
export function feedText(value: string, max: number): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

/** A description as plain text: the marketplaces want no markup, so any tags pasted into it are dropped. */
const plainDescription = (value: string) => feedText(value.replace(/<[^>]*>/g, ' '), MAX_DESCRIPTION);

/** Every non-deleted product with what the feeds need, in a stable order. */
async function catalogRows(db: Db): Promise<ProductRow[]> {
  return queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.name, p.sku, p.slug, p.description, p.price, p.sale_price, p.inventory_level,
          p.is_visible, p.sales_channels, p.condition, p.gtin, p.mpn, b.name AS brand,
          (SELECT array_agg(i.url ORDER BY i.is_thumbnail DESC, i.sort_order, i.created_at)
             FROM product_images i WHERE i.product_id = p.id) AS images,
          (SELECT json_agg(json_build_object('id', v.id, 'sku', v.sku, 'title', vt.title, 'price', v.price,
                    'sale_price', v.sale_price, 'inventory_level', v.inventory_level)
                  ORDER BY v.created_at, v.sku)
             FROM product_variants v
             LEFT JOIN LATERAL (
               SELECT string_agg(ov.label, ' / ' ORDER BY o.sort_order, o.created_at, o.name) AS title
               FROM variant_option_values vov
               JOIN product_option_values ov ON ov.id = vov.option_value_id
               JOIN product_options o ON o.id = ov.option_id
               WHERE vov.variant_id = v.id) vt ON true
             WHERE v.product_id = p.id) AS variants
        FROM products p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.deleted_at IS NULL
        ORDER BY p.created_at, p.id`,
  );
}

/** Why a product is not in the feeds (empty: it is listed). */
function problemsOf(row: ProductRow): FeedProblem[] {
  const problems: FeedProblem[] = [];
  if (!row.sales_channels) problems.push('excluded');
  if (!row.is_visible) problems.push('hidden');
  if (!row.images?.length) problems.push('no_image');
  if (!row.brand) problems.push('no_brand');
  if (!plainDescription(row.description)) problems.push('no_description');
  if (row.price <= 0 && !(row.variants ?? []).some((v) => v.price > 0)) problems.push('no_price');
  return problems;
}

function itemsOf(row: ProductRow, publicUrl: string, currency: string): FeedItem[] {
  const feedPrice = (minor: number) => `${toMajorString(minor, currency)} ${currency}`;
  const [image, ...more] = (row.images ?? []).map((url) => absoluteUrl(publicUrl, url));
  const base = {
    description: plainDescription(row.description),
    link: productUrl(publicUrl, row.slug),
    imageLink: image ?? '',
    additionalImageLinks: more.slice(0, 10),
    brand: feedText(row.brand ?? '', 70),
    gtin: row.gtin,
    mpn: row.mpn,
    condition: row.condition.toLowerCase() as FeedItem['condition'],
  };
  const priced = (source: { price: number; sale_price: number | null }) => ({
    price: feedPrice(source.price),
    salePrice: isOnSale(source) ? feedPrice(source.sale_price as number) : null,
  });
  const variants = row.variants ?? [];
  if (variants.length === 0) {
    return [
      {
        ...base,
        ...priced(row),
        id: row.id,
        groupId: null,
        title: feedText(row.name, MAX_TITLE),
        inStock: row.inventory_level > 0,
      },
    ];
  }
  return variants
    .filter((v) => v.price > 0)
    .map((v) => ({
      ...base,
      ...priced(v),
      id: v.id,
      groupId: row.id,
      title: feedText(v.title ? `${row.name} - ${v.title}` : row.name, MAX_TITLE),
      inStock: v.inventory_level > 0,
    }));
}

export interface Feed {
  items: FeedItem[];
  productsListed: number;
  productsTotal: number;
  issues: FeedProductIssue[];
}

/**
 * The catalog as the feeds list it: one item per variant of every visible product that is included
 * in sales channels and has what the marketplaces require (image, brand, description, price); the
 * products left out, with why.
 */
export async function buildFeed(db: Db, publicUrl: string): Promise<Feed> {
  const [rows, currency] = await Promise.all([catalogRows(db), loadBaseCurrency(db)]);
  const items: FeedItem[] = [];
  const issues: FeedProductIssue[] = [];
  for (const row of rows) {
    const problems = problemsOf(row);
    if (problems.length) issues.push({ id: row.id, name: row.name, sku: row.sku, problems });
    else items.push(...itemsOf(row, publicUrl, currency));
  }
  return { items, productsListed: rows.length - issues.length, productsTotal: rows.length, issues };
}
