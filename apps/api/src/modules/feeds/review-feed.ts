import { absoluteUrl, productUrl } from '@cartwheel/shared/seo';
import { sql } from 'drizzle-orm';
import { XMLBuilder } from 'fast-xml-parser';
import { type Db, queryRows } from '../../db/client.ts';
import { feedText } from './feeds.service.ts';

// Google takes product ratings through its Product Ratings programme's own feed (Product Review Feed
// schema 2.4), not the Merchant Center product feed: every published review of a product the feeds
// list, matched to the product by GTIN, brand + MPN, SKU and URL.

const SCHEMA = 'http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd';

interface ReviewRow {
  id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  published_at: string;
  product_name: string;
  slug: string;
  sku: string;
  gtin: string | null;
  mpn: string | null;
  brand: string | null;
  photos: string[] | null;
}

/**
 * The published reviews of visible products included in sales channels, newest first, with their
 * photos that staff did not hide. Google expects the whole set each time: a review left out is
 * removed from Google.
 */
export async function feedReviews(db: Db): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    db,
    sql`SELECT r.id, r.author_name, r.rating, r.title, r.body, to_json(r.published_at) #>> '{}' AS published_at,
        p.name AS product_name, p.slug, p.sku, p.gtin, p.mpn, b.name AS brand,
        (SELECT array_agg(ph.url ORDER BY ph.created_at, ph.id) FROM product_review_photos ph
          WHERE ph.review_id = r.id AND NOT ph.hidden) AS photos
      FROM product_reviews r JOIN products p ON p.id = r.product_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE r.status = 'published' AND p.is_visible AND p.deleted_at IS NULL AND p.sales_channels
      ORDER BY r.published_at DESC, r.id`,
  );
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/** Google's Product Review Feed: the XML builder escapes every text; feedText removes what XML cannot carry. */
export function googleReviewsXml(reviews: ReviewRow[], shop: { name: string; publicUrl: string }): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    feed: {
      '@_xmlns:vc': 'http://www.w3.org/2007/XMLSchema-versioning',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:noNamespaceSchemaLocation': SCHEMA,
      version: '2.4',
      publisher: { name: feedText(shop.name, 200) },
      reviews: {
        review: reviews.map((r) => {
          const link = productUrl(shop.publicUrl, r.slug);
          const brand = r.brand ? feedText(r.brand, 70) : null;
          return {
            review_id: r.id,
            reviewer: { name: feedText(r.author_name, 100) },
            review_timestamp: new Date(r.published_at).toISOString(),
            title: feedText(r.title, 200),
            content: feedText(r.body, 5000),
            // The review is shown on the product page among others.
            review_url: { '@_type': 'group', '#text': link },
            ...(r.photos?.length
              ? {
                  reviewer_images: {
                    reviewer_image: r.photos.map((url) => ({ url: absoluteUrl(shop.publicUrl, url) })),
                  },
                }
              : {}),
            ratings: { overall: { '@_min': '1', '@_max': '5', '#text': String(r.rating) } },
            products: {
              product: {
                product_ids: {
                  ...(r.gtin ? { gtins: { gtin: r.gtin } } : {}),
                  // Google matches an MPN together with its brand.
                  ...(r.mpn && brand ? { mpns: { mpn: r.mpn } } : {}),
                  skus: { sku: r.sku },
                  ...(brand ? { brands: { brand } } : {}),
                },
                product_name: feedText(r.product_name, 150),
                product_url: link,
              },
            },
            is_spam: 'false',
          };
        }),
      },
    },
  });
}
