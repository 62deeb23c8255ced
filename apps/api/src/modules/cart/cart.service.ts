import type {
  Cart,
  CartChange,
  CartLine,
  CartLineProblem,
  GuestCartLine,
  GuestCartPreview,
  GuestCartPreviewLine,
  MergeCartResult,
} from '@cartwheel/shared/contracts/cart';
import { unitPrice } from '@cartwheel/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { AppError, type ErrorKind } from '../../lib/errors.ts';

// Every cart rule is written down in docs/decisions/0007-cart-and-prices.md.

type Conn = Db | Tx;

/** A line to look up: a stored cart line or a guest line, with what the database says about it. */
interface LineRow {
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
}

/**
 * Looks up the product, variant, title and image of every line `source` yields. `source` is a
 * subquery with the columns (id, idx, product_id, variant_id, quantity, created_at).
 * The variant is joined by id alone, so a variant of another product is seen (and refused).
 */
function lineRows(db: Conn, source: SQL): Promise<LineRow[]> {
  return queryRows<LineRow>(
    db,
    sql`SELECT l.id, l.idx, l.product_id, l.variant_id, l.quantity, to_json(l.created_at) #>> '{}' AS created_at,
        p.name AS product_name, p.slug AS product_slug, p.sku AS product_sku,
        p.price AS product_price, p.sale_price AS product_sale_price, p.inventory_level AS product_stock,
        EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) AS has_variants,
        v.product_id AS variant_product_id, v.sku AS variant_sku, v.price AS variant_price,
        v.sale_price AS variant_sale_price, v.inventory_level AS variant_stock,
        (SELECT string_agg(ov.label, ' / ' ORDER BY o.sort_order, o.name)
          FROM variant_option_values vov
          JOIN product_option_values ov ON ov.id = vov.option_value_id
          JOIN product_options o ON o.id = ov.option_id
          WHERE vov.variant_id = v.id) AS variant_title,
        img.url AS image_url, img.alt_text AS image_alt
      FROM (${source}) l
      LEFT JOIN products p ON p.id = l.product_id AND p.is_visible AND p.deleted_at IS NULL
      LEFT JOIN product_variants v ON v.id = l.variant_id
      LEFT JOIN LATERAL (
        SELECT i.url, i.alt_text FROM product_images i WHERE i.product_id = p.id
        ORDER BY i.is_thumbnail DESC, i.sort_order, i.id LIMIT 1) img ON true
      ORDER BY l.created_at DESC NULLS LAST, l.idx, l.id DESC`,
  );
}

/** Guest lines as a subquery, in request order; `idx` is each line's position. */
function guestSource(lines: GuestCartLine[]): SQL {
  const json = JSON.stringify(lines.map((line, idx) => ({ idx, ...line })));
  return sql`SELECT NULL::uuid AS id, g.idx, g.product_id, g.variant_id, g.quantity, NULL::timestamptz AS created_at
    FROM jsonb_to_recordset(${json}::jsonb) AS g(idx int, product_id uuid, variant_id uuid, quantity int)`;
}

/** The signed-in shopper's stored lines; scoped to the user in the query itself. */
function userSource(userId: string): SQL {
  return sql`SELECT ci.id, NULL::int AS idx, ci.product_id, ci.variant_id, ci.quantity, ci.created_at
    FROM cart_items ci WHERE ci.user_id = ${userId}`;
}

type Problem = { kind: ErrorKind; code: string; message: string };

/** Why a line cannot be in a cart, or null when it can (the stock is checked separately). */
function problemOf(row: LineRow): Problem | null {
  if (row.product_name === null) {
    return { kind: 'not_found', code: 'product_not_found', message: 'Product not found' };
  }
  if (row.variant_id !== null) {
    if (row.variant_product_id === null) {
      return { kind: 'not_found', code: 'variant_not_found', message: 'Variant not found' };
    }
    if (row.variant_product_id !== row.product_id) {
      return {
        kind: 'invalid',
        code: 'variant_mismatch',
        message: 'The chosen variant does not belong to this product',
      };
    }
  } else if (row.has_variants) {
    return {
      kind: 'invalid',
      code: 'variant_required',
      message: 'Please choose the options of this product',
    };
  }
  return null;
}

const outOfStock: Problem = {
  kind: 'conflict',
  code: 'out_of_stock',
  message: 'This product is out of stock',
};

