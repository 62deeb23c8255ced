import { randomBytes } from 'node:crypto';
import { MAX_WISHLIST_ITEMS, type WishlistItem } from '@cartwheel/shared/contracts/wishlist';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type LineRow, lineRows, pricedFields, problemOf } from '../cart/cart-lines.ts';

type Conn = Db | Tx;
type Item = { product_id: string; variant_id: string | null };

// A wishlist is read like a cart of one of each: the cart's line lookup and price rule, so a saved
// item shows the same price, image and stock the cart would.

const itemsSource = (where: SQL) =>
  sql`SELECT wi.id, NULL::int AS idx, wi.product_id, wi.variant_id, 1 AS quantity, wi.created_at
    FROM wishlist_items wi JOIN wishlists w ON w.id = wi.wishlist_id WHERE ${where}`;

/** Items sent by the browser as a line source, by position (`idx`). */
const guestSource = (items: Item[]) =>
  sql`SELECT NULL::uuid AS id, x.idx::int AS idx, x.product_id, x.variant_id, 1 AS quantity,
      NULL::timestamptz AS created_at
    FROM jsonb_to_recordset(${JSON.stringify(items.map((item, idx) => ({ ...item, idx })))}::jsonb)
      AS x(idx int, product_id uuid, variant_id uuid)`;

/** A row the storefront can show: its product visible, its variant (if any) the product's. */
const showable = (row: LineRow) => {
  const problem = problemOf(row);
  return row.product_name !== null && (problem === null || problem.code === 'variant_required');
};

/** The items as shown, without their ids (a guest's list, a shared one). */
function shownItems(rows: LineRow[]) {
  return rows.filter(showable).map((row) => {
    const { quantity: _q, line_total: _t, sku: _s, ...fields } = pricedFields(row);
    return { ...fields, needs_options: row.variant_id === null && Boolean(row.has_variants) };
  });
}

function shown(rows: LineRow[]): WishlistItem[] {
  const kept = rows.filter(showable);
  return shownItems(kept).map((item, i) => ({
    ...item,
    id: kept[i]!.id!,
    created_at: new Date(kept[i]!.created_at ?? 0).toISOString(),
  }));
}

/** The shopper's list, newest first; products since hidden or deleted are left out. */
export async function getWishlist(db: Conn, userId: string) {
  const [list] = await queryRows<{ share_token: string }>(
    db,
    sql`SELECT share_token FROM wishlists WHERE user_id = ${userId}`,
  );
  const rows = list ? await lineRows(db, itemsSource(sql`w.user_id = ${userId}`)) : [];
  return { items: shown(rows), share_token: list?.share_token ?? null };
}

/** The read-only list a share token opens, or a 404 for a token that opens none. */
export async function getSharedWishlist(db: Conn, token: string) {
  const rows = await lineRows(db, itemsSource(sql`w.share_token = ${token}`));
  if (!rows.length) {
    const [exists] = await queryRows(db, sql`SELECT 1 FROM wishlists WHERE share_token = ${token}`);
    if (!exists) throw new AppError('not_found', 'wishlist_not_found', 'Wishlist not found');
  }
  return { items: shownItems(rows) };
}

/** A guest's list priced and shown like a saved one; items that cannot be shown are left out. */
export async function previewWishlist(db: Conn, items: Item[]) {
  const rows = await lineRows(db, guestSource(items));
  return { items: shownItems(rows) };
}

/** 128 random bits, base64url: a link nobody can guess or count through. */
const newShareToken = () => randomBytes(16).toString('base64url');

async function wishlistId(tx: Tx, userId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO wishlists (user_id, share_token) VALUES (${userId}, ${newShareToken()})
      ON CONFLICT (user_id) DO UPDATE SET user_id = excluded.user_id RETURNING id`,
  );
  return row!.id;
}

/** Why an item cannot be saved (unknown or hidden product, a variant of another product), or null. */
async function refusal(tx: Tx, items: Item[]): Promise<Array<AppError | null>> {
  const rows = new Map((await lineRows(tx, guestSource(items))).map((row) => [row.idx, row]));
  return items.map((_, idx) => {
    const row = rows.get(idx);
    const problem = row ? problemOf(row) : null;
    if (!row || !problem || problem.code === 'variant_required') return null;
    return new AppError(problem.kind, problem.code, problem.message);
  });
}

async function insertItems(tx: Tx, id: string, items: Item[]) {
  await tx.execute(
    sql`INSERT INTO wishlist_items (wishlist_id, product_id, variant_id)
      SELECT ${id}, x.product_id, x.variant_id
      FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x(product_id uuid, variant_id uuid)
      ON CONFLICT ON CONSTRAINT wishlist_items_item_key DO NOTHING`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM wishlist_items WHERE wishlist_id = ${id}`,
  );
  if ((count?.n ?? 0) > MAX_WISHLIST_ITEMS) {
    throw new AppError('conflict', 'wishlist_full', `A wishlist holds at most ${MAX_WISHLIST_ITEMS} items`);
  }
}

/** Saves a product (and variant) to the shopper's list; saving it again changes nothing. */
export async function addWishlistItem(db: Db, userId: string, item: Item) {
  await db.transaction(async (tx) => {
    const [problem] = await refusal(tx, [item]);
    if (problem) throw problem;
    await insertItems(tx, await wishlistId(tx, userId), [item]);
  });
  return getWishlist(db, userId);
}

/** Removes one item of the shopper's own list (another shopper's item id is a 404). */
export async function removeWishlistItem(db: Db, userId: string, itemId: string) {
  const removed = await queryRows(
    db,
    sql`DELETE FROM wishlist_items wi USING wishlists w
      WHERE wi.id = ${itemId} AND w.id = wi.wishlist_id AND w.user_id = ${userId} RETURNING wi.id`,
  );
  if (!removed.length) throw new AppError('not_found', 'wishlist_item_not_found', 'Wishlist item not found');
  return getWishlist(db, userId);
}

/**
 * Adds a guest's list (kept in the browser) to the shopper's at sign-in, in one transaction: items
 * already saved stay as they are, and items that cannot be saved are left out and counted.
 */
export async function mergeWishlist(db: Db, userId: string, items: Item[]) {
  const skipped = await db.transaction(async (tx) => {
    const problems = await refusal(tx, items);
    const saved = items.filter((_, i) => !problems[i]);
    if (saved.length) await insertItems(tx, await wishlistId(tx, userId), saved);
    return items.length - saved.length;
  });
  return { ...(await getWishlist(db, userId)), skipped };
}
