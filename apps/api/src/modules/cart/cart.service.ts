import type { Cart, CartChange } from '@cartwheel/shared/contracts/cart';
import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type Conn,
  cartOf,
  giftCardLineProblem,
  outOfStock,
  type Problem,
  type StoredLine,
  sellProblem,
  storedLinesJson,
  userSource,
} from './cart-lines.ts';

// The signed-in shopper's cart; every cart rule is written down in docs/decisions/0007-cart-and-prices.md.

/**
 * The signed-in shopper's cart, newest line first, in one statement. Lines whose product has since
 * been hidden or deleted are left out (the storefront cannot sell them); everything is priced on the
 * server.
 */
export async function getCart(db: Conn, userId: string): Promise<Cart> {
  const [row] = await queryPrepared<{ lines: StoredLine[] }>(
    db,
    sql`SELECT ${storedLinesJson(userSource(userId))} AS lines`,
  );
  return cartOf(row?.lines ?? []);
}

function cappedMessage(stock: number, previous: number, quantity: number): string {
  if (quantity <= previous) return `Only ${stock} in stock, and all ${stock} are already in your cart`;
  return `Only ${stock} in stock: quantity set to ${stock}`;
}

interface AddRow {
  product_found: boolean;
  is_gift_card: boolean;
  variant_found: boolean;
  /** The variant belongs to the product. */
  variant_matches: boolean;
  has_variants: boolean;
  stock: number;
  /** The line's quantity before and after the upsert; `quantity` is null when nothing was written. */
  previous: number;
  quantity: number | null;
  lines: StoredLine[];
}

/**
 * Adds a product (and variant) to the signed-in shopper's cart, capped by the stock, and returns the
 * cart, in one statement: it checks the product and variant, upserts the line only when they can be
 * sold (the quantity becomes LEAST(old + added, stock), so concurrent adds never lose an update nor
 * pass the stock), and reads the cart with the upserted line in it (a statement does not see its own
 * writes, so that line is taken from the upsert's RETURNING).
 */
export async function addCartItem(
  db: Db,
  userId: string,
  input: {
    product_id: string;
    variant_id: string | null;
    quantity: number;
    gift_card?: GiftCardRecipient | null | undefined;
  },
): Promise<CartChange> {
  const productId = input.product_id;
  const variantId = input.variant_id;
  // A gift card's line with its recipient is always a line of its own (decision 0094).
  const gift = input.gift_card ? JSON.stringify(input.gift_card) : null;
  const [row] = await queryPrepared<AddRow>(
    db,
    sql`WITH target AS (
        SELECT p.id IS NOT NULL AS product_found, v.id IS NOT NULL AS variant_found,
          COALESCE(p.is_gift_card, false) AS is_gift_card,
          COALESCE(v.product_id = ${productId}::uuid, false) AS variant_matches,
          CASE WHEN ${variantId}::uuid IS NULL
            THEN EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) ELSE false END AS has_variants,
          COALESCE(CASE WHEN ${variantId}::uuid IS NULL THEN p.inventory_level ELSE v.inventory_level END, 0) AS stock
        FROM (SELECT 1) one
        LEFT JOIN products p ON p.id = ${productId}::uuid AND p.is_visible AND p.deleted_at IS NULL
        -- Joined by id alone, so a variant of another product is seen (and refused).
        LEFT JOIN product_variants v ON v.id = ${variantId}::uuid),
      prev AS (
        SELECT quantity FROM cart_items
        WHERE user_id = ${userId}::uuid AND product_id = ${productId}::uuid
          AND variant_id IS NOT DISTINCT FROM ${variantId}::uuid AND gift_card IS NULL
          AND ${gift}::jsonb IS NULL),
      up AS (
        INSERT INTO cart_items (user_id, product_id, variant_id, quantity, gift_card)
        SELECT ${userId}::uuid, ${productId}::uuid, ${variantId}::uuid, LEAST(${input.quantity}::int, t.stock),
          ${gift}::jsonb
        FROM target t
        WHERE t.product_found AND t.stock > 0 AND t.is_gift_card = (${gift}::jsonb IS NOT NULL)
          AND CASE WHEN ${variantId}::uuid IS NULL THEN NOT t.has_variants
            ELSE t.variant_matches END
        ON CONFLICT (user_id, product_id, variant_id) WHERE gift_card IS NULL DO UPDATE
          SET quantity = LEAST(cart_items.quantity + excluded.quantity, (SELECT stock FROM target)),
            updated_at = now()
        RETURNING id, product_id, variant_id, quantity, created_at, gift_card),
      lines AS (
        SELECT id, product_id, variant_id, quantity, created_at, gift_card FROM cart_items
        WHERE user_id = ${userId}::uuid AND id NOT IN (SELECT id FROM up)
        UNION ALL
        SELECT id, product_id, variant_id, quantity, created_at, gift_card FROM up)
      SELECT t.product_found, t.is_gift_card, t.variant_found, t.variant_matches, t.has_variants, t.stock,
        COALESCE((SELECT quantity FROM prev), 0) AS previous, (SELECT quantity FROM up) AS quantity,
        ${storedLinesJson(sql`SELECT * FROM lines`)} AS lines
      FROM target t`,
  );
  if (!row) throw new Error('cart upsert returned no row');
  const problem = addProblem(row, variantId) ?? giftCardLineProblem(row.is_gift_card, gift !== null);
  if (problem) throw new AppError(problem.kind, problem.code, problem.message);
  if (row.quantity === null) throw new Error('cart upsert wrote no line');
  const { previous, quantity, stock } = row;
  const capped = quantity < previous + input.quantity;
  return {
    cart: cartOf(row.lines),
    added: quantity - previous,
    capped,
    stock: capped ? stock : null,
    message: capped ? cappedMessage(stock, previous, quantity) : null,
  };
}