function stockOf(row: Pick<LineRow, 'variant_id' | 'variant_stock' | 'product_stock'>): number {
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
>;

/** The line as shown, priced with the one price rule from today's database prices. */
function pricedFields(row: ShownLine) {
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
    variant_title: row.variant_id !== null ? row.variant_title || null : null,
    sku: (row.variant_id !== null ? row.variant_sku : row.product_sku) ?? '',
    unit_price: unit,
    regular_price: (variant ?? product).price,
    quantity: row.quantity,
    line_total: unit * row.quantity,
    available: stockOf(row),
  };
}

function totals(lines: Array<{ quantity: number; line_total: number }>) {
  return {
    item_count: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotal: lines.reduce((sum, l) => sum + l.line_total, 0),
  };
}

const toIso = (value: string | null) => new Date(value ?? 0).toISOString();

/** A stored line that can be sold, as the cart statements return it (JSON built by the database). */
interface StoredLine extends ShownLine {
  id: string;
  created_at: string;
}

/**
 * The lines of `source` (a subquery with id, product_id, variant_id, quantity, created_at) whose
 * product is visible and not deleted, with what showing and pricing them needs, as one JSON array,
 * newest first. Lines whose product has since been hidden or deleted are left out (the storefront
 * cannot sell them).
 */
