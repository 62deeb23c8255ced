// The demo shop's product reviews: most products have a few, of mixed length and mood, from the
// demo's own buyers where a delivered order of the product exists (shown as "Verified buyer"), with
// a few replies from the shop and a couple waiting in the moderation queue.
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { DEMO_REVIEWS } from './demo-review-texts.ts';
import { seedId } from './seed-id.ts';

/** Names shown with the reviews that no demo order backs (they read as not from a verified buyer). */
const OTHER_NAMES = [
  'Sam K.',
  'Priya N.',
  'Leo M.',
  'Hannah B.',
  'Tomás G.',
  'Aiko S.',
  'Marcus T.',
  'Elena V.',
];

interface Buyer {
  order_id: string;
  customer_id: string | null;
  email: string;
  author: string;
  delivered_ms: number;
}

/**
 * Inserts the demo reviews: each one by a different delivered buyer of the product where there is
 * one (the newest buyer first), otherwise by a shopper without an order. Published a few days after
 * delivery, never after `now`.
 */
export async function seedDemoReviews(tx: Tx, now: Date): Promise<void> {
  let other = 0;
  for (const [sku, reviews] of Object.entries(DEMO_REVIEWS)) {
    const productId = seedId(`product:${sku}`);
    const buyers = await queryRows<Buyer>(
      tx,
      sql`SELECT * FROM (
          SELECT DISTINCT ON (lower(o.customer_email)) o.id AS order_id, o.customer_id,
            lower(o.customer_email) AS email,
            trim(coalesce(o.customer_first_name, '') || ' ' || coalesce(left(o.customer_last_name, 1) || '.', '')) AS author,
            (extract(epoch FROM coalesce((SELECT max(f.delivered_at) FROM fulfilments f WHERE f.order_id = o.id),
              o.created_at)) * 1000)::float8 AS delivered_ms
          FROM orders o
          WHERE o.status = 'delivered' AND o.payment_status IN ('paid', 'partially_refunded')
            AND o.customer_email IS NOT NULL
            AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = ${productId})
          ORDER BY lower(o.customer_email), o.created_at DESC) b
        ORDER BY b.delivered_ms DESC, b.email`,
    );
    for (const [i, review] of reviews.entries()) {
      const buyer = buyers[i];
      const name = OTHER_NAMES[other % OTHER_NAMES.length]!;
      const email = buyer?.email ?? `reviewer-${++other}@example.com`;
      const publishedAt = new Date(
        Math.min(now.getTime(), (buyer?.delivered_ms ?? now.getTime()) + (3 + i * 2) * 86_400_000) -
          i * 3_600_000,
      );
      await tx.execute(
        sql`INSERT INTO product_reviews (product_id, user_id, order_id, email, author_name, rating, title, body,
            verified, status, reply, replied_at, published_at, created_at, updated_at)
          VALUES (${productId}, ${buyer?.customer_id ?? null}, ${buyer?.order_id ?? null}, ${email},
            ${buyer?.author || name}, ${review.rating}, ${review.title}, ${review.body}, ${Boolean(buyer)},
            ${review.pending ? 'pending' : 'published'}, ${review.reply ?? null},
            ${review.reply ? publishedAt.toISOString() : null}, ${review.pending ? null : publishedAt.toISOString()},
            ${publishedAt.toISOString()}, ${publishedAt.toISOString()})`,
      );
    }
  }
}
