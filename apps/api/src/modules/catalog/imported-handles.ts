import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** The slug of the live product an imported handle belongs to (Shopify's /products/:handle), if any. */
export async function slugForImportedHandle(db: Db, handle: string): Promise<string | undefined> {
  const [row] = await queryRows<{ slug: string }>(
    db,
    sql`SELECT p.slug FROM product_handles h JOIN products p ON p.id = h.product_id
      WHERE h.handle = ${handle} AND p.deleted_at IS NULL AND p.is_visible`,
  );
  return row?.slug;
}
