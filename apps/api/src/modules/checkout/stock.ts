import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows, type Tx } from '../../db/client.ts';

// Stock moves for checkout (docs/decisions/0009-checkout-and-payments.md). Every take is a conditional
// update (never below zero), and rows are locked in one global order (products before variants, each
// by id) so two checkouts that share items lock them in the same order and never deadlock. A move of
// one row is a single UPDATE, which can be part of a larger statement (checkout, cancellation); a move
// of several rows first locks them all with SELECT ... ORDER BY id FOR NO KEY UPDATE (rows are locked in
// the sorted order), inside the caller's transaction, and then moves them in one statement. NO KEY, the
// lock an UPDATE of the level takes anyway: FOR UPDATE would also wait for the share locks of foreign
// keys (a transfer's or an order's lines being written, in their own order) and could deadlock with them.

/** One stock row to take from or give back to: a variant when the line has one, else the product. */
export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
  /** For messages: "Only 2 left of {label}". */
  label: string;
}

export type ReserveResult =
  | { ok: true }
  | { ok: false; reason: 'insufficient_inventory'; line: StockLine; available: number };

type StockTable = 'products' | 'product_variants';
const TABLES: StockTable[] = ['products', 'product_variants'];

/** The units to move on one row, and the first line that asked for it (for messages). */
export interface StockRow {
  table: StockTable;
  id: string;
  quantity: number;
  line: StockLine;
}