function storedLinesJson(source: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(x ORDER BY x.created_at DESC, x.id DESC), '[]'::json) FROM (
      SELECT l.id, l.product_id, l.variant_id, l.quantity, l.created_at,
        p.name AS product_name, p.slug AS product_slug, p.sku AS product_sku,
        p.price AS product_price, p.sale_price AS product_sale_price, p.inventory_level AS product_stock,
        v.sku AS variant_sku, v.price AS variant_price, v.sale_price AS variant_sale_price,
        v.inventory_level AS variant_stock,
        (SELECT string_agg(ov.label, ' / ' ORDER BY o.sort_order, o.name)
          FROM variant_option_values vov
          JOIN product_option_values ov ON ov.id = vov.option_value_id
          JOIN product_options o ON o.id = ov.option_id
          WHERE vov.variant_id = v.id) AS variant_title,
        img.url AS image_url, img.alt_text AS image_alt
      FROM (${source}) l
      JOIN products p ON p.id = l.product_id AND p.is_visible AND p.deleted_at IS NULL
      LEFT JOIN product_variants v ON v.id = l.variant_id
      LEFT JOIN LATERAL (
        SELECT i.url, i.alt_text FROM product_images i WHERE i.product_id = p.id
        ORDER BY i.is_thumbnail DESC, i.sort_order, i.id LIMIT 1) img ON true) x)`;
}

function cartOf(lines: StoredLine[]): Cart {
  const items: CartLine[] = lines.map((line) => ({
    id: line.id,
    ...pricedFields(line),
    created_at: toIso(line.created_at),
  }));
  return { items, ...totals(items) };
}

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

async function resolveGuestLines(db: Conn, lines: GuestCartLine[]): Promise<Map<number, LineRow>> {
  if (lines.length === 0) return new Map();
  const rows = await lineRows(db, guestSource(lines));
  return new Map(rows.map((row) => [row.idx as number, row]));
}

const lineProblem = (
  index: number,
  line: GuestCartLine,
  p: Pick<Problem, 'code' | 'message'>,
): CartLineProblem => ({
  index,
  product_id: line.product_id,
  variant_id: line.variant_id,
  code: p.code,
  message: p.message,
});

const invalidQuantity: Problem = {
  kind: 'invalid',
  code: 'invalid_quantity',
  message: 'Quantity must be at least 1',
};

function cappedMessage(stock: number, previous: number, quantity: number): string {
  if (quantity <= previous) return `Only ${stock} in stock, and all ${stock} are already in your cart`;
  return `Only ${stock} in stock: quantity set to ${stock}`;
}

/**
 * Adds units to the shopper's line for (product, variant) with one atomic upsert: the quantity
 * becomes LEAST(old + added, stock), so concurrent adds never lose an update nor pass the stock.
 */
async function upsertLine(
  db: Conn,
  userId: string,
  line: { product_id: string; variant_id: string | null; quantity: number },
  stock: number,
): Promise<{ previous: number; quantity: number }> {
  const [row] = await queryRows<{ previous: number; quantity: number }>(
    db,
    sql`WITH prev AS (
        SELECT quantity FROM cart_items
        WHERE user_id = ${userId} AND product_id = ${line.product_id}
          AND variant_id IS NOT DISTINCT FROM ${line.variant_id}::uuid)
      INSERT INTO cart_items (user_id, product_id, variant_id, quantity)
      VALUES (${userId}, ${line.product_id}, ${line.variant_id}::uuid, LEAST(${line.quantity}::int, ${stock}::int))
      ON CONFLICT ON CONSTRAINT cart_items_user_product_variant_key DO UPDATE
        SET quantity = LEAST(cart_items.quantity + excluded.quantity, ${stock}::int), updated_at = now()
      RETURNING quantity, COALESCE((SELECT quantity FROM prev), 0) AS previous`,
  );
  if (!row) throw new Error('cart upsert returned no row');
  return row;
}

interface AddRow {
  product_found: boolean;
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
  input: { product_id: string; variant_id: string | null; quantity: number },
): Promise<CartChange> {
  const productId = input.product_id;
  const variantId = input.variant_id;
  const [row] = await queryPrepared<AddRow>(
    db,
    sql`WITH target AS (
        SELECT p.id IS NOT NULL AS product_found, v.id IS NOT NULL AS variant_found,
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
          AND variant_id IS NOT DISTINCT FROM ${variantId}::uuid),
      up AS (
        INSERT INTO cart_items (user_id, product_id, variant_id, quantity)
        SELECT ${userId}::uuid, ${productId}::uuid, ${variantId}::uuid, LEAST(${input.quantity}::int, t.stock)
        FROM target t
        WHERE t.product_found AND t.stock > 0
          AND CASE WHEN ${variantId}::uuid IS NULL THEN NOT t.has_variants
            ELSE t.variant_matches END
        ON CONFLICT ON CONSTRAINT cart_items_user_product_variant_key DO UPDATE
          SET quantity = LEAST(cart_items.quantity + excluded.quantity, (SELECT stock FROM target)),
            updated_at = now()
        RETURNING id, product_id, variant_id, quantity, created_at),
      lines AS (
        SELECT id, product_id, variant_id, quantity, created_at FROM cart_items
        WHERE user_id = ${userId}::uuid AND id NOT IN (SELECT id FROM up)
        UNION ALL
        SELECT id, product_id, variant_id, quantity, created_at FROM up)
      SELECT t.product_found, t.variant_found, t.variant_matches, t.has_variants, t.stock,
        COALESCE((SELECT quantity FROM prev), 0) AS previous, (SELECT quantity FROM up) AS quantity,
        ${storedLinesJson(sql`SELECT * FROM lines`)} AS lines
      FROM target t`,
  );
  if (!row) throw new Error('cart upsert returned no row');
  const problem = addProblem(row, variantId);
  if (problem) throw new AppError(problem.kind, problem.code, problem.message);
  if (row.quantity === null) throw new Error('cart upsert wrote no line');
  const { previous, quantity, stock } = row;
  const capped = quantity < previous + input.quantity;
  return {
    cart: cartOf(row.lines),
    added: quantity - previous,
    capped,
    message: capped ? cappedMessage(stock, previous, quantity) : null,
  };
}

/** Why the line could not be added (the same rules and order as problemOf), or null. */
function addProblem(row: AddRow, variantId: string | null): Problem | null {
  if (!row.product_found)
    return { kind: 'not_found', code: 'product_not_found', message: 'Product not found' };
  if (variantId !== null) {
    if (!row.variant_found)
      return { kind: 'not_found', code: 'variant_not_found', message: 'Variant not found' };
    if (!row.variant_matches) {
      return {
        kind: 'invalid',
        code: 'variant_mismatch',
        message: 'The chosen variant does not belong to this product',
      };
    }
  } else if (row.has_variants) {
    return {
      kind: 'invalid',
      code: 'variant_required',
      message: 'Please choose the options of this product',
    };
  }
  return row.stock > 0 ? null : outOfStock;
}

const lineNotFound = () => new AppError('not_found', 'cart_item_not_found', 'Cart item not found');

/**
 * Sets a line's quantity, capped by the stock; 0 or less removes the line (spec section 4).
 * Another shopper's line id is a 404, as if it did not exist.
 */
export async function updateCartItem(
  db: Db,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<CartChange> {
  if (quantity <= 0) {
    const removed = await removeLine(db, userId, itemId);
    return { cart: await getCart(db, userId), added: -removed, capped: false, message: null };
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

/** Removes one of the shopper's lines; another shopper's line id is a 404. */
export async function removeCartItem(db: Db, userId: string, itemId: string): Promise<Cart> {
  await removeLine(db, userId, itemId);
  return getCart(db, userId);
}

/** Empties the shopper's cart. */
export async function clearCart(db: Db, userId: string): Promise<Cart> {
  await db.execute(sql`DELETE FROM cart_items WHERE user_id = ${userId}`);
  return { items: [], item_count: 0, subtotal: 0 };
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
            ? (problemOf(row) ?? (stockOf(row) <= 0 ? outOfStock : null))
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
