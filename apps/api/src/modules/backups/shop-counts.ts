/** Runs one SQL text and returns its rows: PGlite's `query` or postgres.js's `unsafe`. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * What a backup must carry over, as counts and sums a restore compares: orders and their money,
 * customers, stock of products and variants, uploads aside.
 */
export interface ShopCounts {
  orders: number;
  order_total: number;
  order_items: number;
  customers: number;
  products: number;
  product_stock: number;
  variant_stock: number;
  refunds: number;
  audit_log: number;
}

const COUNTS_SQL = `SELECT
  (SELECT count(*) FROM orders) AS orders,
  (SELECT COALESCE(sum(total_amount), 0) FROM orders) AS order_total,
  (SELECT count(*) FROM order_items) AS order_items,
  (SELECT count(*) FROM profiles WHERE role = 'customer') AS customers,
  (SELECT count(*) FROM products) AS products,
  (SELECT COALESCE(sum(inventory_level), 0) FROM products) AS product_stock,
  (SELECT COALESCE(sum(inventory_level), 0) FROM product_variants) AS variant_stock,
  (SELECT count(*) FROM refunds) AS refunds,
  (SELECT count(*) FROM audit_log) AS audit_log`;

/** The counts of the database `run` reads, in one statement (one snapshot). */
export async function shopCounts(run: RunSql): Promise<ShopCounts> {
  const [row] = await run(COUNTS_SQL);
  return Object.fromEntries(
    Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]),
  ) as unknown as ShopCounts;
}

/** The names whose counts differ, as "orders: 12 in the backup, 11 restored". */
export function countDifferences(expected: ShopCounts, actual: ShopCounts): string[] {
  return (Object.keys(expected) as (keyof ShopCounts)[])
    .filter((key) => expected[key] !== actual[key])
    .map((key) => `${key}: ${expected[key]} in the backup, ${actual[key]} restored`);
}
