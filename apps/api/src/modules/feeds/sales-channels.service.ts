import type { ProductSalesChannels, ShopChannel } from '@cartwheel/shared/contracts/sales-channels';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { buildFeed } from './feeds.service.ts';

/** The Shop channel screen: the feeds' URLs and item counts, and the products they leave out. */
export async function shopChannel(db: Db, publicUrl: string): Promise<ShopChannel> {
  const [feed, [reviews]] = await Promise.all([
    buildFeed(db, publicUrl),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM product_reviews r JOIN products p ON p.id = r.product_id
        WHERE r.status = 'published' AND p.is_visible AND p.deleted_at IS NULL AND p.sales_channels`,
    ),
  ]);
  return {
    feeds: [
      {
        name: 'Google Merchant Center',
        url: `${publicUrl}/feeds/google.xml`,
        format: 'xml',
        items: feed.items.length,
      },
      {
        name: 'Google product ratings',
        url: `${publicUrl}/feeds/google-reviews.xml`,
        format: 'xml',
        items: reviews?.n ?? 0,
      },
      { name: 'Meta catalog', url: `${publicUrl}/feeds/meta.csv`, format: 'csv', items: feed.items.length },
    ],
    products_listed: feed.productsListed,
    products_total: feed.productsTotal,
    issues: feed.issues,
  };
}

type ChannelRow = { id: string; sales_channels: boolean; gtin: string | null; mpn: string | null };
const toChannels = (row: ChannelRow): ProductSalesChannels => ({
  id: row.id,
  included: row.sales_channels,
  gtin: row.gtin,
  mpn: row.mpn,
});

export async function getProductSalesChannels(db: Db, productId: string): Promise<ProductSalesChannels> {
  const [row] = await queryRows<ChannelRow>(
    db,
    sql`SELECT id, sales_channels, gtin, mpn FROM products WHERE id = ${productId} AND deleted_at IS NULL`,
  );
  if (!row) throw notFound('product_not_found', 'Product not found');
  return toChannels(row);
}

/** Sets a product's "Include in sales channels" switch and, when given, its GTIN and MPN. */
export async function setProductSalesChannels(
  db: Db,
  productId: string,
  body: { included: boolean; gtin?: string | null | undefined; mpn?: string | null | undefined },
): Promise<ProductSalesChannels> {
  const [row] = await queryRows<{
    id: string;
    sales_channels: boolean;
    gtin: string | null;
    mpn: string | null;
  }>(
    db,
    sql`UPDATE products SET sales_channels = ${body.included},
          gtin = ${body.gtin === undefined ? sql`gtin` : body.gtin},
          mpn = ${body.mpn === undefined ? sql`mpn` : body.mpn},
          updated_at = now()
        WHERE id = ${productId} AND deleted_at IS NULL
        RETURNING id, sales_channels, gtin, mpn`,
  );
  if (!row) throw notFound('product_not_found', 'Product not found');
  return toChannels(row);
}

/** Includes or excludes many products at once; answers how many it changed. */
export async function bulkSetSalesChannels(
  db: Db,
  ids: string[],
  included: boolean,
): Promise<{ updated: number }> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE products SET sales_channels = ${included}, updated_at = now()
        WHERE id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))::uuid[])
          AND deleted_at IS NULL AND sales_channels <> ${included}
        RETURNING id`,
  );
  return { updated: rows.length };
}
