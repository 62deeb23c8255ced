import type { CheckoutLine as LineInput } from '@cartwheel/shared/contracts/checkout';
import { type GiftCardRecipient, sendDateProblem } from '@cartwheel/shared/contracts/gift-card-lines';
import { unitPrice } from '@cartwheel/shared/money';
import { GRAMS_PER_POUND } from '@cartwheel/shared/weight';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { giftCardLineProblem, LINE_IMAGE_JOIN, variantTitleSql } from '../cart/cart-lines.ts';
import type { PricingLine } from '../pricing/price-order.ts';
import type { StockLine } from './stock.ts';

/** A line being checked out: what the order records and what the price calculation reads. */
export interface CheckoutLine extends StockLine, PricingLine {
  productName: string;
  variantTitle: string | null;
  sku: string;
  cost: number | null;
  /** The line's image (the variant's, else the product's first), kept on the order line. */
  imageUrl: string | null;
  /** A gift card's recipient and send date, kept on the order line (decision 0094). */
  giftCard: GiftCardRecipient | null;
}

interface LineRow {
  key: string;
  product_id: string;
  variant_id: string | null;
  quantity: number;
  product_name: string | null;
  product_sku: string;
  product_price: number;
  product_sale_price: number | null;
  product_cost_price: number | null;
  product_weight: number | null;
  product_available: boolean;
  has_variants: boolean;
  variant_found: boolean;
  variant_sku: string | null;
  variant_price: number | null;
  variant_sale_price: number | null;
  variant_cost_price: number | null;
  variant_weight: number | null;
  variant_title: string | null;
  image_url: string | null;
  category_ids: string[] | null;
  is_gift_card: boolean | null;
  gift_card: GiftCardRecipient | null;
  /** What the caller asked to read in the same statement (the same on every row). */
  extra: unknown;
}

/** The lines, and the value of the `extra` column read with them. */
export interface LinesRead {
  lines: CheckoutLine[];
  extra: unknown;
}

/**
 * The product and variant columns of the lines `src` (product_id, variant_id, quantity, key), and
 * `extra`: an uncorrelated expression (run once), so the caller reads it without a round trip of its own.
 */
function linesSql(src: SQL, order: SQL, extra: SQL): SQL {
  return sql`SELECT src.key, src.product_id, src.variant_id, src.quantity,
      p.name AS product_name, p.sku AS product_sku, p.price AS product_price,
      p.sale_price AS product_sale_price, p.cost_price AS product_cost_price, p.weight AS product_weight,
      (p.is_visible AND p.deleted_at IS NULL) AS product_available,
      EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) AS has_variants,
      (v.id IS NOT NULL) AS variant_found, v.sku AS variant_sku, v.price AS variant_price,
      v.sale_price AS variant_sale_price, v.cost_price AS variant_cost_price, v.weight AS variant_weight,
      ${variantTitleSql('v')} AS variant_title, img.url AS image_url,
      ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id) AS category_ids,
      p.is_gift_card, src.gift_card,
      ${extra} AS extra
    FROM ${src}
    LEFT JOIN products p ON p.id = src.product_id
    LEFT JOIN product_variants v ON v.id = src.variant_id AND v.product_id = src.product_id
    ${LINE_IMAGE_JOIN}
    ORDER BY ${order}`;
}

/**
 * The signed-in shopper's cart lines at today's database prices, oldest first; each line's key is
 * its cart line id.
 */
export async function readCartLines(db: Db | Tx, userId: string, extra: SQL): Promise<LinesRead> {
  const rows = await queryPrepared<LineRow>(
    db,
    linesSql(
      sql`(SELECT ci.id::text AS key, ci.product_id, ci.variant_id, ci.quantity, ci.created_at, ci.id, ci.gift_card
        FROM cart_items ci WHERE ci.user_id = ${userId}) src`,
      sql`src.created_at, src.id`,
      extra,
    ),
  );
  return { lines: toCheckoutLines(rows), extra: rows[0]?.extra };
}

