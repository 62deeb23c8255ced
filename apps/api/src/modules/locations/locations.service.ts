import type {
  ItemStock,
  StockLocation,
  StockLocationInput,
  StockMove,
} from '@cartwheel/shared/contracts/locations';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import type { StockLine } from '../checkout/stock.ts';

// Locations and what they hold (docs/decisions/0095-stock-locations.md).

type DbOrTx = Db | Tx;

export const locationNotFound = () => notFound('location_not_found', 'Location not found');

// A product with variants keeps a row of its own stock that nothing sells: left out of the sum.
const LOCATION_COLUMNS = sql`s.id, s.name, s.kind, s.address_line_1, s.address_line_2, s.city, s.state_province,
  s.postal_code, s.country, s.serves_online, s.active, s.is_default,
  COALESCE((SELECT sum(l.on_hand) FROM stock_levels l WHERE l.location_id = s.id
    AND (l.variant_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = l.product_id))), 0)::int
    AS on_hand,
  COALESCE((SELECT sum(tl.quantity) FROM stock_transfers t JOIN stock_transfer_lines tl ON tl.transfer_id = t.id
    WHERE t.destination_id = s.id AND t.status = 'in_transit'), 0)::int AS incoming`;

export async function listLocations(db: DbOrTx): Promise<StockLocation[]> {
  return queryRows<StockLocation>(
    db,
    sql`SELECT ${LOCATION_COLUMNS} FROM stock_locations s ORDER BY s.is_default DESC, s.active DESC, lower(s.name), s.id`,
  );
}

export async function getLocation(db: DbOrTx, id: string, lock = false): Promise<StockLocation> {
  const [row] = await queryRows<StockLocation>(
    db,
    sql`SELECT ${LOCATION_COLUMNS} FROM stock_locations s WHERE s.id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw locationNotFound();
  return row;
}

const nameTaken = () =>
  new AppError('conflict', 'location_name_taken', 'A location with this name already exists', [
    { field: 'body.name', message: 'A location with this name already exists' },
  ]);

function rethrowName(error: unknown): never {
  const pg = pgErrorInfo(error);
  if (pg?.code === '23505' && pg.constraint === 'stock_locations_name_key') throw nameTaken();
  throw error;
}

export async function createLocation(tx: Tx, input: StockLocationInput): Promise<StockLocation> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO stock_locations (name, kind, address_line_1, address_line_2, city, state_province, postal_code,
        country, serves_online, active)
      VALUES (${input.name}, ${input.kind}, ${input.address_line_1}, ${input.address_line_2}, ${input.city},
        ${input.state_province}, ${input.postal_code}, ${input.country}, ${input.serves_online}, ${input.active})
      RETURNING id`,
  ).catch(rethrowName);
  return getLocation(tx, row!.id);
}

/** Whether a location's stock counts in what the storefront sells. */
const sells = (l: { serves_online: boolean; active: boolean }) => l.serves_online && l.active;

/**
 * Replaces a location's details. When it starts or stops counting toward what the storefront sells,
 * every item it holds has its sellable total raised or lowered by what is there (totals locked in id
 * order, as checkout locks them; the levels do not move, so the follow trigger is told to stay still).
 */
export async function updateLocation(tx: Tx, id: string, input: StockLocationInput): Promise<StockLocation> {
  const before = await getLocation(tx, id, true);
  if (before.is_default && !(input.serves_online && input.active)) {
    throw new AppError(
      'invalid',
      'default_location_sells_online',
      'The default location must stay active and serve online orders',
      [{ field: 'body.serves_online', message: 'The default location serves online orders' }],
    );
  }
  await tx
    .execute(
      sql`UPDATE stock_locations SET name = ${input.name}, kind = ${input.kind}, address_line_1 = ${input.address_line_1},
        address_line_2 = ${input.address_line_2}, city = ${input.city}, state_province = ${input.state_province},
        postal_code = ${input.postal_code}, country = ${input.country}, serves_online = ${input.serves_online},
        active = ${input.active}, updated_at = now()
      WHERE id = ${id}::uuid`,
    )
    .catch(rethrowName);
  if (sells(before) !== sells(input)) await shiftTotals(tx, id, sells(input) ? 1 : -1);
  return getLocation(tx, id);
}

async function shiftTotals(tx: Tx, locationId: string, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`SELECT set_config('cartwheel.stock_sync', 'on', true)`);
  for (const [table, key] of [
    ['products', sql`l.product_id`],
    ['product_variants', sql`l.variant_id`],
  ] as const) {
    const only = table === 'products' ? sql`l.variant_id IS NULL` : sql`l.variant_id IS NOT NULL`;
    await tx.execute(
      sql`WITH locked AS (SELECT t.id FROM ${sql.identifier(table)} t
          JOIN stock_levels l ON ${key} = t.id AND l.location_id = ${locationId}::uuid AND ${only} AND l.on_hand > 0
          ORDER BY t.id FOR NO KEY UPDATE OF t)
        UPDATE ${sql.identifier(table)} t SET inventory_level = t.inventory_level + ${sign}::int * l.on_hand
        FROM stock_levels l WHERE ${key} = t.id AND l.location_id = ${locationId}::uuid AND ${only}
          AND t.id IN (SELECT id FROM locked)`,
    );
  }
  await tx.execute(sql`SELECT set_config('cartwheel.stock_sync', '', true)`);
}

