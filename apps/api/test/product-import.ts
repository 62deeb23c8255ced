import { readFileSync } from 'node:fs';
import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import type { ManagerSuite } from './catalog-app.ts';

// The products CSV import's tests: the CSV files under e2e/fixtures/ (the e2e imports the same ones)
// and requests as the suite's manager.

/** A CSV file of e2e/fixtures/, as text. */
export const fixture = (name: string) =>
  readFileSync(new URL(`../../../e2e/fixtures/${name}`, import.meta.url), 'utf8');

/** Sends a CSV to the import (a preview when dryRun), counts rows and reads a product by SKU. */
export function importer(suite: ManagerSuite) {
  const send = (csv: string, dryRun: boolean) =>
    suite.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/import?dry_run=${dryRun}`,
      headers: { cookie: suite.manager, 'content-type': 'text/csv' },
      payload: csv,
    });
  const count = async (table: string) =>
    (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!
      .n;
  const product = async (sku: string): Promise<AdminProductDetail> => {
    const [row] = await queryRows<{ id: string }>(
      suite.ctx.db,
      sql`SELECT id FROM products WHERE sku = ${sku}`,
    );
    const res = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/products/${row!.id}`,
      headers: { cookie: suite.manager },
    });
    return res.json();
  };
  return { send, count, product };
}
