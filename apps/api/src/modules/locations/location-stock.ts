import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockStockRows, type StockLine, stockRows } from '../checkout/stock.ts';
import { type StockContext, setStockContext } from '../checkout/stock-context.ts';

// Moves at one named location (a transfer, a count, a Point of Sale sale, a restock to a chosen place).
// The items' sellable totals are locked first, in checkout's global order, so these moves and
// concurrent checkouts queue on the same rows; the stock_levels trigger then records the move and
// moves the total when the location serves online orders (docs/decisions/0095-stock-locations.md).

const arrayParam = (values: Array<string | number>) => `{${values.join(',')}}`;

/** The first item the location has too little of, and how many it has. */
export interface LocationShortage {
  line: StockLine;
  available: number;
}

/**
 * Takes (sign -1) or puts (sign +1) the lines' units at the location. A take moves every line or
 * reports the first short one: the caller must then roll its transaction back.
 */
export async function moveAtLocation(
  tx: Tx,
  locationId: string,
  lines: StockLine[],
  sign: 1 | -1,
  context: StockContext,
): Promise<LocationShortage | null> {
  const rows = stockRows(lines);
  if (rows.length === 0) return null;
  await setStockContext(tx, context);
  await lockStockRows(tx, rows);
  const items = arrayParam(rows.map((r) => r.id));
  const quantities = arrayParam(rows.map((r) => r.quantity));
  const products = arrayParam(rows.map((r) => r.line.productId));
  const variants = arrayParam(rows.map((r) => (r.table === 'product_variants' ? r.id : 'NULL')));
  if (sign > 0) {
    await queryPrepared(
      tx,
      sql`INSERT INTO stock_levels (location_id, product_id, variant_id, on_hand)
        SELECT ${locationId}::uuid, x.p, x.v, x.q
        FROM unnest(${products}::uuid[], ${variants}::uuid[], ${quantities}::int[]) AS x(p, v, q)
        ORDER BY coalesce(x.v, x.p)
        ON CONFLICT (location_id, coalesce(variant_id, product_id))
        DO UPDATE SET on_hand = stock_levels.on_hand + EXCLUDED.on_hand, updated_at = now()`,
    );
    return null;
  }
  const moved = await queryPrepared<{ item: string }>(
    tx,
    sql`UPDATE stock_levels l SET on_hand = l.on_hand - x.q, updated_at = now()
      FROM unnest(${items}::uuid[], ${quantities}::int[]) AS x(item, q)
      WHERE l.location_id = ${locationId}::uuid AND coalesce(l.variant_id, l.product_id) = x.item AND l.on_hand >= x.q
      RETURNING x.item`,
  );
  if (moved.length === rows.length) return null;
  const done = new Set(moved.map((m) => m.item));
  const short = rows.find((r) => !done.has(r.id))!;
  const [level] = await queryRows<{ on_hand: number }>(
    tx,
    sql`SELECT on_hand FROM stock_levels
      WHERE location_id = ${locationId}::uuid AND coalesce(variant_id, product_id) = ${short.id}::uuid`,
  );
  return { line: short.line, available: level?.on_hand ?? 0 };
}

/** The 409 for a take a location cannot cover. */
export function locationShort(short: LocationShortage, locationName: string): AppError {
  const { line, available } = short;
  return new AppError(
    'conflict',
    'insufficient_inventory',
    available > 0
      ? `Only ${available} of ${line.label} at ${locationName}`
      : `${line.label} is out of stock at ${locationName}`,
  );
}

/** A count: sets what is on hand of one item at the location (the difference is the move). */
export async function countAtLocation(
  tx: Tx,
  locationId: string,
  line: StockLine,
  onHand: number,
  staffId: string | null,
) {
  const rows = stockRows([line]);
  await setStockContext(tx, { reason: 'count', staffId });
  await lockStockRows(tx, rows);
  await queryPrepared(
    tx,
    sql`INSERT INTO stock_levels (location_id, product_id, variant_id, on_hand)
      VALUES (${locationId}::uuid, ${line.productId}::uuid, ${line.variantId}::uuid, ${onHand}::int)
      ON CONFLICT (location_id, coalesce(variant_id, product_id))
      DO UPDATE SET on_hand = EXCLUDED.on_hand, updated_at = now()`,
  );
}

/** Where an order's units were taken from: location → units, most first. */
export async function allocationOf(
  tx: Tx,
  orderId: string,
): Promise<Array<{ location_id: string; units: number }>> {
  return queryRows(
    tx,
    sql`SELECT location_id, (-sum(delta))::int AS units FROM stock_moves WHERE reference_id = ${orderId}::uuid
      GROUP BY location_id HAVING sum(delta) < 0 ORDER BY sum(delta), min(seq), location_id`,
  );
}

/** What is on hand of an item (variant or product id) at a location. */
export async function onHandAt(tx: Tx, locationId: string, item: string): Promise<number> {
  const [row] = await queryRows<{ on_hand: number }>(
    tx,
    sql`SELECT on_hand FROM stock_levels WHERE location_id = ${locationId}::uuid AND coalesce(variant_id, product_id) = ${item}::uuid`,
  );
  return row?.on_hand ?? 0;
}

/**
 * Ships an order's units from `locationId` rather than where the order took them from: the units
 * allocated elsewhere leave this location and go back to the locations that gave them (a 409-worthy
 * shortage is reported when it has too few; the caller rolls back).
 */
export async function shipFrom(
  tx: Tx,
  orderId: string,
  locationId: string,
  lines: StockLine[],
  staffId: string | null,
): Promise<LocationShortage | null> {
  const owed = await queryRows<{ item: string; location_id: string; units: number }>(
    tx,
    sql`SELECT coalesce(variant_id, product_id) AS item, location_id, (-sum(delta))::int AS units FROM stock_moves
      WHERE reference_id = ${orderId}::uuid AND location_id <> ${locationId}::uuid
      GROUP BY 1, 2 HAVING sum(delta) < 0 ORDER BY min(seq), location_id`,
  );
  const take: StockLine[] = [];
  const back = new Map<string, StockLine[]>();
  for (const line of lines) {
    let left = line.quantity;
    for (const o of owed.filter((row) => row.item === (line.variantId ?? line.productId))) {
      const units = Math.min(left, o.units);
      if (units <= 0) break;
      o.units -= units;
      left -= units;
      back.set(o.location_id, [...(back.get(o.location_id) ?? []), { ...line, quantity: units }]);
    }
    if (line.quantity - left > 0) take.push({ ...line, quantity: line.quantity - left });
  }
  if (!take.length) return null;
  const context = { reason: 'fulfilment' as const, ref: orderId, staffId };
  const short = await moveAtLocation(tx, locationId, take, -1, context);
  if (short) return short;
  for (const [location, given] of back) await moveAtLocation(tx, location, given, 1, context);
  return null;
}