/**
 * A guest's lines (from the browser's cart) at today's database prices, in the order sent; the same
 * product and variant twice make one line. Each key is `${product_id}:${variant_id ?? ''}`; a gift
 * card's line with its recipient stays a line of its own (`…:gift:${index}`).
 */
export async function readGuestLines(db: Db | Tx, lines: LineInput[], extra: SQL): Promise<LinesRead> {
  const merged = new Map<string, LineInput & { key: string; position: number }>();
  for (const [index, line] of lines.entries()) {
    const key = `${line.product_id}:${line.variant_id ?? ''}${line.gift_card ? `:gift:${index}` : ''}`;
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { ...line, key, position: merged.size });
  }
  const rows = await queryPrepared<LineRow>(
    db,
    linesSql(
      sql`jsonb_to_recordset(${JSON.stringify([...merged.values()])}::jsonb)
        AS src(key text, product_id uuid, variant_id uuid, quantity int, position int, gift_card jsonb)`,
      sql`src.position`,
      extra,
    ),
  );
  return { lines: toCheckoutLines(rows), extra: rows[0]?.extra };
}

/**
 * Checks each line (a product hidden or deleted since, or a line lacking its variant, stops the
 * checkout) and prices it by THE price rule (docs/decisions/0002-money-and-prices.md).
 */
function toCheckoutLines(rows: LineRow[]): CheckoutLine[] {
  if (rows.length === 0) throw new AppError('invalid', 'cart_empty', 'Your cart is empty');
  return rows.map((row) => {
    const title = row.variant_id !== null ? row.variant_title || null : null;
    const name = row.product_name ?? 'A product';
    const label = title ? `${name} (${title})` : name;
    if (!row.product_name || !row.product_available || (row.variant_id !== null && !row.variant_found)) {
      throw new AppError(
        'conflict',
        'product_unavailable',
        `${label} is no longer available. Remove it from your cart to check out.`,
        { product_id: row.product_id, variant_id: row.variant_id, name: label },
      );
    }
    if (row.variant_id === null && row.has_variants) {
      throw new AppError('conflict', 'variant_required', `Please choose the options of ${name}`, {
        product_id: row.product_id,
        name,
      });
    }
    const gift = giftCardLineProblem(Boolean(row.is_gift_card), row.gift_card !== null);
    if (gift) throw new AppError(gift.kind, gift.code, `${label}: ${gift.message}`);
    // A cart line kept since its send date passed: the buyer chooses a new date.
    const late = row.gift_card ? sendDateProblem(row.gift_card.send_on) : null;
    if (late) throw new AppError('invalid', 'gift_card_send_date', `${label}: ${late}`);
    const isVariant = row.variant_id !== null;
    const weight = isVariant ? (row.variant_weight ?? row.product_weight) : row.product_weight;
    return {
      key: row.key,
      productId: row.product_id,
      variantId: row.variant_id,
      categoryIds: row.category_ids ?? [],
      quantity: Number(row.quantity),
      // A gift card weighs nothing and never ships (decision 0094).
      weightGrams: row.is_gift_card ? 0 : Math.max(0, Math.round(Number(weight ?? 0) * GRAMS_PER_POUND)),
      digital: Boolean(row.is_gift_card),
      unitPrice: unitPrice(
        { price: row.product_price, sale_price: row.product_sale_price },
        isVariant ? { price: row.variant_price ?? 0, sale_price: row.variant_sale_price } : null,
      ),
      label,
      productName: name,
      variantTitle: title,
      sku: (isVariant ? row.variant_sku : row.product_sku) ?? row.product_sku,
      cost: isVariant ? (row.variant_cost_price ?? row.product_cost_price) : row.product_cost_price,
      imageUrl: row.image_url,
      giftCard: row.is_gift_card ? row.gift_card : null,
    };
  });
}
