import type {
  CartLineProblem,
  GuestCartLine,
  GuestCartPreview,
  GuestCartPreviewLine,
  MergeCartResult,
} from '@cartwheel/shared/contracts/cart';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { getCart } from './cart.service.ts';
import {
  type Conn,
  giftCardLineProblem,
  type LineRow,
  lineRows,
  outOfStock,
  type Problem,
  pricedFields,
  problemOf,
  stockOf,
  totals,
} from './cart-lines.ts';

// A guest's cart lives in the browser: the server prices it, and merges it into the shopper's cart
// at sign-in (docs/decisions/0007-cart-and-prices.md).

/** Guest lines as a subquery, in request order; `idx` is each line's position. */
function guestSource(lines: GuestCartLine[]): SQL {
  // A quantity below 1 is skipped by the callers (they read it from `lines`); it is sent as 0 so a
  // hugely negative one cannot overflow PostgreSQL's int (the contract caps quantities only above).
  const json = JSON.stringify(
    lines.map((line, idx) => ({ idx, ...line, quantity: Math.max(line.quantity, 0) })),
  );
  return sql`SELECT NULL::uuid AS id, g.idx, g.product_id, g.variant_id, g.quantity, NULL::timestamptz AS created_at,
      g.gift_card
    FROM jsonb_to_recordset(${json}::jsonb)
      AS g(idx int, product_id uuid, variant_id uuid, quantity int, gift_card jsonb)`;
}

async function resolveGuestLines(db: Conn, lines: GuestCartLine[]): Promise<Map<number, LineRow>> {
  if (lines.length === 0) return new Map();
  const rows = await lineRows(db, guestSource(lines));
  return new Map(rows.map((row) => [row.idx as number, row]));
}

const lineProblem = (
  index: number,
  line: GuestCartLine,
  p: Pick<Problem, 'code' | 'message'> & Pick<CartLineProblem, 'name' | 'stock'>,
): CartLineProblem => ({
  index,
  product_id: line.product_id,
  variant_id: line.variant_id,
  ...p,
});

const invalidQuantity: Problem = {
  kind: 'invalid',
  code: 'invalid_quantity',
  message: 'Quantity must be at least 1',
};

/**
 * Adds units to the shopper's line for (product, variant) with one atomic upsert: the quantity
 * becomes LEAST(old + added, stock), so concurrent adds never lose an update nor pass the stock. A
 * gift card's line with its recipient is added as a line of its own.
 */
async function upsertLine(
  db: Conn,
  userId: string,
  line: GuestCartLine,
  stock: number,
): Promise<{ previous: number; quantity: number }> {
  const gift = line.gift_card ? JSON.stringify(line.gift_card) : null;
  const [row] = await queryRows<{ previous: number; quantity: number }>(
    db,
    sql`WITH prev AS (
        SELECT quantity FROM cart_items
        WHERE user_id = ${userId} AND product_id = ${line.product_id}
          AND variant_id IS NOT DISTINCT FROM ${line.variant_id}::uuid AND gift_card IS NULL
          AND ${gift}::jsonb IS NULL)
      INSERT INTO cart_items (user_id, product_id, variant_id, quantity, gift_card)
      VALUES (${userId}, ${line.product_id}, ${line.variant_id}::uuid, LEAST(${line.quantity}::int, ${stock}::int),
        ${gift}::jsonb)
      ON CONFLICT (user_id, product_id, variant_id) WHERE gift_card IS NULL DO UPDATE
        SET quantity = LEAST(cart_items.quantity + excluded.quantity, ${stock}::int), updated_at = now()
      RETURNING quantity, COALESCE((SELECT quantity FROM prev), 0) AS previous`,
  );
  if (!row) throw new Error('cart upsert returned no row');
  return row;
}

/**
 * Merges a guest cart into the shopper's server cart in one transaction: quantities are added to
 * existing lines and capped by the stock; lines that cannot be sold are skipped and reported.
 */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  lines: GuestCartLine[],
): Promise<MergeCartResult> {
  return db.transaction(async (tx) => {
    const rows = await resolveGuestLines(tx, lines);
    const capped: CartLineProblem[] = [];
    const skipped: CartLineProblem[] = [];
    let merged = 0;
    for (const [index, line] of lines.entries()) {
      const row = rows.get(index);
      const problem =
        line.quantity < 1
          ? invalidQuantity
          : row
            ? (problemOf(row) ??
              giftCardLineProblem(Boolean(row.is_gift_card), Boolean(line.gift_card)) ??
              (stockOf(row) <= 0 ? outOfStock : null))
            : null;
      if (problem || !row) {
        skipped.push(lineProblem(index, line, problem ?? outOfStock));
        continue;
      }
      const stock = stockOf(row);
      const { previous, quantity } = await upsertLine(tx, userId, line, stock);
      merged++;
      if (quantity < previous + line.quantity) {
        capped.push(
          lineProblem(index, line, {
            code: 'capped',
            message: `Only ${stock} of ${row.product_name} in stock: quantity set to ${stock}`,
            name: row.product_name ?? undefined,
            stock,
          }),
        );
      }
    }
    return { cart: await getCart(tx, userId), merged, capped, skipped };
  });
}

/** Prices a guest cart (kept in the browser) without storing it; unsellable lines are reported. */
export async function previewGuestCart(db: Db, lines: GuestCartLine[]): Promise<GuestCartPreview> {
  const rows = await resolveGuestLines(db, lines);
  const items: GuestCartPreviewLine[] = [];
  const skipped: CartLineProblem[] = [];
  for (const [index, line] of lines.entries()) {
    const row = rows.get(index);
    // Pricing only: a gift card line's recipient is the browser's until it is merged or checked out.
    const problem = line.quantity < 1 ? invalidQuantity : row ? problemOf(row) : null;
    if (problem || !row) {
      skipped.push(
        lineProblem(index, line, problem ?? { code: 'product_not_found', message: 'Product not found' }),
      );
      continue;
    }
    items.push({ index, ...pricedFields(row) });
  }
  return { items, ...totals(items), skipped };
}
