import type { Cart, CartLine } from '@cartwheel/shared/contracts/cart';
import type { ImageVariant } from '@cartwheel/shared/contracts/catalog';
import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import { itemCount } from '@cartwheel/shared/item-count';
import { unitPrice } from '@cartwheel/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { ErrorKind } from '../../lib/errors.ts';

// How cart lines are looked up, checked and priced; every cart rule is written down in
// docs/decisions/0007-cart-and-prices.md.

export type Conn = Db | Tx;

/** A line to look up: a stored cart line or a guest line, with what the database says about it. */
export interface LineRow {
  id: string | null;
  idx: number | null;
  product_id: string;
  variant_id: string | null;
  quantity: number;
  created_at: string | null;
  /** Null when the product does not exist, is hidden or is deleted. */
  product_name: string | null;
  product_slug: string | null;
  product_sku: string | null;
  product_price: number | null;
  product_sale_price: number | null;
  product_stock: number | null;
  has_variants: boolean | null;
  /** Null when the variant does not exist (whatever product it belongs to). */
  variant_product_id: string | null;
  variant_sku: string | null;
  variant_price: number | null;
  variant_sale_price: number | null;
  variant_stock: number | null;
  variant_title: string | null;
  image_url: string | null;
  image_alt: string | null;
  image_variants: ImageVariant[] | null;
  /** Null when the product is gone. */
  is_gift_card: boolean | null;
  /** The gift card's recipient the line carries (decision 0094). */
  gift_card: GiftCardRecipient | null;
}

/** A variant's title from its option values ("M / Blue"), for the variant aliased `variant`. */
export function variantTitleSql(variant: string): SQL {
  return sql`(SELECT string_agg(ov.label, ' / ' ORDER BY o.sort_order, o.name)
          FROM variant_option_values vov
          JOIN product_option_values ov ON ov.id = vov.option_value_id
          JOIN product_options o ON o.id = ov.option_id
          WHERE vov.variant_id = ${sql.identifier(variant)}.id)`;
}

/**
 * The image a line shows, as `img` (url, alt_text, variants), for the product aliased p and the
 * variant aliased v: the variant's own image when it has one, else the product's first.
 */
export const LINE_IMAGE_JOIN = sql`LEFT JOIN LATERAL (
        SELECT i.url, i.alt_text, i.variants FROM product_images i WHERE i.product_id = p.id
        ORDER BY i.id IS NOT DISTINCT FROM v.image_id DESC, i.is_thumbnail DESC, i.sort_order, i.id
        LIMIT 1) img ON true`;

/**
 * What showing and pricing the lines of `source` (aliased l) needs: `columns` from their product p,
 * variant v, option values and image (the variant's, else the product's first), and `from` the
 * joins. The variant is joined by id alone, so a variant of another product is seen (and refused).
 * `keepUnsellable` keeps lines whose product is hidden, deleted or missing (with null product
 * columns); otherwise they are left out.
 */
function lineDetails(source: SQL, keepUnsellable: boolean): { columns: SQL; from: SQL } {
  return {
    columns: sql`p.name AS product_name, p.slug AS product_slug, p.sku AS product_sku,
        p.price AS product_price, p.sale_price AS product_sale_price, p.inventory_level AS product_stock,
        v.sku AS variant_sku, v.price AS variant_price, v.sale_price AS variant_sale_price,
        v.inventory_level AS variant_stock, ${variantTitleSql('v')} AS variant_title,
        img.url AS image_url, img.alt_text AS image_alt, img.variants AS image_variants,
        p.is_gift_card, to_jsonb(l) -> 'gift_card' AS gift_card`,
    from: sql`FROM (${source}) l
      ${keepUnsellable ? sql`LEFT JOIN` : sql`JOIN`} products p
        ON p.id = l.product_id AND p.is_visible AND p.deleted_at IS NULL
      LEFT JOIN product_variants v ON v.id = l.variant_id
      ${LINE_IMAGE_JOIN}`,
  };
}

/**
 * Looks up the product, variant, title and image of every line `source` yields. `source` is a
 * subquery with the columns (id, idx, product_id, variant_id, quantity, created_at), and gift_card
 * when its lines may carry one.
 */
export function lineRows(db: Conn, source: SQL): Promise<LineRow[]> {
  const details = lineDetails(source, true);
  return queryRows<LineRow>(
    db,
    sql`SELECT l.id, l.idx, l.product_id, l.variant_id, l.quantity, to_json(l.created_at) #>> '{}' AS created_at,
        ${details.columns},
        EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) AS has_variants,
        v.product_id AS variant_product_id
      ${details.from}
      ORDER BY l.created_at DESC NULLS LAST, l.idx, l.id DESC`,
  );
}

/** The signed-in shopper's stored lines; scoped to the user in the query itself. */
export function userSource(userId: string): SQL {
  return sql`SELECT ci.id, NULL::int AS idx, ci.product_id, ci.variant_id, ci.quantity, ci.created_at, ci.gift_card
    FROM cart_items ci WHERE ci.user_id = ${userId}`;
}

export type Problem = { kind: ErrorKind; code: string; message: string };

/** What is known about a line's product and variant, however it was looked up. */
interface LineFacts {
  productFound: boolean;
  /** The line names a variant. */
  variantChosen: boolean;
  variantFound: boolean;
  /** The variant belongs to the product. */
  variantMatches: boolean;
  hasVariants: boolean;
}

