import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

// Migration 0066 (decision 0070): a shop that sold in euros before it had its rollups counted the
// euros as dollars; after it, they hold the base amounts, as the new triggers would have written them.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag` (the journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(path, JSON.stringify(journal));
  return dir;
}

describe('migration 0066 (analytics in the base currency)', () => {
  it("rebuilds the day, product and category rollups and each counted refund's base amount", async () => {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0066_analytics_base_currency') });
    // A euro order of two mugs at 14,00 € (30.43 dollars at 0.92), shipping 4,60 € (5.00), refunded a
    // mug and the shipping (16,60 €); and a dollar order without base amounts.
    await client.exec(`
      INSERT INTO categories (id, name, slug) VALUES ('00000000-0000-4000-8000-0000000000c1', 'Mugs', 'mugs');
      INSERT INTO products (id, name, sku, slug, price) VALUES
        ('00000000-0000-4000-8000-0000000000a1', 'Mug', 'MUG', 'mug', 1500);
      INSERT INTO product_categories (product_id, category_id)
        VALUES ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000c1');
      INSERT INTO orders (id, status, payment_status, currency, exchange_rate, subtotal_amount, shipping_amount,
          total_amount, base_subtotal_amount, base_discount_amount, base_shipping_amount, base_tax_amount,
          base_total_amount, created_at)
        VALUES ('00000000-0000-4000-8000-0000000000e1', 'processing', 'paid', 'EUR', 0.92, 2800, 460, 3260,
          3043, 0, 500, 0, 3543, '2026-05-10T12:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e2', 'processing', 'paid', 'USD', 1, 1500, 0, 1500,
          NULL, NULL, NULL, NULL, NULL, '2026-05-10T13:00:00Z');
      INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_per_item, total_amount)
        VALUES ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000a1', 'Mug', 'MUG', 2, 1400, 2800),
          ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000a1', 'Mug', 'MUG', 1, 1500, 1500);
      INSERT INTO refunds (order_id, status, amount, currency, shipping_amount, reason, provider, succeeded_at)
        VALUES ('00000000-0000-4000-8000-0000000000e1', 'succeeded', 1860, 'EUR', 460, 'Broken', 'local',
          '2026-05-11T09:00:00Z');
    `);
    const figures = async () =>
      (
        await client.query(
          `SELECT (SELECT sum(subtotal_amount)::int FROM order_sales_daily WHERE day = '2026-05-10') AS subtotal,
            (SELECT sum(shipping_amount)::int FROM order_sales_daily WHERE day = '2026-05-10') AS shipping,
            (SELECT sum(refunded_amount)::int FROM order_sales_daily WHERE day = '2026-05-11') AS refunded,
            (SELECT net_sales::int FROM order_product_sales WHERE grain = 'month') AS product,
            (SELECT net_sales::int FROM order_category_sales WHERE grain = 'month') AS category,
            (SELECT bound::int FROM product_sales_bounds) AS bound`,
        )
      ).rows[0];
    // As an upgrading shop has them: the euros added as dollars.
    expect(await figures()).toEqual({
      subtotal: 2800 + 1500,
      shipping: 460,
      refunded: 1400,
      product: 2800 + 1500,
      category: 2800 + 1500,
      bound: 2800 + 1500,
    });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    // The refund's goods (1,400 €) at the order's total pair less its shipping at the shipping pair.
    const refundBase = Math.round((1860 * 3543) / 3260) - 500;
    expect(await figures()).toEqual({
      subtotal: 3043 + 1500,
      shipping: 500,
      refunded: refundBase,
      product: 3043 + 1500,
      category: 3043 + 1500,
      bound: 3043 + 1500,
    });
    const { rows } = await client.query<{ sales_amount: number }>(
      'SELECT sales_amount::int AS sales_amount FROM refunds',
    );
    expect(rows).toEqual([{ sales_amount: refundBase }]);
    await client.close();
  });
});
