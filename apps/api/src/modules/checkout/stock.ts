import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

// Stock moves for checkout (docs/decisions/0009-checkout-and-payments.md). Every move is a conditional
// update on one row, taken in one global order (products before variants, each by id) so two
// checkouts that share items lock them in the same order and never deadlock.

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

const lockOrder = (a: StockLine, b: StockLine) => {
  const ka = a.variantId === null ? `0:${a.productId}` : `1:${a.variantId}`;
  const kb = b.variantId === null ? `0:${b.productId}` : `1:${b.variantId}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/**
 * Takes the stock of every line, or reports the first line there is not enough of. On failure the
 * caller must roll back its transaction (lines taken before the failing one are not given back here).
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<ReserveResult> {
  for (const line of [...lines].sort(lockOrder)) {
    // Conditional update: never lets stock go negative under concurrent checkouts; the row lock it
    // takes makes the others wait and then re-check the condition against the new level.
    const taken =
      line.variantId === null
        ? await queryRows<{ id: string }>(
            tx,
            sql`UPDATE products SET inventory_level = inventory_level - ${line.quantity}
              WHERE id = ${line.productId} AND inventory_level >= ${line.quantity} RETURNING id`,
          )
        : await queryRows<{ id: string }>(
            tx,
            sql`UPDATE product_variants SET inventory_level = inventory_level - ${line.quantity}
              WHERE id = ${line.variantId} AND inventory_level >= ${line.quantity} RETURNING id`,
          );
    if (taken.length === 0) {
      const [row] =
        line.variantId === null
          ? await queryRows<{ level: number }>(
              tx,
              sql`SELECT inventory_level AS level FROM products WHERE id = ${line.productId}`,
            )
          : await queryRows<{ level: number }>(
              tx,
              sql`SELECT inventory_level AS level FROM product_variants WHERE id = ${line.variantId}`,
            );
      return { ok: false, reason: 'insufficient_inventory', line, available: Math.max(0, row?.level ?? 0) };
    }
  }
  return { ok: true };
}

/** "Only 2 left of Linen Shirt (Navy / M)", or "... is out of stock" when none is left. */
export function insufficientMessage(label: string, available: number): string {
  return available > 0 ? `Only ${available} left of ${label}` : `${label} is out of stock`;
}

interface OrderStockRow {
  product_id: string | null;
  variant_id: string | null;
  product_sku: string;
  product_name: string;
  variant_title: string | null;
  quantity: number;
}

/** The stock lines an order holds, from its snapshot. */
export async function orderStockLines(tx: Tx, orderId: string): Promise<StockLine[]> {
  const rows = await queryRows<OrderStockRow>(
    tx,
    sql`SELECT i.product_id, i.variant_id, i.product_sku, i.product_name, i.variant_title, i.quantity
      FROM order_items i
      -- A line whose variant was deleted since (variant_id set null) must not be given to the product:
      -- product lines snapshot the product's own SKU, variant lines the variant's.
      LEFT JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ${orderId}
        AND (i.variant_id IS NOT NULL OR (i.product_id IS NOT NULL AND p.sku = i.product_sku))`,
  );
  return rows.map((r) => ({
    productId: r.product_id ?? '',
    variantId: r.variant_id,
    quantity: r.quantity,
    label: r.variant_title ? `${r.product_name} (${r.variant_title})` : r.product_name,
  }));
}

/** Gives the stock of these lines back (an expired or cancelled checkout). */
export async function restoreStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort(lockOrder)) {
    if (line.variantId === null) {
      await tx.execute(
        sql`UPDATE products SET inventory_level = inventory_level + ${line.quantity} WHERE id = ${line.productId}`,
      );
    } else {
      await tx.execute(
        sql`UPDATE product_variants SET inventory_level = inventory_level + ${line.quantity} WHERE id = ${line.variantId}`,
      );
    }
  }
}