/** An item named by variant or product: its product, variant and label, or a 4xx. */
export async function resolveItem(
  db: DbOrTx,
  ref: { variant_id: string | null; product_id: string | null },
  quantity = 0,
): Promise<StockLine> {
  if (ref.variant_id) {
    const [row] = await queryRows<{ product_id: string; label: string }>(
      db,
      sql`SELECT v.product_id, p.name || ' (' || coalesce(${variantTitleSql('v')}, v.sku) || ')' AS label
        FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ${ref.variant_id}::uuid`,
    );
    if (!row) throw notFound('variant_not_found', 'Variant not found');
    return { productId: row.product_id, variantId: ref.variant_id, quantity, label: row.label };
  }
  const [row] = await queryRows<{ name: string; has_variants: boolean }>(
    db,
    sql`SELECT p.name, EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) AS has_variants
      FROM products p WHERE p.id = ${ref.product_id}::uuid`,
  );
  if (!row) throw notFound('product_not_found', 'Product not found');
  if (row.has_variants) {
    throw new AppError('invalid', 'variant_required', 'This product has variants: choose one');
  }
  return { productId: ref.product_id!, variantId: null, quantity, label: row.name };
}

/** Each item of a product (its variants, or itself) with its stock at every location. */
export async function productStock(db: DbOrTx, productId: string): Promise<ItemStock[]> {
  const rows = await queryRows<ItemStock>(
    db,
    sql`WITH items AS (
        SELECT p.id AS product_id, v.id AS variant_id, coalesce(v.id, p.id) AS item,
          CASE WHEN v.id IS NULL THEN p.name ELSE p.name || ' (' || coalesce(${variantTitleSql('v')}, v.sku) || ')' END
            AS label,
          coalesce(v.sku, p.sku) AS sku, coalesce(v.inventory_level, p.inventory_level) AS sellable,
          v.created_at AS position
        FROM products p LEFT JOIN product_variants v ON v.product_id = p.id WHERE p.id = ${productId}::uuid)
      SELECT i.product_id, i.variant_id, i.label, i.sku, i.sellable,
        (SELECT COALESCE(json_agg(json_build_object('location_id', s.id, 'location_name', s.name,
            'on_hand', COALESCE(l.on_hand, 0),
            'incoming', COALESCE((SELECT sum(tl.quantity) FROM stock_transfers t
              JOIN stock_transfer_lines tl ON tl.transfer_id = t.id
              WHERE t.destination_id = s.id AND t.status = 'in_transit'
                AND coalesce(tl.variant_id, tl.product_id) = i.item), 0))
            ORDER BY s.is_default DESC, lower(s.name)), '[]'::json)
          FROM stock_locations s LEFT JOIN stock_levels l ON l.location_id = s.id
            AND coalesce(l.variant_id, l.product_id) = i.item
          WHERE s.active OR l.on_hand > 0) AS locations
      FROM items i ORDER BY i.position NULLS FIRST, i.label`,
  );
  if (rows.length === 0) throw notFound('product_not_found', 'Product not found');
  return rows;
}

/** The latest moves, newest first, of an item, a location or the whole shop. */
export async function stockHistory(
  db: DbOrTx,
  q: {
    variant_id?: string | undefined;
    product_id?: string | undefined;
    location_id?: string | undefined;
    limit: number;
  },
): Promise<StockMove[]> {
  const item = q.variant_id ?? q.product_id ?? null;
  return queryRows<StockMove>(
    db,
    sql`SELECT m.id, m.location_id, s.name AS location_name, m.delta, m.on_hand, m.reason, m.reference_id,
        NULLIF(coalesce(NULLIF(u.name, ''), u.email), '') AS staff_name,
        to_json(m.created_at) #>> '{}' AS created_at
      FROM stock_moves m JOIN stock_locations s ON s.id = m.location_id LEFT JOIN users u ON u.id = m.staff_id
      WHERE (${item}::uuid IS NULL OR coalesce(m.variant_id, m.product_id) = ${item}::uuid
          OR (${q.variant_id ?? null}::uuid IS NULL AND m.product_id = ${item}::uuid))
        AND (${q.location_id ?? null}::uuid IS NULL OR m.location_id = ${q.location_id ?? null}::uuid)
      ORDER BY m.seq DESC LIMIT ${q.limit}::int`,
  );
}