/** Why a line cannot be in a cart, or null when it can (the stock is checked separately). */
export function sellProblem(line: LineFacts): Problem | null {
  if (!line.productFound) {
    return { kind: 'not_found', code: 'product_not_found', message: 'Product not found' };
  }
  if (line.variantChosen) {
    if (!line.variantFound) {
      return { kind: 'not_found', code: 'variant_not_found', message: 'Variant not found' };
    }
    if (!line.variantMatches) {
      return {
        kind: 'invalid',
        code: 'variant_mismatch',
        message: 'The chosen variant does not belong to this product',
      };
    }
  } else if (line.hasVariants) {
    return {
      kind: 'invalid',
      code: 'variant_required',
      message: 'Please choose the options of this product',
    };
  }
  return null;
}

/** Why a looked-up line cannot be in a cart, or null when it can (the stock is checked separately). */
export function problemOf(row: LineRow): Problem | null {
  return sellProblem({
    productFound: row.product_name !== null,
    variantChosen: row.variant_id !== null,
    variantFound: row.variant_product_id !== null,
    variantMatches: row.variant_product_id === row.product_id,
    hasVariants: Boolean(row.has_variants),
  });
}

/** A gift card product's line needs its recipient, and only a gift card's line takes one (decision 0094). */
export function giftCardLineProblem(isGiftCard: boolean, hasRecipient: boolean): Problem | null {
  if (isGiftCard && !hasRecipient) {
    return {
      kind: 'invalid',
      code: 'gift_card_recipient_required',
      message: "Enter the gift card recipient's name, email address and send date",
    };
  }
  if (!isGiftCard && hasRecipient) {
    return { kind: 'invalid', code: 'not_a_gift_card', message: 'Only a gift card is sent to a recipient' };
  }
  return null;
}

export const outOfStock: Problem = {
  kind: 'conflict',
  code: 'out_of_stock',
  message: 'This product is out of stock',
};

export function stockOf(row: Pick<LineRow, 'variant_id' | 'variant_stock' | 'product_stock'>): number {
  return (row.variant_id !== null ? row.variant_stock : row.product_stock) ?? 0;
}

/** What pricing and showing a line needs (a LineRow, or a stored line as the cart statements return it). */
type ShownLine = Pick<
  LineRow,
  | 'product_id'
  | 'variant_id'
  | 'quantity'
  | 'product_name'
  | 'product_slug'
  | 'product_sku'
  | 'product_price'
  | 'product_sale_price'
  | 'product_stock'
  | 'variant_sku'
  | 'variant_price'
  | 'variant_sale_price'
  | 'variant_stock'
  | 'variant_title'
  | 'image_url'
  | 'image_alt'
  | 'image_variants'
  | 'is_gift_card'
  | 'gift_card'
>;

/** The line as shown, priced with the one price rule from today's database prices. */
export function pricedFields(row: ShownLine) {
  const product = { price: row.product_price ?? 0, sale_price: row.product_sale_price };
  const variant =
    row.variant_id !== null && row.variant_price !== null
      ? { price: row.variant_price, sale_price: row.variant_sale_price }
      : null;
  const unit = unitPrice(product, variant);
  return {
    product_id: row.product_id,
    variant_id: row.variant_id,
    product_name: row.product_name ?? '',
    product_slug: row.product_slug ?? '',
    image_url: row.image_url,
    image_alt: row.image_alt,
    image_variants: row.image_variants,
    variant_title: row.variant_id !== null ? row.variant_title || null : null,
    sku: (row.variant_id !== null ? row.variant_sku : row.product_sku) ?? '',
    unit_price: unit,
    regular_price: (variant ?? product).price,
    quantity: row.quantity,
    line_total: unit * row.quantity,
    available: stockOf(row),
    is_gift_card: Boolean(row.is_gift_card),
    gift_card: row.gift_card ?? null,
  };
}

export function totals(lines: Array<{ quantity: number; line_total: number }>) {
  return {
    item_count: itemCount(lines),
    subtotal: lines.reduce((sum, l) => sum + l.line_total, 0),
  };
}

const toIso = (value: string | null) => new Date(value ?? 0).toISOString();

/** A stored line that can be sold, as the cart statements return it (JSON built by the database). */
export interface StoredLine extends ShownLine {
  id: string;
  created_at: string;
}

/**
 * The lines of `source` (a subquery with id, product_id, variant_id, quantity, created_at, gift_card) whose
 * product is visible and not deleted, with what showing and pricing them needs, as one JSON array,
 * newest first. Lines whose product has since been hidden or deleted are left out (the storefront
 * cannot sell them).
 */
export function storedLinesJson(source: SQL): SQL {
  const details = lineDetails(source, false);
  return sql`(SELECT COALESCE(json_agg(x ORDER BY x.created_at DESC, x.id DESC), '[]'::json) FROM (
      SELECT l.id, l.product_id, l.variant_id, l.quantity, l.created_at, ${details.columns}
      ${details.from}) x)`;
}

export function cartOf(lines: StoredLine[]): Cart {
  const items: CartLine[] = lines.map((line) => ({
    id: line.id,
    ...pricedFields(line),
    created_at: toIso(line.created_at),
  }));
  return { items, ...totals(items) };
}