/** Why the line could not be added (the same rules and order as a looked-up line), or null. */
function addProblem(row: AddRow, variantId: string | null): Problem | null {
  const problem = sellProblem({
    productFound: row.product_found,
    variantChosen: variantId !== null,
    variantFound: row.variant_found,
    variantMatches: row.variant_matches,
    hasVariants: row.has_variants,
  });
  return problem ?? (row.stock > 0 ? null : outOfStock);
}

const lineNotFound = () => new AppError('not_found', 'cart_item_not_found', 'Cart item not found');

/**
 * Sets a line's quantity, capped by the stock; 0 or less removes the line.
 * Another shopper's line id is not found, as if it did not exist.
 */
export async function updateCartItem(
  db: Db,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<CartChange> {
  if (quantity <= 0) {
    const removed = await removeLine(db, userId, itemId);
    return { cart: await getCart(db, userId), added: -removed, capped: false, stock: null, message: null };
  }
  const [line] = await queryRows<{ quantity: number; stock: number }>(
    db,
    sql`SELECT ci.quantity, COALESCE(v.inventory_level, p.inventory_level) AS stock
      FROM cart_items ci
      JOIN products p ON p.id = ci.product_id AND p.is_visible AND p.deleted_at IS NULL
      LEFT JOIN product_variants v ON v.id = ci.variant_id
      WHERE ci.id = ${itemId} AND ci.user_id = ${userId}`,
  );
  if (!line) throw lineNotFound();
  if (line.stock <= 0) throw new AppError(outOfStock.kind, outOfStock.code, outOfStock.message);
  const next = Math.min(quantity, line.stock);
  const updated = await queryRows<{ id: string }>(
    db,
    sql`UPDATE cart_items SET quantity = ${next}::int, updated_at = now()
      WHERE id = ${itemId} AND user_id = ${userId} RETURNING id`,
  );
  if (updated.length === 0) throw lineNotFound();
  const capped = next < quantity;
  return {
    cart: await getCart(db, userId),
    added: next - line.quantity,
    capped,
    stock: capped ? line.stock : null,
    message: capped ? `Only ${line.stock} in stock: quantity set to ${line.stock}` : null,
  };
}

async function removeLine(db: Conn, userId: string, itemId: string): Promise<number> {
  const [row] = await queryRows<{ quantity: number }>(
    db,
    sql`DELETE FROM cart_items WHERE id = ${itemId} AND user_id = ${userId} RETURNING quantity`,
  );
  if (!row) throw lineNotFound();
  return row.quantity;
}

/** Removes one of the shopper's lines; another shopper's line id is not found. */
export async function removeCartItem(db: Db, userId: string, itemId: string): Promise<Cart> {
  await removeLine(db, userId, itemId);
  return getCart(db, userId);
}

/** Empties the shopper's cart. */
export async function clearCart(db: Db, userId: string): Promise<Cart> {
  await db.execute(sql`DELETE FROM cart_items WHERE user_id = ${userId}`);
  return { items: [], item_count: 0, subtotal: 0 };
}