/** Lines grouped into rows (two lines on one row add up), in the global lock order. */
export function stockRows(lines: StockLine[]): StockRow[] {
  const rows = new Map<string, StockRow>();
  for (const line of lines) {
    const [table, id]: [StockTable, string] =
      line.variantId === null ? ['products', line.productId] : ['product_variants', line.variantId];
    // A product line whose product is gone has nothing to move.
    if (!id) continue;
    const key = `${table === 'products' ? 0 : 1}:${id}`;
    const row = rows.get(key);
    if (row) row.quantity += line.quantity;
    else rows.set(key, { table, id, quantity: line.quantity, line });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

const ofTable = (rows: StockRow[], table: StockTable) => rows.filter((r) => r.table === table);
const keyOf = (table: StockTable, id: string) => `${table}:${id}`;
/** One array parameter as a PostgreSQL array literal (ids and integers only; cast it in the SQL). */
const arrayParam = (values: Array<string | number>) => `{${values.join(',')}}`;

/**
 * Locks the rows in the global order and returns their levels (products first, then variants; each
 * SELECT locks in its ORDER BY). Needed, inside a transaction, before a move of more than one row.
 */
export async function lockStockRows(tx: Db | Tx, rows: StockRow[]): Promise<Map<string, number>> {
  const levels = new Map<string, number>();
  for (const table of TABLES) {
    const ids = ofTable(rows, table).map((r) => r.id);
    if (ids.length === 0) continue;
    const locked = await queryPrepared<{ id: string; level: number }>(
      tx,
      sql`SELECT id, inventory_level AS level FROM ${sql.identifier(table)}
        WHERE id = ANY(${arrayParam(ids)}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    );
    for (const row of locked) levels.set(keyOf(table, row.id), row.level);
  }
  return levels;
}

/**
 * A move as common table expressions, for one statement: `ctes` (to put after WITH) update every row
 * by `sign` x quantity, and `moved` counts the rows updated. Taking (sign -1) only updates a row that
 * has enough: never lets stock go negative under concurrent checkouts; the row lock makes the others
 * wait and then re-check the condition against the new level. `onlyIf` gates the whole move.
 * Rows of one table only are one UPDATE; more than one row must be locked first (lockStockRows).
 */
export function stockMove(
  rows: StockRow[],
  sign: 1 | -1,
  onlyIf?: SQL,
): { ctes: SQL; moved: SQL; crossedWarning: SQL } | null {
  const parts = TABLES.map((table) => ({ table, rows: ofTable(rows, table) }))
    .filter((part) => part.rows.length > 0)
    .map(({ table, rows: tableRows }, i) => ({
      name: sql.raw(`stock_move_${i}`),
      cte: sql`${sql.raw(`stock_move_${i}`)} AS (
          UPDATE ${sql.identifier(table)} t SET inventory_level = t.inventory_level + ${sign}::int * x.q
          FROM unnest(${arrayParam(tableRows.map((r) => r.id))}::uuid[],
            ${arrayParam(tableRows.map((r) => r.quantity))}::int[]) AS x(id, q)
          WHERE t.id = x.id ${sign < 0 ? sql`AND t.inventory_level >= x.q` : sql``}
            ${onlyIf ? sql`AND ${onlyIf}` : sql``}
          RETURNING t.id, t.inventory_level, t.inventory_warning_level, x.q)`,
    }));
  if (parts.length === 0) return null;
  return {
    ctes: sql.join(
      parts.map((p) => p.cte),
      sql`, `,
    ),
    moved: sql`(${sql.join(
      parts.map((p) => sql`(SELECT count(*) FROM ${p.name})`),
      sql` + `,
    )})::int`,
    // Rows a take brought down to their warning level or below (they were above it before).
    crossedWarning: sql`(${sql.join(
      parts.map(
        (p) => sql`(SELECT count(*) FROM ${p.name} m WHERE m.inventory_level <= m.inventory_warning_level
          AND m.inventory_level + m.q > m.inventory_warning_level)`,
      ),
      sql` + `,
    )})::int`,
  };
}

/** The first row (in lock order) there is not enough of, given the levels; null when all fit. */
function shortOf(rows: StockRow[], levels: Map<string, number>): ReserveResult | null {
  const short = rows.find((r) => (levels.get(keyOf(r.table, r.id)) ?? 0) < r.quantity);
  if (!short) return null;
  const available = Math.max(0, levels.get(keyOf(short.table, short.id)) ?? 0);
  return { ok: false, reason: 'insufficient_inventory', line: short.line, available };
}

/** Says which row a take that did not move every row fell short on, from the levels as they are now. */
export async function shortage(db: Db | Tx, rows: StockRow[]): Promise<ReserveResult & { ok: false }> {
  const levels = new Map<string, number>();
  for (const table of TABLES) {
    const ids = ofTable(rows, table).map((r) => r.id);
    if (ids.length === 0) continue;
    const found = await queryRows<{ id: string; level: number }>(
      db,
      sql`SELECT id, inventory_level AS level FROM ${sql.identifier(table)} WHERE id = ANY(${arrayParam(ids)}::uuid[])`,
    );
    for (const row of found) levels.set(keyOf(table, row.id), row.level);
  }
  const short = shortOf(rows, levels);
  if (short && !short.ok) return short;
  // Enough now (a concurrent checkout was released meanwhile): report the first row as it was taken.
  const first = rows[0]!;
  return {
    ok: false,
    reason: 'insufficient_inventory',
    line: first.line,
    available: Math.max(0, levels.get(keyOf(first.table, first.id)) ?? 0),
  };
}

/**
 * Locks the rows of a move of more than one row, in the global order, and reports a row there is not
 * enough of; null when the move may go ahead (always for a move of one row: its UPDATE decides).
 */
export async function prepareTake(tx: Db | Tx, rows: StockRow[]): Promise<ReserveResult | null> {
  if (rows.length <= 1) return null;
  return shortOf(rows, await lockStockRows(tx, rows));
}

/**
 * Takes the stock of every line, or reports the first line (in lock order) there is not enough of.
 * On failure the caller must roll back its transaction (nothing is given back here).
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<ReserveResult> {
  const rows = stockRows(lines);
  const short = await prepareTake(tx, rows);
  if (short) return short;
  const move = stockMove(rows, -1);
  if (!move) return { ok: true };
  const [taken] = await queryPrepared<{ moved: number }>(
    tx,
    sql`WITH ${move.ctes} SELECT ${move.moved} AS moved`,
  );
  if (taken?.moved === rows.length) return { ok: true };
  return shortage(tx, rows);
}

/** "Only 2 left of Linen Shirt (Navy / M)", or "... is out of stock" when none is left. */
export function insufficientMessage(label: string, available: number): string {
  return available > 0 ? `Only ${available} left of ${label}` : `${label} is out of stock`;
}

export interface OrderStockRow {
  product_id: string | null;
  variant_id: string | null;
  product_name: string;
  variant_title: string | null;
  quantity: number;
}

/**
 * The stock lines of the order `orderId` (an SQL expression) as a JSON array, from its snapshot. A line
 * whose variant was deleted since (variant_id set null) is not given to the product: product lines
 * snapshot the product's own SKU, variant lines the variant's.
 */
export function orderStockLinesJson(orderId: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('product_id', i.product_id, 'variant_id', i.variant_id,
        'product_name', i.product_name, 'variant_title', i.variant_title, 'quantity', i.quantity)), '[]'::json)
      FROM order_items i
      LEFT JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ${orderId}
        AND (i.variant_id IS NOT NULL OR (i.product_id IS NOT NULL AND p.sku = i.product_sku)))`;
}

export function toStockLines(rows: OrderStockRow[]): StockLine[] {
  return rows.map((r) => ({
    productId: r.product_id ?? '',
    variantId: r.variant_id,
    quantity: r.quantity,
    label: r.variant_title ? `${r.product_name} (${r.variant_title})` : r.product_name,
  }));
}

/** The stock lines an order holds, from its snapshot. */
export async function orderStockLines(db: Db | Tx, orderId: string): Promise<StockLine[]> {
  const [row] = await queryPrepared<{ lines: OrderStockRow[] }>(
    db,
    sql`SELECT ${orderStockLinesJson(sql`${orderId}::uuid`)} AS lines`,
  );
  return toStockLines(row?.lines ?? []);
}

/** Gives the stock of these lines back (an expired or cancelled checkout). */
export async function restoreStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const rows = stockRows(lines);
  if (rows.length > 1) await lockStockRows(tx, rows);
  const move = stockMove(rows, 1);
  if (move) await queryPrepared(tx, sql`WITH ${move.ctes} SELECT ${move.moved} AS moved`);
}
